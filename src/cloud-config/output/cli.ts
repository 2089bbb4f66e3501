#!/usr/bin/env node
// The `validate-cloud-config` bin: validates user-data files for build pipelines. Exit status 0
// when every file is valid, 1 when any is invalid (with --strict, also when any has deprecations
// or warnings), 2 on usage or I/O errors, so scripts can tell "bad config" from "bad invocation".
import { readFile } from 'node:fs/promises';
import type { CloudConfigResult } from '../cloud-config-result';
import { formatCloudConfigResult } from './format-cloud-config-result';
import { validateCloudConfig } from '../validate-cloud-config';

const USAGE = `Usage: validate-cloud-config [options] FILE... | -

Validate cloud-init #cloud-config user data against the cloud-config schema.
FILE "-" reads standard input.

Options:
  --json             print one JSON result per file (JSON lines)
  --annotate         print each file with markers on the failing lines
  --strict           treat deprecations and warnings as failures
  --no-header-check  validate text without a "#cloud-config" first line
  -h, --help         show this help

Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.
`;

interface CliOptions {
  json: boolean;
  annotate: boolean;
  strict: boolean;
  requireHeader: boolean;
  files: string[];
}

function parseArgs(args: readonly string[]): CliOptions | 'help' | { error: string } {
  const options: CliOptions = { json: false, annotate: false, strict: false, requireHeader: true, files: [] };
  let onlyFiles = false;
  for (const arg of args) {
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) options.files.push(arg);
    else if (arg === '--') onlyFiles = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--annotate') options.annotate = true;
    else if (arg === '--strict') options.strict = true;
    else if (arg === '--no-header-check') options.requireHeader = false;
    else if (arg === '-h' || arg === '--help') return 'help';
    else return { error: `unknown option ${arg}` };
  }
  if (options.files.length === 0) return { error: 'no FILE given (use - for standard input)' };
  if (options.json && options.annotate) return { error: '--json and --annotate cannot be combined' };
  return options;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function fails(result: CloudConfigResult, strict: boolean): boolean {
  return !result.valid || (strict && (result.deprecations.length > 0 || result.warnings.length > 0));
}

/** Runs the CLI with the given arguments; resolves to the exit status. */
async function main(args: readonly string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (parsed === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if ('error' in parsed) {
    process.stderr.write(`validate-cloud-config: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  let status = 0;
  for (const file of parsed.files) {
    const name = file === '-' ? '<stdin>' : file;
    let bytes: Buffer;
    try {
      bytes = file === '-' ? await readStdin() : await readFile(file);
    } catch (error) {
      process.stderr.write(`validate-cloud-config: cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      status = 2;
      continue;
    }
    const result = validateCloudConfig(bytes, { requireHeader: parsed.requireHeader });
    if (parsed.json) {
      // The parsed config is left out on purpose: it may hold passwords and keys.
      const { valid, errors, deprecations, warnings } = result;
      process.stdout.write(`${JSON.stringify({ file: name, valid, errors, deprecations, warnings })}\n`);
    } else {
      // gzip user data has no readable source to annotate; its issues are listed plainly.
      const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
      process.stdout.write(formatCloudConfigResult(result, { name, annotate: parsed.annotate, ...(gzip ? {} : { source: bytes.toString('utf8') }) }));
    }
    if (fails(result, parsed.strict) && status === 0) status = 1;
  }
  return status;
}

process.exitCode = await main(process.argv.slice(2));
