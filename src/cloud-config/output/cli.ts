// The `validate-cloud-config` bin: validates user-data files where a pipeline ran `cloud-init
// schema -c FILE`. Exit status 0 when every file is valid, 1 when any is invalid (with --strict,
// also when any has deprecations or warnings), 2 on usage or I/O errors, so scripts can tell "bad
// config" from "bad invocation".
import { fstatSync, writeSync } from 'node:fs';
import { packageVersion } from '../../common/package-version';
import type { CloudConfigResult } from '../cloud-config-result';
import { DEFAULT_TARGET, targetOf, type CloudConfigTarget } from '../targets/targets';
import { expandInputs, readInput, type CliInput } from './cli-inputs';
import { parseCliOptions, USAGE, type CliOptions } from './cli-options';
import type { FixOutput } from './fix-cli';
import { CliReport } from './cli-report';
import { asNetworkConfigText, networkConfigHint, networkConfigTarget, validateNetworkConfigInput } from './network-config-cli';
import { validateUserData } from '../validate-user-data';
import { EnginesNotLoaded, type UserDataEngines } from '../input/user-data-engines';
import { LoadedInput } from '../input/loaded-input';
import type { ValidateCloudConfigOptions } from '../validate-cloud-config-options';
import { loadValidatorsFor } from '../check/release-validators';

/** Why a valid result fails under --strict, if it does. */
function strictFailureOf(result: CloudConfigResult, strict: boolean): string | undefined {
  if (!strict || !result.valid) return undefined;
  const deprecations = result.deprecations.length + (result.unlisted?.deprecations ?? 0);
  const warnings = result.warnings.length + (result.unlisted?.warnings ?? 0);
  const parts = [...(deprecations > 0 ? [`${deprecations} deprecation${deprecations === 1 ? '' : 's'}`] : []), ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : [])];
  return parts.length > 0 ? `--strict: ${parts.join(' and ')}` : undefined;
}

function tooLarge(options: CliOptions): CloudConfigResult {
  const message = `the input is larger than ${options.maxBytes} bytes (--max-bytes); not read further`;
  const target = options.schemaType === 'network-config' ? networkConfigTarget(options.cloudInitVersion) : targetOf(options.cloudInitVersion);
  return { valid: false, target: (target ?? DEFAULT_TARGET) as CloudConfigTarget, errors: [{ code: 'input_too_large', path: '', pointer: '', message }], deprecations: [], warnings: [], config: undefined };
}

let engines: UserDataEngines | undefined;

/**
 * validateCloudConfig, with the jinja engine and the MIME multipart parser imported when a file first needs them:
 * a folder of plain cloud-config never loads them. The pipeline stops before reporting anything when it meets such
 * a file without them, and the file is validated again with them.
 */
async function validateCloudConfig(bytes: Uint8Array, options: ValidateCloudConfigOptions, loaded: LoadedInput): Promise<CloudConfigResult> {
  try {
    return validateUserData(bytes, options, engines, loaded);
  } catch (error) {
    if (!(error instanceof EnginesNotLoaded)) throw error;
  }
  engines = (await import('../input/all-user-data-engines')).userDataEngines;
  return validateUserData(bytes, options, engines, loaded);
}

/** A checked file: its result, its text where it is used, and what validating it parsed (for the network-config hint). */
interface CheckedInput {
  readonly result: CloudConfigResult;
  readonly source?: string;
  readonly loaded?: LoadedInput;
}

