import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigWarning } from '../cloud-config-issue';
import type { CloudConfigResult } from '../cloud-config-result';

/**
 * Options for {@link formatCloudConfigResult}.
 *
 * @example
 * ```ts
 * formatCloudConfigResult(result, { name: 'user-data.yaml', source: text, annotate: true });
 * ```
 */
export interface FormatCloudConfigResultOptions {
  /** The file name shown in the summary line (default `user-data`). */
  readonly name?: string | undefined;
  /** The validated text; needed for `annotate`. */
  readonly source?: string | undefined;
  /** Count deprecations and warnings as failures in the summary line, as the CLI's `--strict` does. */
  readonly strict?: boolean | undefined;
  /**
   * Print the source with `# E1,D2` markers on the lines where issues start, followed by the
   * numbered issues, as `cloud-init schema --annotate` does. Without `source`, plain text is printed.
   */
  readonly annotate?: boolean | undefined;
}

type AnyIssue = CloudConfigIssue | CloudConfigDeprecation | CloudConfigWarning;

/** The severity word of a text line; a deprecation is its own kind, neither an error nor a warning. */
export type IssueSeverity = 'error' | 'deprecation' | 'warning';

/** Every issue of a result with its severity: errors, then deprecations, then warnings, each list in source order. */
export function severityIssues(result: CloudConfigResult): { readonly severity: IssueSeverity; readonly issue: AnyIssue }[] {
  return [
    ...result.errors.map((issue) => ({ severity: 'error' as const, issue })),
    ...result.deprecations.map((issue) => ({ severity: 'deprecation' as const, issue })),
    ...result.warnings.map((issue) => ({ severity: 'warning' as const, issue })),
  ];
}

