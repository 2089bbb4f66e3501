import type { CloudConfigInputIssue } from '../cloud-config-issue';
import type { TemplateMap } from './render-jinja';
import { EnginesNotLoaded, type RenderJinja } from './user-data-engines';

/** How raw user data is read; see `ValidateCloudConfigOptions` for the public meaning of each. */
export interface ReadUserDataOptions {
  readonly requireHeader: boolean;
  readonly maxBytes: number;
  readonly instanceData: Readonly<Record<string, unknown>> | undefined;
  /**
   * `user-data-types` (cloud-init 23.2 on): the header names a user-data type, jinja is rendered,
   * other types are not validated. `cloud-config-prefix` (22.1 to 23.1): only bytes beginning
   * with `#cloud-config` are read, all of it as YAML; anything else is a header error.
   */
  readonly headerRule?: 'user-data-types' | 'cloud-config-prefix' | undefined;
  /** The jinja engine; without it a template throws EnginesNotLoaded (the CLI loads it when a file first needs it). */
  readonly renderJinja?: RenderJinja | undefined;
}

/** Raw user data sorted into what the validator does next. */
export type UserData =
  | { readonly kind: 'empty' }
  | { readonly kind: 'cloud-config'; readonly text: string; readonly template?: TemplateMap }
  | { readonly kind: 'other'; readonly userDataType: string; readonly header: string; readonly line: number }
  | { readonly kind: 'multipart'; readonly text: string; readonly line: number }
  | { readonly kind: 'rejected'; readonly issue: CloudConfigInputIssue };

// The first-line markers cloud-init 26.2 recognises, with the MIME type it gives each. The
// longest matching prefix wins, so `#cloud-config-archive` is not read as `#cloud-config` (the
// three `text/x-shellscript-per-*` entries are cloud-init's own, used inside MIME messages).
const HEADERS: readonly (readonly [prefix: string, type: string])[] = [
  ['text/x-shellscript-per-instance', 'text/x-shellscript-per-instance'],
  ['text/x-shellscript-per-boot', 'text/x-shellscript-per-boot'],
  ['text/x-shellscript-per-once', 'text/x-shellscript-per-once'],
  ['#cloud-config-archive', 'text/cloud-config-archive'],
  ['#cloud-config-jsonp', 'text/cloud-config-jsonp'],
  ['#cloud-config', 'text/cloud-config'],
  ['#cloud-boothook', 'text/cloud-boothook'],
  ['#include-once', 'text/x-include-once-url'],
  ['#include', 'text/x-include-url'],
  ['#part-handler', 'text/part-handler'],
  ['#!', 'text/x-shellscript'],
];

// gzip needs node:zlib, reached through `process.getBuiltinModule` (Node 20.16+ and 22.3+, and other runtimes that provide it) for the first
// gzip input only: never imported, so the validator bundles for browsers with no stub and importing it does not load
// zlib. The validator is synchronous, and a browser's DecompressionStream is not, so where there is no
// getBuiltinModule gzip input gets a clear issue (decompress it first) instead of a verdict.
type Gunzip = (data: Uint8Array, options: { maxOutputLength: number }) => Uint8Array;
let gunzip: Gunzip | null | undefined;
function nodeGunzip(): Gunzip | null {
  if (gunzip === undefined) {
    const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const zlib = node?.getBuiltinModule?.('node:zlib') as { gunzipSync: Gunzip } | undefined;
    gunzip = zlib ? (data, options) => zlib.gunzipSync(data, options) : null;
  }
  return gunzip;
}

const GZIP_UNAVAILABLE =
  'user data is gzip-compressed, and decompression is not available in this runtime (it needs process.getBuiltinModule, Node 20.16+); decompress it first';

// MIME multipart is not a type `cloud-init schema -c` reads (it reports an unrecognised header);
// its parts are validated one by one (validate-multipart.ts).
const MIME = ['content-type:', 'mime-version:'];

const JINJA_HEADER = '## template: jinja';
const CLOUD_CONFIG_HEADER = '#cloud-config';

function rejected(code: CloudConfigInputIssue['code'], message: string, line?: number, userDataType?: string): UserData {
  const position = line === undefined ? {} : { line, column: 1 };
  return { kind: 'rejected', issue: { code, path: '', pointer: '', message, ...position, ...(userDataType ? { userDataType } : {}) } };
}

/** The prefix of the longest header the text starts with (as cloud-init matches it: lower-cased). */
function headerOf(head: string): readonly [prefix: string, type: string] | undefined {
  for (const header of HEADERS) if (head.startsWith(header[0])) return header;
  return undefined;
}

function decode(bytes: Uint8Array, maxBytes: number): string | UserData {
  let data = bytes;
  // cloud-init accepts gzip-compressed user data (clouds limit its size); inflate with a cap so a
  // small gzip bomb cannot expand without bound.
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) {
    const inflate = nodeGunzip();
    if (inflate === null) return rejected('invalid_encoding', GZIP_UNAVAILABLE);
    try {
      data = inflate(data, { maxOutputLength: maxBytes });
    } catch (error) {
      const tooLarge = error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      return tooLarge
        ? rejected('input_too_large', `gzip user data expands beyond the ${maxBytes}-byte limit`)
        : rejected('invalid_encoding', 'user data starts like gzip but does not decompress');
    }
  }
  try {
    // ignoreBOM keeps a byte-order mark in the text: cloud-init does not accept one before the header.
    return (utf8 ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })).decode(data);
  } catch {
    // A fresh decoder for the next input, so nothing of the failed one's state can carry over.
    utf8 = undefined;
    return rejected('invalid_encoding', 'user data is not UTF-8 text');
  }
}

