#!/usr/bin/env node
// The `wc-legacy-api` bin: `wc-legacy-api import SNAPSHOT --database-url URL` and `wc-legacy-api serve`. Exit status 0 on success,
// 1 when the snapshot is invalid or cannot be stored, 2 on usage, file or database errors, 130 when interrupted.
// Failures are one clear message on stderr, never a stack trace, and never show the password of a database URL.
import { parseArgs } from 'node:util';
import { CliError, messageOf } from './cli-error';
import { runImport } from './import-command';
import { runMigrate } from './migrate-command';
import { runServe } from './serve-command';

const USAGE = `Usage: wc-legacy-api import SNAPSHOT --database-url URL [--batch-size N] [--max-value-bytes N]
       wc-legacy-api serve [--data SNAPSHOT | --database-url URL] [--port N] [--host HOST]
       wc-legacy-api migrate --database-url URL

Commands:
  import   create or upgrade the shop schema, then import a JSON shop snapshot (any size: it is streamed) in one
           transaction; progress on stderr, Ctrl-C cancels and nothing stays imported
  serve    serve the WooCommerce legacy v1 shop API from a snapshot file or a database (without either: the small
           example shop shipped with wc-legacy-api), with a fresh API key; never changes a database's schema
  migrate  create or upgrade the shop schema of a database, nothing else (serve needs it current)

Options:
  --database-url URL   postgres://USER:PASSWORD@HOST:5432/DB (needs the "pg" package), or pglite:DIR or
                       pglite:memory (needs "@electric-sql/pglite"); add ?options=-c%20search_path%3DSCHEMA for a schema
  --data SNAPSHOT      serve: a JSON shop snapshot file, loaded into memory
  --batch-size N       import: orders per batch (default 1000)
  --max-value-bytes N  import: longest order (or other value) the snapshot may hold (default 16777216, 16 MiB)
  --port N             serve: port (default $PORT or 8080; 0 picks a free port)
  --host HOST          serve: address to listen on (default $HOST or 127.0.0.1)
  -h, --help           show this help

Environment (serve --database-url): WC_LEGACY_API_POOL_SIZE connections (default twice the cores, 4 to 20),
WC_LEGACY_API_STATEMENT_TIMEOUT_MS per-request database budget (default 5000; past it: 503 with Retry-After).

Exit status: 0 done, 1 invalid snapshot, 2 usage, file or database error, 130 interrupted.
`;

function fail(message: string): never {
  throw new CliError(`${message}\n\n${USAGE}`);
}

function positiveInt(text: string | undefined, name: string, min = 1): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) fail(`${name} must be an integer of at least ${min}, got "${text}"`);
  return n;
}

async function main(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        'database-url': { type: 'string' },
        data: { type: 'string' },
        'batch-size': { type: 'string' },
        'max-value-bytes': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail(messageOf(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const databaseUrl = values['database-url'];
  if (command === 'import') {
    if (rest.length !== 1) fail('import needs exactly one SNAPSHOT file');
    if (databaseUrl === undefined) fail('import needs --database-url URL');
    if (values.data !== undefined || values.port !== undefined || values.host !== undefined) fail('import takes no --data, --port or --host');
    const controller = new AbortController();
    const interrupt = () => {
      process.stderr.write('\nwc-legacy-api: cancelling the import (rolling back)...\n');
      controller.abort(new Error('interrupted'));
      process.once('SIGINT', () => process.exit(130));
    };
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    await runImport({
      file: rest[0] as string,
      databaseUrl,
      batchSize: positiveInt(values['batch-size'], '--batch-size'),
      maxValueBytes: positiveInt(values['max-value-bytes'], '--max-value-bytes'),
      out: (line) => process.stdout.write(`${line}\n`),
      progressOut: process.stderr,
      // How often a progress line is printed when stderr is not a terminal (tests shorten it).
      progressEveryMs: positiveInt(process.env.WC_LEGACY_API_PROGRESS_EVERY_MS, 'WC_LEGACY_API_PROGRESS_EVERY_MS', 0),
      signal: controller.signal,
    });
    return 0;
  }
  if (command === 'migrate') {
    if (rest.length > 0) fail('migrate takes no file argument');
    if (databaseUrl === undefined) fail('migrate needs --database-url URL');
    const extra = ['data', 'batch-size', 'max-value-bytes', 'port', 'host'].filter((name) => values[name as keyof typeof values] !== undefined);
    if (extra.length > 0) fail(`migrate takes only --database-url (got --${extra.join(', --')})`);
    await runMigrate({ databaseUrl, out: (line) => process.stdout.write(`${line}\n`) });
    return 0;
  }
  if (command === 'serve') {
    if (rest.length > 0) fail(`serve takes no file argument (use --data ${rest[0]})`);
    if (values.data !== undefined && databaseUrl !== undefined) fail('serve takes --data SNAPSHOT or --database-url URL, not both');
    if (values['batch-size'] !== undefined || values['max-value-bytes'] !== undefined) fail('serve takes no --batch-size or --max-value-bytes');
    const running = await runServe({
      data: values.data,
      databaseUrl,
      port: positiveInt(values.port ?? process.env.PORT ?? '8080', '--port', 0) as number,
      host: values.host ?? process.env.HOST ?? '127.0.0.1',
      out: (line) => process.stdout.write(`${line}\n`),
    });
    await new Promise<void>((resolve) => {
      const stop = (signal: string) => {
        process.stdout.write(`wc-legacy-api: stopping (${signal})\n`);
        void running.stop().then(resolve);
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
    return 0;
  }
  fail(command === undefined ? 'a command is needed' : `unknown command "${command}"`);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const cliError = error instanceof CliError ? error : new CliError(`unexpected failure: ${messageOf(error)}`);
  process.stderr.write(`wc-legacy-api: ${cliError.message}\n`);
  process.exitCode = cliError.exitCode;
}
