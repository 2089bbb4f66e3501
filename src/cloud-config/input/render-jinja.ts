import type { CloudConfigInputIssue, CloudConfigWarning } from '../cloud-config-issue';
import type { CloudConfigResult } from '../cloud-config-result';
import { instanceVariables } from './jinja/instance-variables';
import { JinjaFailure } from './jinja/jinja-error';
import { renderTemplate } from './jinja/render-template';

// cloud-init renders `## template: jinja` user data with its instance data before reading it:
// the header line is removed, the rest rendered by Jinja2 (sandboxed, trim_blocks, the `do`
// extension, undefined names printed as `CI_MISSING_JINJA_VAR/<name>`), the trailing newline
// kept. This does the same with the subset of Jinja in ./jinja/ (docs/decisions.md says why it is
// ours), keeps the way back from every rendered position to the user's line, and turns every
// failure into one issue at its line.

/** Most evaluation steps one rendering may take (loop iterations, statements, items filters walk). */
export const MAX_RENDER_STEPS = 200_000;

/** Positions in the rendered text mapped back to the template file, and what rendering noticed. */
export interface TemplateMap {
  position(line: number, column: number): { readonly line: number; readonly column: number };
  /** Rendered without instance data: whether the text here stands in for an instance-data value. */
  standIn(line: number, column: number): boolean;
  readonly warnings: readonly CloudConfigWarning[];
}

/** The outcome of rendering: the text and its map, or the one issue that stopped it. */
export type JinjaRendering = { readonly text: string; readonly map: TemplateMap } | { readonly issue: CloudConfigInputIssue };

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

// cloud-init's own warning takes everything up to the next space; the name is enough here.
const MISSING = /CI_MISSING_JINJA_VAR\/([\w.-]+)/g;

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((n) => `'${n}'`).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

function failureIssue(failure: JinjaFailure, at: { line: number; column: number }): CloudConfigInputIssue {
  const message = {
    syntax: `the jinja template has a syntax error, so cloud-init cannot render it: ${failure.message}`,
    render: `cloud-init cannot render this jinja template (it logs a warning and ignores the user data): ${failure.message}`,
    unsupported: `not checked: ${failure.message} (cloud-init renders it; render the template yourself to check the result)`,
    limit: `the jinja template was not fully rendered: ${failure.message}`,
  }[failure.kind];
  return { code: failure.kind === 'limit' ? 'input_too_large' : 'jinja_template', path: '', pointer: '', message, ...at };
}

/**
 * Renders `text` (user data whose first line is the `## template: jinja` header) with the
 * variables cloud-init makes from `instanceData`. Without instance data, undefined names stand in
 * for the values (printed as cloud-init prints undefined names) and a warning says what could not
 * be checked. Never throws.
 */
