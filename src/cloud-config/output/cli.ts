#!/usr/bin/env node
// The `validate-cloud-config` bin: validates user-data files where a pipeline ran `cloud-init
// schema -c FILE`. Exit status 0 when every file is valid, 1 when any is invalid (with --strict,
// also when any has deprecations or warnings), 2 on usage or I/O errors, so scripts can tell "bad
// config" from "bad invocation".
import { readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CloudConfigResult } from '../cloud-config-result';
import { CLOUD_CONFIG_TARGETS, LATEST_CLOUD_INIT_VERSION, targetOf, type CloudInitVersion } from '../targets/targets';
import { expandInputs, readInput, type CliInput } from './cli-inputs';
import { formatCloudConfigResult } from './format-cloud-config-result';
import { SCHEMA_TYPES, asNetworkConfigText, networkConfigHint, validateNetworkConfigInput, type SchemaType } from './network-config-cli';
import { validateCloudConfig } from '../validate-cloud-config';

const DEFAULT_MAX_BYTES = 1024 * 1024;
const RELEASES = CLOUD_CONFIG_TARGETS.filter((t) => t !== 'spec');

const USAGE = `Usage: validate-cloud-config [options] FILE|DIR... | -

Validate cloud-init #cloud-config user data against the cloud-config schema.
FILE "-" reads standard input; a DIR stands for its *.yaml, *.yml, *.cfg, *.txt and user-data* files.

Options:
  -c, --config-file FILE        a file to validate (as in cloud-init schema -c); repeatable
  -t, --schema-type TYPE        cloud-config (default) or network-config (version 1 or 2, checked
                                against cloud-init 26.2's network-config schemas)
  --cloud-init-version VERSION  agree with that cloud-init release: ${RELEASES.join(', ')} or latest (${LATEST_CLOUD_INIT_VERSION});
                                default: the specification
  -i, --instance-data FILE      instance data (JSON) to render "## template: jinja" user data
  --max-bytes N                 largest input read, in bytes (default ${DEFAULT_MAX_BYTES})
  --max-issues N                most issues listed per file (default 100; the rest are counted)
  --json                        print one JSON result per file (JSON lines)
  --annotate                    print each file with markers on the failing lines
  --strict                      treat deprecations and warnings as failures
  --no-header-check             validate text without a "#cloud-config" first line
  --version                     print the package version
  -h, --help                    show this help

Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.
`;

interface CliOptions {
  readonly json: boolean;
  readonly annotate: boolean;
  readonly strict: boolean;
  readonly requireHeader: boolean;
  readonly maxBytes: number;
  readonly maxIssues: number | undefined;
  readonly cloudInitVersion: CloudInitVersion | undefined;
  readonly instanceData: Record<string, unknown> | undefined;
  readonly files: readonly string[];
  readonly schemaType: SchemaType | undefined;
}

type Parsed = CliOptions | 'help' | 'version' | { readonly error: string };

function readInstanceData(path: string): { data: Record<string, unknown> } | { error: string } {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? { data: data as Record<string, unknown> } : { error: `${path} is not a JSON object` };
  } catch (error) {
    return { error: `cannot read instance data ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
}

function parse(args: readonly string[]): Parsed {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        'config-file': { type: 'string', short: 'c', multiple: true },
        'schema-type': { type: 'string', short: 't' },
        'cloud-init-version': { type: 'string' },
        'instance-data': { type: 'string', short: 'i' },
        'max-bytes': { type: 'string' },
        'max-issues': { type: 'string' },
        json: { type: 'boolean' },
        annotate: { type: 'boolean' },
        strict: { type: 'boolean' },
        'no-header-check': { type: 'boolean' },
        version: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const option = /'(-[^']*)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return { error: `unknown option ${option}` };
    return { error: message.replace(/^\w/, (c) => c.toLowerCase()) };
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const version = values['cloud-init-version'];
  if (version !== undefined && (version === 'spec' || targetOf(version) === undefined)) {
    return { error: `unknown --cloud-init-version ${version} (known: ${RELEASES.join(', ')}, latest)` };
  }
  const schemaType = values['schema-type'];
  if (schemaType !== undefined && !(SCHEMA_TYPES as readonly string[]).includes(schemaType)) return { error: `unknown --schema-type ${schemaType} (known: ${SCHEMA_TYPES.join(', ')})` };
  if (schemaType === 'network-config' && version !== undefined && version !== 'latest' && version !== '26.2') {
    return { error: `-t network-config checks cloud-init 26.2's network-config schemas; --cloud-init-version ${version} is not supported with it` };
  }
  const maxBytes = values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : Number(values['max-bytes']);
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) return { error: `--max-bytes needs a positive whole number of bytes, got ${values['max-bytes']}` };
  const maxIssues = values['max-issues'] === undefined ? undefined : Number(values['max-issues']);
  if (maxIssues !== undefined && (!Number.isSafeInteger(maxIssues) || maxIssues <= 0)) return { error: `--max-issues needs a positive whole number, got ${values['max-issues']}` };
  let instanceData: Record<string, unknown> | undefined;
  if (values['instance-data'] !== undefined) {
    const read = readInstanceData(values['instance-data']);
    if ('error' in read) return read;
    instanceData = read.data;
  }
  const files = [...(values['config-file'] ?? []), ...positionals];
  if (files.length === 0) return { error: 'no FILE given (use - for standard input)' };
  if (values.json && values.annotate) return { error: '--json and --annotate cannot be combined' };
  return {
    json: values.json ?? false,
    annotate: values.annotate ?? false,
    strict: values.strict ?? false,
    requireHeader: !(values['no-header-check'] ?? false),
    maxBytes,
    maxIssues,
    cloudInitVersion: version as CloudInitVersion | undefined,
    instanceData,
    files,
    schemaType: schemaType as SchemaType | undefined,
  };
}

