// The scanning state of a JSON value being captured by the section scanner (json-sections.ts), kept across chunks:
// its nesting depth and whether it is inside a string (and after a backslash at a chunk's end). Only quotes,
// backslashes in strings and brackets are looked at; JSON.parse checks the rest once the value is complete.

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `b` is JSON whitespace. */
export function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** Where the captured value stands; `depth` 0 and not `inString`: a scalar or nothing. */
export class ValueScan {
  depth = 0;
  inString = false;
  escaped = false;

  /**
   * The index of the quote ending the current string at or after `from`, or -1 when the chunk ends first (then
   * `escaped` says whether its last backslash escapes the next chunk's first byte).
   */
  closingQuote(chunk: Uint8Array, from: number): number {
    let at = from;
    if (this.escaped) {
      this.escaped = false;
      at += 1;
    }
    const begin = at;
    for (;;) {
      const q = chunk.indexOf(QUOTE, at);
      const end = q < 0 ? chunk.length : q;
      let slashes = 0;
      while (end - slashes - 1 >= begin && chunk[end - slashes - 1] === BACKSLASH) slashes += 1;
      if (q < 0) {
        this.escaped = slashes % 2 === 1;
        return -1;
      }
      if (slashes % 2 === 0) return q;
      at = q + 1;
    }
  }

  /**
   * Scans an object or array being captured (depth > 0) from `from` in one tight loop: inside it only quotes and
   * brackets matter. Returns the index of the bracket that closes it, or -1 at the chunk's end (depth and string
   * state kept for the next chunk).
   */
  nested(chunk: Uint8Array, from: number): number {
    let depth = this.depth;
    let i = from;
    if (this.inString) {
      const q = this.closingQuote(chunk, i);
      if (q < 0) return -1;
      this.inString = false;
      i = q + 1;
    }
    for (; i < chunk.length; i += 1) {
      const c = chunk[i] as number;
      if (c === QUOTE) {
        const q = this.closingQuote(chunk, i + 1);
        if (q < 0) {
          this.inString = true;
          break;
        }
        i = q;
      } else if (c === 0x7b || c === 0x5b) depth += 1;
      else if ((c === 0x7d || c === 0x5d) && --depth === 0) {
        this.depth = 0;
        return i;
      }
    }
    this.depth = depth;
    return -1;
  }
}

/** Bytes from a source of chunks: strings are encoded as UTF-8 (a Node `Readable` with an encoding yields them). */
export function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
}
