import type { CloudConfigResult } from '../cloud-config-result';
import { userDataEngines } from '../input/all-user-data-engines';
import { readUserData } from '../input/read-user-data';
import { escapePointerSegment, pointerSegments, segmentsToPointer } from '../json-pointer';
import { validateCloudConfig, validateForFix, type ValidateCloudConfigOptions } from '../validate-cloud-config';
import type { CloudConfigUnfixable, FixCloudConfigResult } from './fix-types';
import { applyEdits, fixedPointer, planFixes, type PlannedFix, type TextEdit } from './plan-fixes';

/**
 * Options for {@link fixCloudConfig}: those of `validateCloudConfig`. `cloudInitVersion` chooses
 * the release whose deprecations are fixed (and that the fixed text is validated against).
 *
 * @example
 * ```ts
 * fixCloudConfig(text, { cloudInitVersion: '26.2' });
 * ```
 */
export type FixCloudConfigOptions = ValidateCloudConfigOptions;

/** A fixing with the edits it made (sorted, not overlapping), for a diff of the change. */
export interface CloudConfigFixing {
  readonly outcome: FixCloudConfigResult;
  readonly edits: readonly TextEdit[];
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

const whole = (reason: string): CloudConfigUnfixable => ({ path: '', pointer: '', reason });

const JINJA = /^\s*## template: jinja/i;

/** Why the input as a whole is not fixed, if it is not: only cloud-config text is, as written. */
function wholeInputReason(text: string, options: FixCloudConfigOptions): string | undefined {
  // Recognised before reading: however jinja is rendered, what is validated is its rendering, not the file.
  if (JINJA.test(text.slice(0, 64))) return 'a jinja template (## template: jinja) is not fixed: what is validated is its rendering, not the file';
  const read = readUserData(text, { requireHeader: options.requireHeader ?? true, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, instanceData: undefined, renderJinja: userDataEngines.renderJinja });
  if (read.kind === 'multipart') return 'MIME multipart user data is not fixed: fix each text/cloud-config part on its own';
  if (read.kind === 'cloud-config' && read.text !== text) return 'what is validated is not the text as written (a byte-order mark, say); it is not fixed';
  return undefined;
}

/** Errors counted at each pointer and every pointer above it (an unknown key at the key itself), with the first message. */
function errorsUnder(result: CloudConfigResult): Map<string, { count: number; message: string }> {
  const counts = new Map<string, { count: number; message: string }>();
  for (const error of result.errors) {
    const at = error.code === 'additional_property' || error.code === 'invalid_key' ? `${error.pointer}/${escapePointerSegment(error.property)}` : error.pointer;
    const count = (pointer: string) => {
      const known = counts.get(pointer);
      if (known) known.count++;
      else counts.set(pointer, { count: 1, message: error.message });
    };
    let prefix = '';
    count(prefix);
    for (const segment of pointerSegments(at)) count((prefix += `/${escapePointerSegment(segment)}`));
  }
  return counts;
}

/**
 * The fixes after which the fixed text has more errors at the fixed value than the original had
 * at the deprecated one (a replacement key the target checks more strictly, say), with the error.
 */
function rejectedFixes(fixes: readonly PlannedFix[], original: CloudConfigResult, fixed: CloudConfigResult): Map<PlannedFix, string> {
  const rejected = new Map<PlannedFix, string>();
  if (fixed.errors.length === 0) return rejected;
  const before = errorsUnder(original);
  const after = errorsUnder(fixed);
  const renamed = new Map(fixes.filter((f) => f.fix.kind === 'rename').map((f) => [segmentsToPointer(f.oldSegments), f.newSegments[f.newSegments.length - 1]!] as const));
  for (const fix of fixes) {
    const now = after.get(fixedPointer(fix, renamed));
    if (now !== undefined && now.count > (before.get(segmentsToPointer(fix.oldSegments))?.count ?? 0)) rejected.set(fix, now.message);
  }
  return rejected;
}

function byPosition(a: CloudConfigUnfixable, b: CloudConfigUnfixable): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/** A fix not made after all, listed with why. */
function takenBack(fix: PlannedFix, reason: string): CloudConfigUnfixable {
  const { path, pointer, line, column, message } = fix.fix;
  return { path, pointer, ...(line !== undefined ? { line, column } : {}), reason, message };
}

/**
 * The fixes that fit in `maxBytes` (the fixed text must still be read whole): those that grow the
 * text most are dropped first, until it fits. Reading a string, the limit counts characters.
 */
function withinLimit(text: string, fixes: readonly PlannedFix[], maxBytes: number, unfixable: CloudConfigUnfixable[]): readonly PlannedFix[] {
  const growth = (f: PlannedFix) => f.edit.text.length - (f.edit.end - f.edit.start);
  let size = text.length + fixes.reduce((sum, f) => sum + growth(f), 0);
  if (size <= maxBytes) return fixes;
  const dropped = new Set<PlannedFix>();
  for (const fix of [...fixes].sort((a, b) => growth(b) - growth(a))) {
    if (size <= maxBytes || growth(fix) <= 0) break;
    dropped.add(fix);
    size -= growth(fix);
    unfixable.push(takenBack(fix, `the fixed text would be larger than the ${maxBytes}-byte limit`));
  }
  return fixes.filter((f) => !dropped.has(f));
}

function fixUnsafe(text: string, options: FixCloudConfigOptions): CloudConfigFixing {
  const unchanged = (result: CloudConfigResult, unfixable: readonly CloudConfigUnfixable[]): CloudConfigFixing => ({ outcome: { text, changed: false, fixed: [], unfixable, result }, edits: [] });
  const reason = wholeInputReason(text, options);
  const original = validateForFix(text, options);
  if (reason !== undefined) return unchanged(original.listed(), [whole(reason)]);
  if (original.all.deprecations.length === 0 || original.parsed === undefined) return unchanged(original.listed(), []);
  const plan = planFixes(text, original.parsed, original.all.deprecations);
  const unfixable = plan.unfixable;
  let fixes = withinLimit(text, plan.fixes, options.maxBytes ?? DEFAULT_MAX_BYTES, unfixable);
  if (fixes.length === 0) return unchanged(original.listed(), unfixable.sort(byPosition));
  let fixedText = applyEdits(text, fixes.map((f) => f.edit));
  let fixed = validateForFix(fixedText, options);
  // Checked once: a fix that the target rejects is taken back, and the rest applied again.
  const rejected = rejectedFixes(fixes, original.all, fixed.all);
  if (rejected.size > 0) {
    for (const [fix, message] of rejected) unfixable.push(takenBack(fix, `the replacement would not validate: ${message}`));
    fixes = fixes.filter((f) => !rejected.has(f));
    fixedText = applyEdits(text, fixes.map((f) => f.edit));
    fixed = fixes.length === 0 ? original : validateForFix(fixedText, options);
  }
  // The last guard: a valid config never comes back invalid; if it would, nothing is changed.
  if (original.all.valid && !fixed.all.valid) {
    const error = fixed.all.errors[0]!.message;
    for (const fix of fixes) unfixable.push(takenBack(fix, `the fixed text would not validate: ${error}`));
    return unchanged(original.listed(), unfixable.sort(byPosition));
  }
  const outcome: FixCloudConfigResult = { text: fixedText, changed: fixes.length > 0, fixed: fixes.map((f) => f.fix), unfixable: unfixable.sort(byPosition), result: fixed.listed() };
  return { outcome, edits: fixes.map((f) => f.edit) };
}

/** {@link fixCloudConfig} with the edits made, for the CLI's diff. Never throws. */
export function fixCloudConfigEdits(text: string, options: FixCloudConfigOptions = {}): CloudConfigFixing {
  const given = options ?? {};
  if (typeof text !== 'string') {
    return { outcome: { text: '', changed: false, fixed: [], unfixable: [whole('fixCloudConfig takes the text of a cloud-config')], result: validateCloudConfig(text, given) }, edits: [] };
  }
  try {
    return fixUnsafe(text, given);
  } catch {
    // A last line of defence, as in validateCloudConfig: a bug must come back as data, the text unchanged.
    return { outcome: { text, changed: false, fixed: [], unfixable: [whole('the text could not be fixed (an internal error); it is unchanged')], result: validateCloudConfig(text, given) }, edits: [] };
  }
}

/**
 * Rewrites every deprecated key or value of a cloud-config that has a replacement meaning the same
 * to cloud-init, for the target release (`cloudInitVersion`; the specification by default), and
 * lists the deprecations it leaves with the reason. The text is edited where the deprecated keys
 * and values are written, so comments, key order, quoting, indentation and flow or block style
 * stay as they were. A renamed key whose replacement is already set is left (a conflict), or
 * dropped when the replacement has the same value. MIME multipart and jinja templates are not
 * fixed (an `unfixable` entry says so). `result` validates the fixed text. Never throws; the cost
 * is linear in the size of the text (it validates the input and the fixed text, once each).
 *
 * @example
 * ```ts
 * import { fixCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * const { text, fixed, unfixable } = fixCloudConfig('#cloud-config\napt_update: true  # refresh\n', { cloudInitVersion: '26.2' });
 * // text === '#cloud-config\npackage_update: true  # refresh\n'
 * // fixed[0]: { kind: 'rename', path: 'apt_update', from: 'apt_update', to: 'package_update', line: 2, column: 1, ... }
 * // unfixable: []
 * ```
 */
export function fixCloudConfig(text: string, options: FixCloudConfigOptions = {}): FixCloudConfigResult {
  return fixCloudConfigEdits(text, options).outcome;
}
