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

function where(issue: AnyIssue): string {
  const at = issue.line === undefined ? '' : ` (line ${issue.line}, column ${issue.column ?? 1})`;
  return `${issue.path === '' ? '(root)' : issue.path}${at}`;
}

function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "and 3 more errors, 1 more warning not listed", when the result left some out (maxIssues). */
function unlistedLine(result: CloudConfigResult): string | undefined {
  const u = result.unlisted;
  if (u === undefined) return undefined;
  const parts = ([[u.errors, 'error'], [u.deprecations, 'deprecation'], [u.warnings, 'warning']] as const).filter(([n]) => n > 0).map(([n, word]) => `${n} more ${word}${n === 1 ? '' : 's'}`);
  return parts.length > 0 ? `and ${parts.join(', ')} not listed (the limit is maxIssues, --max-issues)` : undefined;
}

function summary(result: CloudConfigResult, name: string, strict: boolean): string {
  if (!result.valid) return `Invalid cloud-config ${name}`;
  const deprecations = result.deprecations.length + (result.unlisted?.deprecations ?? 0);
  const warnings = result.warnings.length + (result.unlisted?.warnings ?? 0);
  const problems = [...(deprecations > 0 ? [counted(deprecations, 'deprecation')] : []), ...(warnings > 0 ? [counted(warnings, 'warning')] : [])];
  // A note (other user data, multipart) comes with no problems unless parts of a multipart have some.
  if (strict && problems.length > 0) return `Invalid cloud-config ${name} under --strict: ${problems.join(' and ')}`;
  if (result.note !== undefined) return `Valid ${result.userDataType === undefined ? 'cloud-config' : 'user data'} ${name} (${result.note})`;
  return `Valid cloud-config ${name}`;
}

function issueLines(result: CloudConfigResult, indent: string, index: number | undefined): string[] {
  const lines: string[] = [];
  const here = (issue: AnyIssue) => issue.part?.index === index;
  for (const e of result.errors.filter(here)) lines.push(`${indent}error       ${where(e)}: ${e.message}`);
  for (const d of result.deprecations.filter(here)) lines.push(`${indent}deprecated  ${where(d)}: ${d.message}`);
  for (const w of result.warnings.filter(here)) lines.push(`${indent}warning     ${where(w)}: ${w.message}`);
  return lines;
}

function plain(result: CloudConfigResult, name: string, strict: boolean): string {
  const lines = [summary(result, name, strict), ...issueLines(result, '  ', undefined)];
  // MIME multipart: each part on a line of its own, its issues under it (positions are inside the part).
  for (const part of result.parts ?? []) {
    const state = part.evaluated ? (part.valid ? 'valid' : 'invalid') : (part.note ?? 'not evaluated');
    lines.push(`  part ${part.index}${part.filename === undefined ? '' : ` (${part.filename})`} ${part.type}: ${state}`, ...issueLines(result, '    ', part.index));
  }
  const unlisted = unlistedLine(result);
  if (unlisted !== undefined) lines.push(`  ${unlisted}`);
  return lines.join('\n') + '\n';
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
  return [...body, '', ...footers, ...(unlisted === undefined ? [] : [`# ${unlisted}`, '']), summary(result, name, strict), ''].join('\n');
}

/**
 * Renders a validation result for people: a summary line (`Valid cloud-config FILE` /
 * `Invalid cloud-config FILE`) and one line per error, deprecation and warning with its path and
 * position; or, with `annotate` and `source`, the source listing with markers at the failing lines
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
  // Positions in multipart user data are inside its parts: no listing of the whole message.
  return options.annotate && options.source !== undefined && result.parts === undefined ? annotated(result, name, options.source, strict) : plain(result, name, strict);
}