/** The package's version, from the package.json above this module (in the source tree or in dist). */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'wc-legacy-api' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not here; look further up
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

/** Why a valid result fails under --strict, if it does. */
function strictFailure(result: CloudConfigResult, strict: boolean): string | undefined {
  if (!strict || !result.valid) return undefined;
  const deprecations = result.deprecations.length + (result.unlisted?.deprecations ?? 0);
  const warnings = result.warnings.length + (result.unlisted?.warnings ?? 0);
  const parts = [...(deprecations > 0 ? [`${deprecations} deprecation${deprecations === 1 ? '' : 's'}`] : []), ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : [])];
  return parts.length > 0 ? `--strict: ${parts.join(' and ')}` : undefined;
}

function tooLarge(options: CliOptions): CloudConfigResult {
  const message = `the input is larger than ${options.maxBytes} bytes (--max-bytes); not read further`;
  return { valid: false, target: targetOf(options.cloudInitVersion) ?? 'spec', errors: [{ code: 'input_too_large', path: '', pointer: '', message }], deprecations: [], warnings: [], config: undefined };
}

async function validateInput(input: CliInput, options: CliOptions): Promise<{ result: CloudConfigResult; source?: string } | { error: string }> {
  let read;
  try {
    read = await readInput(input, options.maxBytes);
  } catch (error) {
    return { error: `cannot read ${input.name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  if ('tooLarge' in read) return { result: tooLarge(options) };
  if (options.schemaType === 'network-config') return { result: validateNetworkConfigInput(read.bytes, options.maxBytes, options.maxIssues), source: read.bytes.toString('utf8') };
  const result = validateCloudConfig(read.bytes, {
    requireHeader: options.requireHeader,
    maxBytes: options.maxBytes,
    maxIssues: options.maxIssues,
    cloudInitVersion: options.cloudInitVersion,
    instanceData: options.instanceData,
  });
  // gzip user data has no readable source to annotate; its issues are listed plainly.
  const gzip = read.bytes[0] === 0x1f && read.bytes[1] === 0x8b;
  return gzip ? { result } : { result, source: read.bytes.toString('utf8') };
}

// A reader that stops early (`validate-cloud-config dir | head -1`) closes the pipe: stop quietly,
// without a stack trace, as other command-line tools do.
function stopOnClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
}

let viaStream = false;

/**
 * Writes to standard output through its file descriptor: `process.stdout` on a pipe is a socket
 * whose machinery would be loaded on every run, a part of its cold start. A non-blocking
 * descriptor that is full (EAGAIN) hands the rest, and every later write, to `process.stdout`.
 */
function writeOut(text: string): void {
  if (viaStream) {
    process.stdout.write(text);
    return;
  }
  let bytes = Buffer.from(text);
  try {
    while (bytes.length > 0) bytes = bytes.subarray(writeSync(1, bytes));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return stopOnClosedPipe(error as NodeJS.ErrnoException);
    viaStream = true;
    process.stdout.on('error', stopOnClosedPipe);
    process.stdout.write(bytes);
  }
}

/** Runs the CLI with the given arguments; resolves to the exit status. */
async function main(args: readonly string[]): Promise<number> {
  const parsed = parse(args);
  if (parsed === 'help') {
    writeOut(USAGE);
    return 0;
  }
  if (parsed === 'version') {
    writeOut(`${packageVersion()}\n`);
    return 0;
  }
  if ('error' in parsed) {
    process.stderr.write(`validate-cloud-config: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const { inputs, problems } = expandInputs(parsed.files);
  let status = 0;
  for (const problem of problems) {
    process.stderr.write(`validate-cloud-config: ${problem}\n`);
    status = 2;
  }
  let failed = false;
  for (const input of inputs) {
    const checked = await validateInput(input, parsed);
    if ('error' in checked) {
      process.stderr.write(`validate-cloud-config: ${checked.error}\n`);
      status = 2;
      continue;
    }
    const { result, source } = checked;
    const strict = strictFailure(result, parsed.strict);
    if (parsed.json) {
      // The parsed config is left out on purpose: it may hold passwords and keys.
      const { valid, target, userDataType, note, errors, deprecations, warnings, unlisted } = result;
      const line = { file: input.name, valid, target, ...(userDataType ? { userDataType } : {}), ...(note ? { note } : {}), ...(strict ? { strictFailure: strict } : {}), errors, deprecations, warnings, ...(unlisted ? { unlisted } : {}) };
      writeOut(`${JSON.stringify(line)}\n`);
    } else {
      const text = formatCloudConfigResult(result, { name: input.name, annotate: parsed.annotate, strict: parsed.strict, source });
      writeOut(parsed.schemaType === 'network-config' ? asNetworkConfigText(text, input.name) : text);
    }
    if (!result.valid || strict !== undefined) failed = true;
    const hint = !result.valid && parsed.schemaType === undefined ? networkConfigHint(input.name, source) : undefined;
    if (hint) process.stderr.write(`validate-cloud-config: ${hint}\n`);
  }
  return status === 2 ? 2 : failed ? 1 : 0;
}


process.exitCode = await main(process.argv.slice(2));
