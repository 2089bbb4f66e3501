// MIME multipart user data, as `cloud-init devel make-mime`, Terraform's `cloudinit_config` and
// cloud consoles write it: a `multipart/mixed` message whose parts each carry a Content-Type
// (`text/cloud-config`, `text/x-shellscript`, `text/jinja2`, ...), optionally a filename and a
// transfer encoding. Only what cloud-init reads from such a message is read here; the module is
// kept small because the synchronous validator loads it with everything else.

/** One part of a multipart message, its body decoded to bytes. */
export interface MimePart {
  /** 1-based, in the order of the message. */
  readonly index: number;
  /** The Content-Type without parameters, lower-cased; `text/plain` when the part names none. */
  readonly type: string;
  readonly filename?: string | undefined;
  readonly body: Uint8Array;
}

/** The parts of a message, or why it could not be read as one. */
export type MimeMessage = { readonly parts: readonly MimePart[] } | { readonly error: string };

interface Headers {
  readonly values: ReadonlyMap<string, string>;
  /** Offset of the body: just past the blank line that ends the headers. */
  readonly bodyStart: number;
}

/** Headers from `start` to the first blank line, continuation lines unfolded, names lower-cased. */
function readHeaders(text: string, start: number, end: number): Headers {
  const values = new Map<string, string>();
  let at = start;
  let last: string | undefined;
  while (at < end) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const line = text.slice(at, lineEnd).replace(/\r$/, '');
    at = lineEnd + 1;
    if (line === '') break;
    if ((line[0] === ' ' || line[0] === '\t') && last !== undefined) {
      values.set(last, `${values.get(last)!} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    // The first of a repeated header counts, as Python's email.message does for get().
    if (!values.has(last)) values.set(last, line.slice(colon + 1).trim());
  }
  return { values, bodyStart: Math.min(at, end) };
}

/** A parameter (`boundary`, `filename`) of a structured header value, unquoted. */
function parameter(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(value);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

function mediaType(value: string | undefined): string {
  const type = (value ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === '' ? 'text/plain' : type;
}

const encoder = new TextEncoder();

function latin1Bytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i) & 0xff;
  return bytes;
}

/** Quoted-printable: `=XX` is a byte, `=` at a line end joins lines, the rest is text. */
function quotedPrintable(body: string): Uint8Array {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-Fa-f]{2}$/.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      for (const b of encoder.encode(text[i]!)) bytes.push(b);
    }
  }
  return Uint8Array.from(bytes);
}

/** The body as bytes after its Content-Transfer-Encoding (base64, quoted-printable, or as it is). */
function decodeBody(body: string, encoding: string | undefined): Uint8Array | undefined {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64':
      try {
        return latin1Bytes(atob(body.replace(/[\s]+/g, '')));
      } catch {
        return undefined;
      }
    case 'quoted-printable':
      return quotedPrintable(body);
    default:
      return encoder.encode(body);
  }
}

/**
 * Splits a MIME message (its text, already decompressed) into parts. A message that is not
 * `multipart/*` is one part. Linear in the text: each delimiter line is found once.
 */
export function parseMimeMessage(text: string): MimeMessage {
  const top = readHeaders(text, 0, text.length);
  const type = mediaType(top.values.get('content-type'));
  if (!type.startsWith('multipart/')) {
    const body = decodeBody(text.slice(top.bodyStart), top.values.get('content-transfer-encoding'));
    if (body === undefined) return { error: 'the message body is not valid base64' };
    return { parts: [{ index: 1, type, filename: parameter(top.values.get('content-disposition'), 'filename'), body }] };
  }
  const boundary = parameter(top.values.get('content-type'), 'boundary');
  if (boundary === undefined || boundary === '') return { error: 'the multipart message names no boundary' };
  const delimiter = `--${boundary}`;
  // Offsets of each delimiter line, found by searching for the delimiter at line starts.
  const starts: { at: number; close: boolean; next: number }[] = [];
  for (let at = text.startsWith(delimiter, top.bodyStart) ? top.bodyStart : text.indexOf(`\n${delimiter}`, top.bodyStart); at !== -1; ) {
    const lineStart = text[at] === '\n' ? at + 1 : at;
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const rest = text.slice(lineStart + delimiter.length, lineEnd).trimEnd();
    if (rest === '' || rest === '--') {
      starts.push({ at, close: rest === '--', next: Math.min(lineEnd + 1, text.length) });
      if (rest === '--') break;
    }
    at = text.indexOf(`\n${delimiter}`, lineEnd);
  }
  const parts: MimePart[] = [];
  for (let i = 0; i < starts.length; i++) {
    const open = starts[i]!;
    if (open.close) break;
    // A part ends where the next delimiter line starts (its line break belongs to the delimiter).
    let end = starts[i + 1]?.at ?? text.length;
    if (end > open.next && text[end - 1] === '\r') end--;
    const headers = readHeaders(text, open.next, end);
    const body = decodeBody(text.slice(headers.bodyStart, end), headers.values.get('content-transfer-encoding'));
    if (body === undefined) return { error: `part ${parts.length + 1} is not valid base64` };
    const filename = parameter(headers.values.get('content-disposition'), 'filename');
    parts.push({ index: parts.length + 1, type: mediaType(headers.values.get('content-type')), filename, body });
  }
  return { parts };
}