export function renderJinja(text: string, instanceData: Readonly<Record<string, unknown>> | undefined, maxOutput: number): JinjaRendering {
  const newline = text.indexOf('\n');
  const body = newline === -1 ? '' : text.slice(newline + 1);
  // Positions in `body` are one line below the header.
  const bodyStarts = lineStarts(body);
  const inFile = (offset: number) => {
    const at = lineOf(bodyStarts, offset);
    return { line: at.line + 1, column: at.column };
  };
  // Jinja2 drops one trailing newline of the template; cloud-init puts it back.
  const trailing = /\r?\n$/.exec(body)?.[0] ?? '';
  const template = body.slice(0, body.length - trailing.length);
  const lenient = instanceData === undefined;
  let rendered;
  try {
    const vars = lenient ? {} : instanceVariables(instanceData);
    rendered = renderTemplate(template, vars, lenient, { maxOutput, maxSteps: MAX_RENDER_STEPS });
  } catch (error) {
    if (error instanceof JinjaFailure) return { issue: failureIssue(error, inFile(error.offset)) };
    // A stack overflow or a bug: still one issue, never a throw.
    return { issue: { code: 'jinja_template', path: '', pointer: '', message: 'the jinja template could not be rendered', line: 1, column: 1 } };
  }
  const output = rendered.text + (trailing ? '\n' : '');
  const outputStarts = lineStarts(output);
  const toOffset = (line: number, column: number) => (outputStarts[Math.min(line, outputStarts.length) - 1] ?? 0) + column - 1;
  const warnings: CloudConfigWarning[] = [];
  const missing = [...new Set([...rendered.text.matchAll(MISSING)].map((m) => m[1]!))];
  const first = rendered.text.search(MISSING);
  if (lenient) {
    const names = rendered.unknownNames.length > 0 ? ` (${listed(rendered.unknownNames)} undefined, printed as CI_MISSING_JINJA_VAR/<name>)` : '';
    const message = `rendered without instance data${names}: conditions on it were taken as false and values built from it are not checked; pass instanceData (the CLI's -i FILE) to check them`;
    warnings.push({ code: 'jinja_template', path: '', pointer: '', message, line: 1, column: 1 });
  } else if (first !== -1) {
    const message = `undefined jinja variables, rendered as CI_MISSING_JINJA_VAR/<name> (cloud-init warns about them too): ${listed(missing)}`;
    warnings.push({ code: 'jinja_template', path: '', pointer: '', message, ...inFile(rendered.sourceOffset(first)) });
  }
  const clamp = (line: number, column: number) => Math.min(toOffset(line, column), Math.max(0, rendered.text.length - 1));
  const map: TemplateMap = {
    position: (line, column) => inFile(rendered.sourceOffset(clamp(line, column))),
    standIn: (line, column) => rendered.unknownAt(clamp(line, column)),
    warnings,
  };
  return { text: output, map };
}

type Positioned = { readonly line?: number | undefined; readonly column?: number | undefined; readonly firstLine?: number | undefined; readonly firstColumn?: number | undefined };

function placed<T extends Positioned>(issue: T, map: TemplateMap): T {
  if (issue.line === undefined) return issue;
  const placedIssue = { ...issue, ...map.position(issue.line, issue.column ?? 1) };
  // A duplicate key's first occurrence is a position too.
  if (issue.firstLine === undefined) return placedIssue;
  const first = map.position(issue.firstLine, issue.firstColumn ?? 1);
  return { ...placedIssue, firstLine: first.line, firstColumn: first.column };
}

// Problems of the text itself (YAML, header, limits) stay errors wherever they are: only a schema
// issue about a stand-in value depends on the value.
const INPUT_CODES: ReadonlySet<string> = new Set<CloudConfigInputIssue['code']>([
  'missing_header',
  'unsupported_user_data',
  'ignored_part',
  'jinja_template',
  'unrendered_template',
  'invalid_encoding',
  'yaml_syntax',
  'not_a_mapping',
  'input_too_large',
  'too_deep',
  'alias_limit',
  'invalid_input',
]);

/**
 * A result for the rendered text, with its positions in the template file and rendering's
 * warnings. Rendered without instance data, an error in a value that stands in for instance data
 * (`runcmd: {{ v1.commands }}`) says nothing about the real value: it becomes a warning.
 */
export function inTemplate(result: CloudConfigResult, map: TemplateMap): CloudConfigResult {
  const standIns = result.errors.filter((e) => !INPUT_CODES.has(e.code) && e.line !== undefined && map.standIn(e.line, e.column ?? 1));
  const errors = result.errors.filter((e) => !standIns.includes(e)).map((e) => placed(e, map));
  const notChecked: CloudConfigWarning[] = standIns.map((e) => {
    const at = placed(e, map);
    const message = `not checked without instance data: ${e.message}`;
    return { code: 'jinja_template', path: e.path, pointer: e.pointer, message, line: at.line, column: at.column };
  });
  const deprecations = result.deprecations.map((d) => placed(d, map));
  const warnings = [...map.warnings, ...notChecked, ...result.warnings.map((w) => placed(w, map))];
  return { ...result, valid: errors.length === 0, errors, deprecations, warnings } as unknown as CloudConfigResult;
}
