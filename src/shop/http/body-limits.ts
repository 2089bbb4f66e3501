// The bounds on a request body, checked before it is parsed: its size in bytes, and how deeply its JSON nests, both
// in one pass over the text, so no body within the limits costs more than reading it.

/**
 * The default largest request body, in bytes: 64 KiB. The only body the API reads is a status change with a note
 * (`{"status":"completed","note":"..."}`), so this leaves a note of tens of thousands of characters room while
 * keeping the text the handler reads and parses small. Configure it with `createShopApi({ maxBodyBytes })`; the
 * Express and Koa adapters read at most the API's limit unless given their own `maxBodyBytes`.
 *
 * @example
 * ```ts
 * createShopApi({ repository, maxBodyBytes: DEFAULT_MAX_BODY_BYTES * 2 });
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * The deepest nesting of arrays and objects a JSON body may have: 32 (a status change nests 2 deep). Checked by a
 * linear scan of the text before `JSON.parse`, so a deeply nested body is a 400, never a long parse.
 *
 * @example
 * ```ts
 * const body = '['.repeat(MAX_BODY_DEPTH + 1); // answered 400 shop_api_invalid_body
 * ```
 */
export const MAX_BODY_DEPTH = 32;

/** The UTF-8 size of a string, in bytes, counting only as far as needed to know whether it exceeds `max`. */
export function utf8LengthExceeds(text: string, max: number): boolean {
  // Every UTF-16 unit is 1 to 3 bytes in UTF-8 (a surrogate pair, 2 units, is 4 bytes).
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
    if (bytes > max) return true;
  }
  return false;
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`, in one pass: brackets inside strings (escapes
 * included) do not count. Says nothing about validity; `JSON.parse` decides that afterwards.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next unit is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
