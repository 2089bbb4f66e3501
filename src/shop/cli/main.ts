#!/usr/bin/env node
// The `wc-legacy-api` bin: `wc-legacy-api import SNAPSHOT --database-url URL`, `wc-legacy-api serve` and
// `wc-legacy-api export --from-woocommerce URL --output FILE` (their options in commands.ts), `--version`, `--help` and `COMMAND --help`. Exit status 0 on success,
// 1 when the snapshot is invalid or cannot be stored, 2 on usage, file or database errors, 130 when interrupted.
// Failures are one clear message on stderr, never a stack trace, and never show the password of a database URL.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { argsErrorMessage, didYouMean } from '../../common/cli-args';
import { packageVersion } from '../../common/package-version';
import { CliError, messageOf } from './cli-error';
import { COMMAND_NAMES, COMMANDS, commandHelp, EXPORT_OPTIONS, GLOBAL_OPTIONS, IMPORT_OPTIONS, MIGRATE_OPTIONS, OPENAPI_OPTIONS, SERVE_OPTIONS, topLevelHelp, type CommandName } from './commands';
import { runExport } from './export-command';
import { storageOption } from './woocommerce-source';
import { runImport } from './import-command';
import { runMigrate } from './migrate-command';
import { runOpenApi } from './openapi-command';
import { runServe } from './serve-command';

/** A usage error: one sentence and where the help is, not the whole usage, so the mistake stays on the screen. */
function fail(message: string, command?: CommandName): never {
  throw new CliError(`${command === undefined ? '' : `${command}: `}${message}\nRun "wc-legacy-api ${command === undefined ? '' : `${command} `}--help" for ${command === undefined ? 'the commands' : 'its options'}.`);
}

/** A command's arguments that parseArgs refused, as a usage error naming the command. */
function badArguments(command: CommandName, error: unknown): never {
  const message = argsErrorMessage(error, COMMANDS[command].options);
  // An option of another command, such as `serve --batch-size`, says whose it is.
  const option = /^unknown option --([\w-]+)$/.exec(message)?.[1];
  const owners = option === undefined ? [] : COMMAND_NAMES.filter((name) => name !== command && option in COMMANDS[name].options);
  fail(owners.length > 0 ? `${message} (an option of ${owners.join(' and ')})` : message, command);
}

/** A command's arguments, parsed by its option table; `undefined` when `--help` was asked for (and printed). */
function commandArgs<const O extends NonNullable<ParseArgsConfig['options']>>(command: CommandName, options: O, args: readonly string[]) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: O }>>;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, strict: true, options });
  } catch (error) {
    badArguments(command, error);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(commandHelp(command));
    return undefined;
  }
  return parsed;
}

/**
 * The signal a long command stops on: the first Ctrl-C or SIGTERM aborts it (with `say` on standard error first), a
 * second Ctrl-C exits at once with 130.
 */
function interruption(say?: string): AbortSignal {
  const controller = new AbortController();
  const interrupt = () => {
    if (say !== undefined) process.stderr.write(say);
    controller.abort(new Error('interrupted'));
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  return controller.signal;
}

function positiveInt(text: string | undefined, name: string, min = 1): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) throw new CliError(`${name} must be an integer of at least ${min}, got "${text}"`);
  return n;
}

async function importCommand(args: readonly string[]): Promise<number> {
  const parsed = commandArgs('import', IMPORT_OPTIONS, args);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  const fromWooCommerce = values['from-woocommerce'];
  if (fromWooCommerce !== undefined && positionals.length > 0) fail(`import takes a SNAPSHOT file or --from-woocommerce URL, not both ("${positionals[0]}")`, 'import');
  if (fromWooCommerce === undefined && (values['table-prefix'] !== undefined || values.storage !== undefined)) fail('--table-prefix and --storage go with --from-woocommerce URL', 'import');
  if (fromWooCommerce === undefined && positionals.length !== 1) fail('import needs exactly one SNAPSHOT file (or --from-woocommerce URL)', 'import');
  const databaseUrl = values['database-url'];
  if (databaseUrl === undefined) fail('import needs --database-url URL', 'import');
  const signal = interruption('\nwc-legacy-api: cancelling the import (rolling back)...\n');
  await runImport({
    file: positionals[0] ?? 'the WooCommerce store',
    fromWooCommerce: fromWooCommerce === undefined ? undefined : { url: fromWooCommerce, tablePrefix: values['table-prefix'], storage: storageOption(values.storage) },
    databaseUrl,
    batchSize: positiveInt(values['batch-size'], '--batch-size'),
    maxValueBytes: positiveInt(values['max-value-bytes'], '--max-value-bytes'),
    ...progressOutput(),
    signal,
  });
  return 0;
}

/** Where a long command prints: results on stdout, progress on stderr. */
function progressOutput() {
  return {
    out: (line: string) => process.stdout.write(`${line}\n`),
    progressOut: process.stderr,
    // How often a progress line is printed when stderr is not a terminal (tests shorten it).
    progressEveryMs: positiveInt(process.env.WC_LEGACY_API_PROGRESS_EVERY_MS, 'WC_LEGACY_API_PROGRESS_EVERY_MS', 0),
  };
}

