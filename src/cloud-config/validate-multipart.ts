import type { CloudConfigDeprecation, CloudConfigInputIssue, CloudConfigIssue, CloudConfigPartRef, CloudConfigWarning } from './cloud-config-issue';
import type { CloudConfigPart, CloudConfigResult } from './cloud-config-result';
import { parseMimeMessage, type MimePart } from './input/mime-multipart';
import type { CloudConfigTarget } from './targets/targets';

// MIME multipart user data is validated part by part: every `text/cloud-config` part, every
// `text/jinja2` part once rendered (with the instance data when given), and every untyped part whose header
// says cloud-config (cloud-init guesses an untyped part's type from its first line). Other parts
// (shell scripts, includes, boothooks) are what cloud-init runs or fetches at boot: listed as not
// evaluated. `cloud-init schema -c` does not read multipart at all (an unrecognised header): a
// cloud-init release target reports that error, as the release does, before the parts' issues.

/** How one part's text or bytes is validated: the validator itself, with these options changed. */
export type PartValidator = (input: string | Uint8Array, options: { readonly requireHeader: boolean; readonly maxIssues: number }) => CloudConfigResult;

export interface MultipartOptions {
  readonly target: CloudConfigTarget;
  readonly maxIssues: number;
  /** The line of the message's first header, where a cloud-init target reports it. */
  readonly line: number;
}

// A real message has a handful of parts; past this many, the rest are not validated and the
// result is an error (never a verdict on parts not read). Bounds the per-part overhead at 1 MiB.
const MAX_PARTS = 1000;

// Types cloud-init reads the first line of to know what the part is.
const UNTYPED = new Set(['text/plain', 'text/x-not-multipart', 'application/octet-stream', 'application/gzip', 'application/x-gzip']);

type Checked = { readonly result: CloudConfigResult } | { readonly note: string; readonly issue?: CloudConfigInputIssue };

function inputIssue(code: CloudConfigInputIssue['code'], message: string): CloudConfigInputIssue {
  return { code, path: '', pointer: '', message };
}

function checkPart(part: MimePart, validate: PartValidator, maxIssues: number): Checked {
  if (part.type === 'text/cloud-config') return { result: validate(part.body, { requireHeader: false, maxIssues }) };
  if (part.type === 'text/jinja2') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(part.body);
    } catch {
      return { note: 'not UTF-8 text', issue: inputIssue('invalid_encoding', 'this part is not UTF-8 text') };
    }
    // cloud-init's jinja handler fails on a part whose first line is not the template header.
    if (!/^## template: jinja[ \t]*\r?(\n|$)/i.test(text)) {
      return { note: 'a jinja part without its header', issue: inputIssue('jinja_template', 'a text/jinja2 part must start with "## template: jinja"; cloud-init fails to render this part') };
    }
    // The validator renders it (with the instance data, or says what it could not check) and
    // handles the rendered text by its own first line, as cloud-init does.
    return { result: validate(text, { requireHeader: true, maxIssues }) };
  }
  if (UNTYPED.has(part.type)) return { result: validate(part.body, { requireHeader: true, maxIssues }) };
  if (part.type.startsWith('multipart/')) return { note: 'a nested multipart message: not evaluated' };
  return { note: 'not cloud-config (cloud-init handles it at boot); not evaluated' };
}

function inPart<T extends CloudConfigIssue | CloudConfigDeprecation | CloudConfigWarning>(issue: T, ref: CloudConfigPartRef): T {
  return { ...issue, part: ref };
}

/**
 * Validates the parts of MIME multipart user data (`text`: the whole message) and gathers their
 * issues, each marked with its part, into one result with `parts`. Never throws.
 */
export function validateMultipart(text: string, validate: PartValidator, options: MultipartOptions): CloudConfigResult {
  const target = options.target;
  const errors: CloudConfigIssue[] = [];
  const deprecations: CloudConfigDeprecation[] = [];
  const warnings: CloudConfigWarning[] = [];
  if (target !== 'spec') {
    const message = `MIME multipart user data: cloud-init ${target}'s schema check does not read it (an unrecognised header); its parts are checked below`;
    errors.push({ code: 'unsupported_user_data', path: '', pointer: '', message, line: options.line, column: 1, userDataType: 'multipart/mixed' });
  }
  const message = parseMimeMessage(text);
  const parts: CloudConfigPart[] = [];
  if ('error' in message) {
    errors.push({ code: 'unsupported_user_data', path: '', pointer: '', message: `MIME multipart user data that cannot be read: ${message.error}`, line: options.line, column: 1, userDataType: 'multipart/mixed' });
  } else {
    for (const part of message.parts) {
      const ref: CloudConfigPartRef = part.filename === undefined ? { index: part.index } : { index: part.index, filename: part.filename };
      if (part.index > MAX_PARTS) {
        errors.push(inputIssue('input_too_large', `more than ${MAX_PARTS} parts; the ${message.parts.length - MAX_PARTS} after them are not validated`));
        break;
      }
      const checked = checkPart(part, validate, Math.max(1, options.maxIssues - errors.length - deprecations.length - warnings.length));
      if ('note' in checked) {
        if (checked.issue) errors.push(inPart(checked.issue, ref));
        parts.push({ ...ref, type: part.type, evaluated: false, note: checked.note });
        continue;
      }
      const r = checked.result;
      const evaluated = r.note === undefined && !(r.userDataType !== undefined && r.userDataType !== 'text/cloud-config' && r.valid);
      for (const e of r.errors) errors.push(inPart(e, ref));
      for (const d of r.deprecations) deprecations.push(inPart(d, ref));
      for (const w of r.warnings) warnings.push(inPart(w, ref));
      parts.push({ ...ref, type: part.type, evaluated, ...(evaluated ? { valid: r.valid, ...(r.config ? { config: r.config } : {}) } : { note: r.note ?? 'not cloud-config; not evaluated' }) });
    }
  }
  const note = `MIME multipart: ${parts.filter((p) => p.evaluated).length} of ${parts.length} parts validated`;
  if (errors.length === 0) return { valid: true, target, userDataType: 'multipart/mixed', note, errors: [], deprecations, warnings, config: {}, parts };
  return { valid: false, target, userDataType: 'multipart/mixed', note, errors: errors as [CloudConfigIssue, ...CloudConfigIssue[]], deprecations, warnings, config: {}, parts };
}