/** `users.0.shell: expected string, got integer 5`: the message after the path it is about, if any. */
export function issueText(issue: AnyIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

/**
 * The problem lines of a result, as compilers print them, so editors and CI log viewers link them to the file:
 * `FILE:LINE:COL: SEVERITY: PATH: MESSAGE [CODE]` (`FILE:` alone when the issue has no position), then the count
 * of issues left out by `maxIssues`, if any.
 */
export function issueLines(result: CloudConfigResult, name: string): string[] {
  const lines = severityIssues(result)
    .filter(({ issue }) => issue.part === undefined)
    .map(({ severity, issue }) => issueLine(name, severity, issue));
  const unlisted = unlistedLine(result);
  if (unlisted !== undefined) lines.push(`${name}: ${unlisted}`);
  return lines;
}

function issueLine(name: string, severity: IssueSeverity, issue: AnyIssue): string {
  const at = issue.line === undefined ? '' : `${issue.line}:${issue.column === undefined ? '' : `${issue.column}:`}`;
  return `${name}:${at} ${severity}: ${issueText(issue)} [${issue.code}]`;
}

/**
 * MIME multipart: a line per part (`part 2 (cloud.yaml) text/cloud-config: invalid`), then its issues, each located
 * inside the part as `FILE (part N):LINE:COL: ...` (the positions count from the part's first line).
 */
export function partLines(result: CloudConfigResult, name: string): string[] {
  const lines: string[] = [];
  const issues = severityIssues(result);
  for (const part of result.parts ?? []) {
    const state = part.evaluated ? (part.valid ? 'valid' : 'invalid') : (part.note ?? 'not evaluated');
    lines.push(`  part ${part.index}${part.filename === undefined ? '' : ` (${part.filename})`} ${part.type}: ${state}`);
    for (const { severity, issue } of issues) {
      if (issue.part?.index === part.index) lines.push(`  ${issueLine(`${name} (part ${part.index})`, severity, issue)}`);
    }
  }
  return lines;
}

function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "and 3 more errors, 1 more warning not listed", when the result left some out (maxIssues). */
export function unlistedLine(result: CloudConfigResult): string | undefined {
  const u = result.unlisted;
  if (u === undefined) return undefined;
  const parts = ([[u.errors, 'error'], [u.deprecations, 'deprecation'], [u.warnings, 'warning']] as const).filter(([n]) => n > 0).map(([n, word]) => `${n} more ${word}${n === 1 ? '' : 's'}`);
  return parts.length > 0 ? `and ${parts.join(', ')} not listed (the limit is maxIssues, --max-issues)` : undefined;
}

/** `Valid cloud-config FILE`, `Invalid cloud-config FILE` (with `strict`, also when deprecations or warnings count). */
export function verdictLine(result: CloudConfigResult, name: string, strict: boolean): string {
  if (!result.valid) return `Invalid cloud-config ${name}`;
  const deprecations = result.deprecations.length + (result.unlisted?.deprecations ?? 0);
  const warnings = result.warnings.length + (result.unlisted?.warnings ?? 0);
  const problems = [...(deprecations > 0 ? [counted(deprecations, 'deprecation')] : []), ...(warnings > 0 ? [counted(warnings, 'warning')] : [])];
  // A note (other user data, multipart) comes with no problems unless parts of a multipart have some.
  if (strict && problems.length > 0) return `Invalid cloud-config ${name} under --strict: ${problems.join(' and ')}`;
  if (result.note !== undefined) return `Valid ${result.userDataType === undefined ? 'cloud-config' : 'user data'} ${name} (${result.note})`;
  return `Valid cloud-config ${name}`;
}

function plain(result: CloudConfigResult, name: string, strict: boolean): string {
  return [verdictLine(result, name, strict), ...issueLines(result, name), ...partLines(result, name)].join('\n') + '\n';
}

function annotated(result: CloudConfigResult, name: string, source: string, strict: boolean): string {
  const groups: readonly (readonly [prefix: string, title: string, issues: readonly AnyIssue[]])[] = [
    ['E', 'Errors', result.errors],
    ['D', 'Deprecations', result.deprecations],
    ['W', 'Warnings', result.warnings],
  ];
  const sourceLines = source.split(/\r?\n/);
  const markers = new Map<number, string[]>();
  const footers: string[] = [];
  for (const [prefix, title, issues] of groups) {
    if (issues.length === 0) continue;
    // Numbering follows line order; issues without a line come last.
    const ordered = [...issues].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0));
    footers.push(`# ${title}: -------------`);
    ordered.forEach((issue, i) => {
      const label = `${prefix}${i + 1}`;
      if (issue.line !== undefined && issue.line <= sourceLines.length) {
        const list = markers.get(issue.line) ?? [];
        list.push(label);
        markers.set(issue.line, list);
      }
      footers.push(`# ${label}: ${issue.path === '' ? '' : `${issue.path}: `}${issue.message}`);
    });
    footers.push('');
  }
  const body = sourceLines.map((line, i) => {
    const labels = markers.get(i + 1);
    return labels ? `${line}\t\t# ${labels.join(',')}` : line;
  });
  // Drop the empty string a trailing newline leaves, so the listing ends where the file ends.
  if (body[body.length - 1] === '') body.pop();
  const unlisted = unlistedLine(result);
  return [...body, '', ...footers, ...(unlisted === undefined ? [] : [`# ${unlisted}`, '']), verdictLine(result, name, strict), ''].join('\n');
}

/**
 * Renders a validation result for people: a summary line (`Valid cloud-config FILE` /
 * `Invalid cloud-config FILE`) and one line per error, deprecation and warning in the form compilers use,
 * `FILE:LINE:COL: error: PATH: MESSAGE [CODE]`; or, with `annotate` and `source`, the source listing with markers at the failing lines
 * and numbered footers, like `cloud-init schema --annotate`.
 *
 * @example
 * ```ts
 * import { formatCloudConfigResult, validateCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * const text = '#cloud-config\nruncmd: "ls"\n';
 * process.stdout.write(formatCloudConfigResult(validateCloudConfig(text), { name: 'user-data', source: text, annotate: true }));
 * // #cloud-config
 * // runcmd: "ls"		# E1
 * //
 * // # Errors: -------------
 * // # E1: runcmd: expected array, got string "ls"
 * //
 * // Invalid cloud-config user-data
 * ```
 */
export function formatCloudConfigResult(result: CloudConfigResult, options: FormatCloudConfigResultOptions = {}): string {
  const name = options.name ?? 'user-data';
  const strict = options.strict ?? false;
  return options.annotate && options.source !== undefined ? annotated(result, name, options.source, strict) : plain(result, name, strict);
}
