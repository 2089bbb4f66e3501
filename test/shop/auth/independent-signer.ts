/**
 * An OAuth 1.0a one-legged signer written from RFC 5849 for the tests, sharing no code with src/: percent-encoding
 * is done byte by byte from the UTF-8 form, and the HMAC comes from WebCrypto-free node:crypto calls made here.
 */
import { createHmac } from 'node:crypto';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** RFC 3986 section 2.1 encoding of the UTF-8 bytes, unreserved characters kept. */
export function rfc3986(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** How the wire query encodes spaces: `%20` (request / qs) or `+` (axios). */
export type SpaceStyle = '%20' | '+';

export interface SignInput {
  readonly method: string;
  /** Everything before the query, e.g. `http://127.0.0.1:8080/wc-api/v1/orders`. */
  readonly url: string;
  /** Decoded query parameters (names unique). */
  readonly params: readonly (readonly [string, string])[];
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly signatureMethod?: 'HMAC-SHA1' | 'HMAC-SHA256' | string;
  readonly nonce?: string;
  /** Unix seconds. */
  readonly timestamp?: number;
  /** `v1`: key is the encoded secret alone (legacy v1); `rfc`: secret + `&` (RFC 5849, newer clients). */
  readonly keyStyle?: 'v1' | 'rfc';
  readonly spaces?: SpaceStyle;
  /** Extra pairs appended to the wire after signing (e.g. the duplicate `filter[...]` the real client sends). */
  readonly duplicateOnWire?: boolean;
}

let counter = 0;

/** Signs and returns the path + query to send, and the base string used (for debugging failures). */
export function signRequest(input: SignInput): { pathAndQuery: string; baseString: string; signature: string } {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', input.consumerKey],
    ['oauth_nonce', input.nonce ?? `nonce${Date.now()}x${counter++}`],
    ['oauth_signature_method', input.signatureMethod ?? 'HMAC-SHA256'],
    ['oauth_timestamp', String(input.timestamp ?? Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const all = [...input.params, ...oauth].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const);
  all.sort((a, b) => compareBytes(a[0], b[0]) || compareBytes(a[1], b[1]));
  const parameterString = all.map(([k, v]) => `${k}=${v}`).join('&');
  const baseString = [input.method.toUpperCase(), rfc3986(input.url), rfc3986(parameterString)].join('&');
  const key = rfc3986(input.consumerSecret) + (input.keyStyle === 'rfc' ? '&' : '');
  const algorithm = (input.signatureMethod ?? 'HMAC-SHA256') === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const signature = createHmac(algorithm, key).update(baseString).digest('base64');
  const wire = (pairs: readonly (readonly [string, string])[]) =>
    pairs.map(([k, v]) => `${wireEncode(k, input.spaces)}=${wireEncode(v, input.spaces)}`);
  const parts = [...wire(input.params), ...wire(oauth)];
  if (input.duplicateOnWire) parts.push(...wire(input.params));
  parts.push(...wire([['oauth_signature', signature]]));
  const path = new URL(input.url).pathname;
  return { pathAndQuery: `${path}?${parts.join('&')}`, baseString, signature };
}

function wireEncode(text: string, spaces: SpaceStyle = '%20'): string {
  const encoded = rfc3986(text);
  return spaces === '+' ? encoded.replace(/%20/g, '+') : encoded;
}

function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
