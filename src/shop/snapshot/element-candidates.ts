// Where an array element probably ends, found from the layout of the text instead of by scanning every byte of it,
// for the section scanner (json-sections.ts), which then parses the candidate at once. Correct whatever it answers:
// the scanner keeps a candidate only when it parses as one JSON value, and a value starting with `{` or `[` ends at
// its matching bracket, so a candidate that parses is exactly the element the byte scan would find. It looks at
// line breaks only: a line break is never inside a JSON string, so they are always layout.

import { isSpace } from './value-scan';

/** Whether the `length` bytes at `a` and at `b` are the same. */
function same(chunk: Uint8Array, a: number, b: number, length: number): boolean {
  let k = 0;
  while (k < length && chunk[a + k] === chunk[b + k]) k += 1;
  return k === length;
}

/** Candidate ends within one chunk at a time (`reset` for each new chunk). */
export class ElementCandidates {
  // Where the first line break at or after the last start asked about is (chunk.length: none), -1: not looked for.
  private lineEnd = -1;
  // The start of the indentation whose closing line the rest of the chunk lacks (-1: none), its length and bracket.
  private searched = -1;
  private searchedIndent = 0;
  private searchedClose = 0;

  reset(): void {
    this.lineEnd = -1;
    this.searched = -1;
  }

  /**
   * The index of the last byte of the element starting at `start` (a `{` or `[`), if the layout tells: the rest of
   * its line (one element per line, less a trailing comma), or, when its line ends right after the opening bracket
   * (pretty-printed), up to the first line that starts with the element's own indentation and its closing bracket.
   * -1 when the chunk ends first (the element may go on in the next one) or the layout says nothing; -2 when the rest
   * of the chunk was searched for the closing line and holds none (a costly answer: the caller backs off).
   */
  end(chunk: Uint8Array, start: number): number {
    if (this.lineEnd < start) {
      const at = chunk.indexOf(0x0a, start);
      this.lineEnd = at < 0 ? chunk.length : at;
    }
    if (this.lineEnd === chunk.length) return -1;
    let last = this.lineEnd - 1;
    while (isSpace(chunk[last] as number)) last -= 1;
    if (last > start) return chunk[last] === 0x2c ? last - 1 : last;
    return this.closingLine(chunk, start);
  }

  private closingLine(chunk: Uint8Array, start: number): number {
    let lineStart = start;
    while (lineStart > 0 && (chunk[lineStart - 1] === 0x20 || chunk[lineStart - 1] === 0x09)) lineStart -= 1;
    // The indentation must be known whole: it starts after a line break in this chunk.
    if (lineStart === 0 || chunk[lineStart - 1] !== 0x0a) return -1;
    const indent = start - lineStart;
    const close = chunk[start] === 0x7b ? 0x7d : 0x5d;
    if (this.searched >= 0 && this.searchedIndent === indent && this.searchedClose === close && same(chunk, lineStart, this.searched, indent)) return -1;
    for (let nl = this.lineEnd; nl >= 0 && nl + indent + 1 < chunk.length; nl = chunk.indexOf(0x0a, nl + 1)) {
      if (same(chunk, nl + 1, lineStart, indent) && chunk[nl + 1 + indent] === close) return nl + 1 + indent;
    }
    // No such line in the rest of the chunk, so none after a later element with this indentation either: remember
    // that, or elements whose closing lines are indented otherwise would each search the rest of the chunk again.
    // Only the last indentation is remembered, so layouts that alternate are bounded by the caller's backoff.
    this.searched = lineStart;
    this.searchedIndent = indent;
    this.searchedClose = close;
    return -2;
  }
}
