import type { CloudConfigInputIssue } from '../cloud-config-issue';
import { describePlaceholder, findPlaceholders, neutralised } from '../input/unrendered-template';
import { parseYaml } from '../yaml/parse-yaml';

function before(a: CloudConfigInputIssue, b: CloudConfigInputIssue | undefined): boolean {
  if (b === undefined) return true;
  return (a.line ?? Infinity) - (b.line ?? Infinity) < 0 || (a.line === b.line && (a.column ?? 0) < (b.column ?? 0));
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: offset - text.lastIndexOf('\n', offset - 1) };
}

function where(issue: CloudConfigInputIssue): string {
  return issue.line === undefined ? '' : ` at line ${issue.line}, column ${issue.column ?? 1}`;
}

/**
 * The errors to report for cloud-config text that YAML could not read (`errors`, the first
 * fatal one first). When the text holds unrendered template placeholders and they are what YAML
 * tripped over (the same text with each placeholder neutralised reads further, or entirely), one
 * `unrendered_template` issue at the first placeholder says so, naming the YAML error it caused;
 * the first error the neutralised text still has, independent of the template, follows it.
 * Otherwise the errors are returned as they are. At most one more parse, only on this path.
 */
export function explainYamlFailure(text: string, errors: readonly CloudConfigInputIssue[], maxDepth: number): readonly CloudConfigInputIssue[] {
  const cause = errors[0];
  // A control character or a nesting limit has nothing to do with templates.
  if (cause === undefined || cause.code === 'too_deep' || /control character/.test(cause.message)) return errors;
  const placeholders = findPlaceholders(text);
  if (placeholders.length === 0) return errors;
  const retried = parseYaml(neutralised(text, placeholders), maxDepth);
  const remaining = retried.ok ? [] : retried.errors;
  // The placeholders caused the failure when, without them, YAML reads past where it failed.
  if (remaining.length > 0 && !before(cause, remaining[0])) return errors;
  const first = placeholders[0]!;
  const message =
    `unrendered template: ${describePlaceholder(text, first)}; render the template before using or validating the file, ` +
    `or quote the value if it is meant as text, such as a shell variable ` +
    `(YAML cannot read it as it is: ${cause.message}${where(cause)})`;
  const issue: CloudConfigInputIssue = { code: 'unrendered_template', path: '', pointer: '', message, ...lineAndColumn(text, first.start) };
  return remaining.length === 0 ? [issue] : [issue, remaining[0]!];
}
