// What the validate-cloud-config bin prints for a run, per --format: each checked file as it is checked (text,
// json, github) or once at the end (sarif), and the run's summary line. Standard output carries the format alone;
// with json and sarif the summary line goes to standard error, so the output stays machine-readable.
import type { CloudConfigResult } from '../cloud-config-result';
import type { CliOptions } from './cli-options';
import { formatCloudConfigResult, issueLines, partLines, verdictLine } from './format-cloud-config-result';
import { githubCommands } from './github-commands';
import { SarifLog } from './sarif-log';

/** One checked input: its result, its text (for --annotate), and why it fails under --strict, if it does. */
export interface CheckedFile {
  readonly name: string;
  readonly result: CloudConfigResult;
  readonly source?: string | undefined;
  readonly strictFailure?: string | undefined;
}

/** Where a reporter's text goes. */
export interface ReportOutput {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** The run so far, counted for the summary line. */
class RunCounts {
  files = 0;
  valid = 0;
  invalid = 0;
  withDeprecations = 0;
  notRead = 0;

  count(file: CheckedFile): void {
    this.files++;
    if (file.result.valid && file.strictFailure === undefined) this.valid++;
    else this.invalid++;
    if (file.result.deprecations.length + (file.result.unlisted?.deprecations ?? 0) > 0) this.withDeprecations++;
  }

  /** `3 files: 1 valid, 2 invalid, 1 with deprecations` (and `, 1 not read` when an input could not be read). */
  line(): string {
    const total = this.files + this.notRead;
    const notRead = this.notRead > 0 ? `, ${this.notRead} not read` : '';
    return `${total} file${total === 1 ? '' : 's'}: ${this.valid} valid, ${this.invalid} invalid, ${this.withDeprecations} with deprecations${notRead}\n`;
  }
}

/** Whether a file has anything to show under --quiet: errors, deprecations or warnings, listed or not. */
function hasProblems(result: CloudConfigResult): boolean {
  const u = result.unlisted;
  return !result.valid || result.deprecations.length + result.warnings.length + (u === undefined ? 0 : u.deprecations + u.warnings) > 0;
}

const lines = (list: readonly string[]) => (list.length === 0 ? '' : `${list.join('\n')}\n`);

/** Reports a run in the format its options ask for; `file` for each checked input, `notRead` for each that was not, then `end`. */
export class CliReport {
  private readonly counts = new RunCounts();
  private readonly sarif: SarifLog | undefined;

  constructor(
    private readonly options: Pick<CliOptions, 'format' | 'quiet' | 'annotate' | 'strict'>,
    private readonly output: ReportOutput,
    toolVersion: () => string,
  ) {
    this.sarif = options.format === 'sarif' ? new SarifLog(toolVersion()) : undefined;
  }

  file(file: CheckedFile): void {
    this.counts.count(file);
    const { name, result } = file;
    const { format, quiet } = this.options;
    if (format === 'sarif') return this.sarif!.add(result, name);
    if (quiet && !hasProblems(result)) return;
    if (format === 'json') {
      // The parsed config is left out on purpose: it may hold passwords and keys.
      const { valid, target, releases, userDataType, note, errors, deprecations, warnings, unlisted } = result;
      // A multipart file's parts without their parsed data, for the same reason.
      const parts = result.parts?.map(({ config: _config, ...part }) => part);
      const line = { file: name, valid, target, ...(releases ? { releases } : {}), ...(userDataType ? { userDataType } : {}), ...(note ? { note } : {}), ...(file.strictFailure ? { strictFailure: file.strictFailure } : {}), errors, deprecations, warnings, ...(parts ? { parts } : {}), ...(unlisted ? { unlisted } : {}) };
      return this.output.out(`${JSON.stringify(line)}\n`);
    }
    if (format === 'github') return this.output.out(lines([...(quiet ? [] : [verdictLine(result, name, this.options.strict)]), ...githubCommands(result, name)]));
    if (quiet) return this.output.out(lines([...issueLines(result, name), ...partLines(result, name).filter((line) => !line.startsWith('  part '))]));
    this.output.out(formatCloudConfigResult(result, { name, annotate: this.options.annotate, strict: this.options.strict, source: file.source }));
  }

  /** An input that could not be read (its message is on standard error already). */
  notRead(message: string): void {
    this.counts.notRead++;
    this.sarif?.addFailure(message);
  }

  /**
   * Ends the run: the SARIF log; the summary line, for text and github when --quiet or when more than one input
   * was named, for json and sarif (on standard error) when --quiet.
   */
  end(): void {
    const { format, quiet } = this.options;
    if (this.sarif !== undefined) this.output.out(this.sarif.log());
    const total = this.counts.files + this.counts.notRead;
    if (format === 'text' || format === 'github') {
      if (quiet || total > 1) this.output.out(this.counts.line());
    } else if (quiet) this.output.err(this.counts.line());
  }
}