async function validateInput(input: CliInput, options: CliOptions, fixOutput: FixOutput): Promise<CheckedInput | { error: string }> {
  let read;
  try {
    read = await readInput(input, options.maxBytes);
  } catch (error) {
    return { error: `cannot read ${input.name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  if ('tooLarge' in read) return { result: tooLarge(options) };
  // Loaded only when asked for: every plain run's cold start stays as it was.
  if (options.fix) return (await import('./fix-cli')).fixInput(input, read.bytes, options, fixOutput);
  if (options.schemaType === 'network-config') {
    return { result: await validateNetworkConfigInput(read.bytes, options.maxBytes, options.maxIssues, options.cloudInitVersion), source: read.bytes.toString('utf8') };
  }
  const loaded = new LoadedInput();
  const result = await validateCloudConfig(
    read.bytes,
    {
      requireHeader: options.requireHeader,
      maxBytes: options.maxBytes,
      maxIssues: options.maxIssues,
      cloudInitVersion: options.cloudInitVersion,
      instanceData: options.instanceData,
    },
    loaded,
  );
  // gzip user data has no readable source to annotate; its issues are listed plainly. The source is
  // decoded only where it is used (--annotate; the network-config hint for an invalid file), not
  // for each of a folder's valid files.
  const gzip = read.bytes[0] === 0x1f && read.bytes[1] === 0x8b;
  return gzip || (!options.annotate && result.valid) ? { result } : { result, source: read.bytes.toString('utf8'), loaded };
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
function writeOutNow(text: string): void {
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

// Standard output to a terminal is written as each file is checked; to a pipe or a file it is gathered up to this
// many characters and written at once, as C's stdio does: a folder of small files, most with a line or two to
// print, otherwise costs a system call per file (issue 26 item 6).
const GATHER_UP_TO = 64 * 1024;
let gathered = '';
const gather = !isTerminal(1);

/** Whether a descriptor is a terminal (a character device), asked of the file system: `process.stdout.isTTY` would load the stream. */
function isTerminal(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

function writeOut(text: string): void {
  if (!gather) return writeOutNow(text);
  gathered += text;
  if (gathered.length >= GATHER_UP_TO) flushOut();
}

/** Writes what standard output has gathered: before anything goes to standard error (the order stays), and at the end. */
function flushOut(): void {
  if (gathered === '') return;
  const text = gathered;
  gathered = '';
  writeOutNow(text);
}

const writeErr = (text: string) => {
  flushOut();
  process.stderr.write(text);
};

/** Runs the CLI with the given arguments; resolves to the exit status. */
async function main(args: readonly string[]): Promise<number> {
  const parsed = parseCliOptions(args);
  if (parsed === 'help') {
    writeOut(USAGE);
    return 0;
  }
  if (parsed === 'version') {
    writeOut(`${packageVersion(import.meta.url)}\n`);
    return 0;
  }
  if ('error' in parsed) {
    // One sentence and where the usage is, not the whole usage: the mistake stays on the screen.
    writeErr(`validate-cloud-config: ${parsed.error}\nRun "validate-cloud-config --help" for the options.\n`);
    return 2;
  }
  const network = parsed.schemaType === 'network-config';
  // The older releases' validators are a module of their own, loaded only when asked for.
  if (!network) await loadValidatorsFor(parsed.cloudInitVersion);
  // --fix without --write keeps standard output for the diff alone.
  const out = network ? (text: string) => writeOut(asNetworkConfigText(text)) : parsed.fix && !parsed.write ? writeErr : writeOut;
  const report = new CliReport(parsed, { out, err: writeErr }, () => packageVersion(import.meta.url));
  const { inputs, problems } = expandInputs(parsed.files);
  let status = 0;
  for (const problem of problems) {
    writeErr(`validate-cloud-config: ${problem}\n`);
    report.notRead(problem);
    status = 2;
  }
  let failed = false;
  for (const input of inputs) {
    const checked = await validateInput(input, parsed, { out: writeOut, err: writeErr });
    if ('error' in checked) {
      writeErr(`validate-cloud-config: ${checked.error}\n`);
      report.notRead(checked.error);
      status = 2;
      continue;
    }
    const strictFailure = strictFailureOf(checked.result, parsed.strict);
    // A file that fails as cloud-config but is plainly network-config: say how to check it (standard error, so the
    // verdict and machine-readable output stay as they are).
    // What validation parsed is asked first: a file that is not YAML (an unrendered template, say) is not parsed again.
    const parse = checked.loaded && ((text: string, maxDepth: number) => checked.loaded!.parse(text, maxDepth));
    const hint = parsed.schemaType === undefined && !checked.result.valid ? networkConfigHint(input.name, checked.source, checked.result, parse) : undefined;
    if (hint !== undefined) writeErr(`validate-cloud-config: ${hint}\n`);
    report.file({ name: input.name, result: checked.result, source: checked.source, strictFailure });
    if (!checked.result.valid || strictFailure !== undefined) failed = true;
  }
  report.end();
  return status === 2 ? 2 : failed ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} finally {
  flushOut();
}
