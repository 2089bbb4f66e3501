// Where an array element probably ends, found from the layout of the text instead of by scanning every byte of it,
// for the section scanner (json-sections.ts), which then parses the candidate at once. Correct whatever it answers:
// the scanner keeps a candidate only when it parses as one JSON value, and a value starting with `{` or `[` ends at
// its matching bracket, so a candidate that parses is exactly the element the byte scan would find. It looks at
// line breaks only: a line break is never inside a JSON string, so they are always layout.

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** Candidate ends within one chunk at a time (`reset` for each new chunk). */
export class ElementCandidates {
  // Where the first line break at or after the last start asked about is (chunk.length: none), -1: not looked for.
  private lineEnd = -1;

  reset(): void {
    this.lineEnd = -1;
  }

  /**
   * The index of the last byte of the element starting at `start` (a `{` or `[`), if the layout tells: the rest of
   * its line (one element per line, less a trailing comma), or, when its line ends right after the opening bracket
   * (pretty-printed), up to the first line that starts with the element's own indentation and its closing bracket.
   * -1 when the chunk ends first (the element may go on in the next one) or the layout says nothing; -2 when the
   * rest of the chunk was searched for the closing line in vain (a miss that cost time: the caller backs off).
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
    for (let nl = this.lineEnd; nl >= 0 && nl + indent + 1 < chunk.length; nl = chunk.indexOf(0x0a, nl + 1)) {
      let k = 0;
      while (k < indent && chunk[nl + 1 + k] === chunk[lineStart + k]) k += 1;
      if (k === indent && chunk[nl + 1 + indent] === close) return nl + 1 + indent;
    }
    return -2;
  }
}