async function exportCommand(args: readonly string[]): Promise<number> {
  const parsed = commandArgs('export', EXPORT_OPTIONS, args);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  if (positionals.length > 0) fail(`export takes no file argument (use --output ${positionals[0]})`, 'export');
  const fromWooCommerce = values['from-woocommerce'];
  if (fromWooCommerce === undefined) fail('export needs --from-woocommerce URL', 'export');
  if (values.output === undefined) fail('export needs --output FILE', 'export');
  const signal = interruption();
  await runExport({
    fromWooCommerce,
    tablePrefix: values['table-prefix'],
    storage: storageOption(values.storage),
    output: values.output,
    ...progressOutput(),
    signal,
  });
  return 0;
}

async function serveCommand(args: readonly string[]): Promise<number> {
  const parsed = commandArgs('serve', SERVE_OPTIONS, args);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  if (positionals.length > 0) fail(`serve takes no file argument (use --data ${positionals[0]})`, 'serve');
  const databaseUrl = values['database-url'];
  const woocommerceUrl = values['woocommerce-url'];
  if (values.data !== undefined && databaseUrl !== undefined) fail('serve takes --data SNAPSHOT or --database-url URL, not both', 'serve');
  if (woocommerceUrl !== undefined && (values.data ?? databaseUrl) !== undefined) fail('serve takes --woocommerce-url URL alone, without --data or --database-url', 'serve');
  if (values['table-prefix'] !== undefined && woocommerceUrl === undefined) fail('--table-prefix goes with --woocommerce-url URL', 'serve');
  if (values['rest-url'] !== undefined && woocommerceUrl === undefined) fail('--rest-url goes with --woocommerce-url URL', 'serve');
  const running = await runServe({
    data: values.data,
    databaseUrl,
    woocommerceUrl,
    tablePrefix: values['table-prefix'],
    restUrl: values['rest-url'],
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

async function migrateCommand(args: readonly string[]): Promise<number> {
  const parsed = commandArgs('migrate', MIGRATE_OPTIONS, args);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  if (positionals.length > 0) fail(`migrate takes no file argument ("${positionals[0]}")`, 'migrate');
  const databaseUrl = values['database-url'];
  if (databaseUrl === undefined) fail('migrate needs --database-url URL', 'migrate');
  await runMigrate({ databaseUrl, out: (line) => process.stdout.write(`${line}\n`) });
  return 0;
}

async function openApiCommand(args: readonly string[]): Promise<number> {
  const parsed = commandArgs('openapi', OPENAPI_OPTIONS, args);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  if (positionals.length > 0) fail(`openapi takes no argument ("${positionals[0]}")`, 'openapi');
  // A reader that stops early (`| head`) closes the pipe: that is not a failure of this command.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  await runOpenApi({ basePath: values['base-path'], serverUrl: values['server-url'], out: (text) => process.stdout.write(text) });
  return 0;
}

const RUN: Record<CommandName, (args: readonly string[]) => Promise<number>> = { import: importCommand, export: exportCommand, serve: serveCommand, migrate: migrateCommand, openapi: openApiCommand };

/** `--help`, `--version` or a mistake, when the arguments start with an option instead of a command. */
function globalOptions(args: readonly string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, strict: true, options: GLOBAL_OPTIONS });
  } catch (error) {
    const message = argsErrorMessage(error, GLOBAL_OPTIONS);
    const option = /^unknown option --([\w-]+)/.exec(message)?.[1];
    const owners = option === undefined ? [] : COMMAND_NAMES.filter((name) => option in COMMANDS[name].options);
    fail(owners.length > 0 ? `--${option} is an option of ${owners.join(' and ')}: write it after the command (wc-legacy-api ${owners[0]} --${option} ...)` : message);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${packageVersion(import.meta.url)}\n`);
    return 0;
  }
  if (values.help) return help(positionals);
  fail('a command is needed');
}

function help(args: readonly string[]): number {
  const [name] = args;
  if (name === undefined) process.stdout.write(topLevelHelp());
  else if (isCommand(name)) process.stdout.write(commandHelp(name));
  else fail(unknownCommand(name));
  return 0;
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

function unknownCommand(name: string): string {
  return `unknown command "${name}"${didYouMean(name, COMMAND_NAMES)}`;
}

async function main(args: readonly string[]): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) fail('a command is needed');
  if (first === 'help') return help(rest);
  if (first.startsWith('-')) return globalOptions(args);
  if (!isCommand(first)) fail(unknownCommand(first));
  return RUN[first](rest);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const cliError = error instanceof CliError ? error : new CliError(`unexpected failure: ${messageOf(error)}`);
  process.stderr.write(`wc-legacy-api: ${cliError.message}\n`);
  process.exitCode = cliError.exitCode;
}