// One decoder for every input (each decode is whole, not streamed): constructing one per input was
// a fixed cost of every validation of bytes, the CLI's input.
let utf8: InstanceType<typeof TextDecoder> | undefined;

/** Where the text starts after leading whitespace (as `trimStart` sees it), without copying the text. */
function contentStart(text: string): number {
  const start = text.search(/\S/);
  return start === -1 ? text.length : start;
}

function lineOfFirstContent(text: string, start: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function firstLine(text: string): string {
  return text.trimStart().split(/\r?\n/, 1)[0] ?? '';
}

function classify(text: string, options: ReadUserDataOptions, rendered: boolean): UserData {
  // JavaScript's trimStart() would drop a byte-order mark; cloud-init's header check does not.
  if (text.startsWith('\uFEFF')) {
    if (!options.requireHeader) return classify(text.slice(1), options, rendered);
    return rejected('missing_header', 'a byte-order mark precedes the first line; cloud-init needs "#cloud-config" at the very start', 1);
  }
  const start = contentStart(text);
  // The usual header, as written: nothing else (a longer header, jinja) can match, so the
  // lower-cased head and the line number are not needed.
  if (text.startsWith(CLOUD_CONFIG_HEADER, start) && text.charCodeAt(start + CLOUD_CONFIG_HEADER.length) !== 0x2d) return { kind: 'cloud-config', text };
  const head = text.slice(start, start + 40).toLowerCase();
  const line = lineOfFirstContent(text, start);
  if (!rendered && head.startsWith(JINJA_HEADER)) {
    // cloud-init removes the first line as the template's header: anything before it (a blank
    // line, spaces) makes it a template without the header, which cloud-init refuses.
    if (start !== 0) {
      return rejected('jinja_template', 'the "## template: jinja" header must be the very first line: cloud-init finds the jinja type but reads the first line as the template header', line);
    }
    if (options.renderJinja === undefined) throw new EnginesNotLoaded();
    const result = options.renderJinja(text, options.instanceData, options.maxBytes);
    if ('issue' in result) return { kind: 'rejected', issue: result.issue };
    const next = classify(result.text, options, true);
    if (next.kind === 'cloud-config') return { ...next, template: result.map };
    if (next.kind === 'rejected' && next.issue.line !== undefined) return { kind: 'rejected', issue: { ...next.issue, ...result.map.position(next.issue.line, next.issue.column ?? 1) } };
    return next;
  }
  const match = headerOf(head);
  if (match?.[1] === 'text/cloud-config') return { kind: 'cloud-config', text };
  if (match) return { kind: 'other', userDataType: match[1], header: match[0], line };
  const mime = MIME.find((prefix) => head.startsWith(prefix));
  if (mime) return { kind: 'multipart', text, line };
  if (!options.requireHeader) return { kind: 'cloud-config', text };
  const shown = firstLine(text);
  // Quote the first line only when it is a comment: a config without its header starts with data,
  // which could be a secret.
  const found = shown.startsWith('#') ? `found ${JSON.stringify(shown.length > 40 ? `${shown.slice(0, 40)}…` : shown)}` : 'found data instead';
  return rejected('missing_header', `expected "#cloud-config" as the first line, ${found}`, line);
}

/**
 * Turns text or bytes into cloud-config text, or explains why it is not cloud-config: the header
 * rules of cloud-init (`#cloud-config` first, case-insensitive, leading whitespace allowed), other
 * user-data types, jinja templates, gzip, encoding and size.
 */
export function readUserData(input: string | Uint8Array, options: ReadUserDataOptions): UserData {
  if (input.length > options.maxBytes) {
    const unit = typeof input === 'string' ? 'characters' : 'bytes';
    return rejected('input_too_large', `user data is ${input.length} ${unit}, over the limit of ${options.maxBytes}`);
  }
  if (options.headerRule === 'cloud-config-prefix') return prefixedCloudConfig(input, options);
  const text = typeof input === 'string' ? input : decode(input, options.maxBytes);
  if (typeof text !== 'string') return text;
  if (text.length === 0) return { kind: 'empty' };
  return classify(text, options, false);
}

const PREFIX_BYTES = new TextEncoder().encode(CLOUD_CONFIG_HEADER);

/**
 * Releases up to 23.1 test the file's first bytes (before any decoding: gzip, a byte-order mark
 * or leading space fail) for `#cloud-config`, case-sensitively, and then load the whole file as
 * YAML, so `#cloud-config-archive` is read as cloud-config too.
 */
function prefixedCloudConfig(input: string | Uint8Array, options: ReadUserDataOptions): UserData {
  const prefixed = typeof input === 'string' ? input.startsWith(CLOUD_CONFIG_HEADER) : PREFIX_BYTES.every((byte, i) => input[i] === byte);
  if (!prefixed && options.requireHeader) {
    const shown = typeof input === 'string' ? firstLine(input) : '';
    const found = shown.startsWith('#') ? `found ${JSON.stringify(shown.length > 40 ? `${shown.slice(0, 40)}…` : shown)}` : 'found something else';
    return rejected('missing_header', `this cloud-init release reads only a file whose first bytes are "#cloud-config" (no jinja, no other user-data type), ${found}`, 1);
  }
  const text = typeof input === 'string' ? input : decode(input, options.maxBytes);
  return typeof text === 'string' ? { kind: 'cloud-config', text } : text;
}
