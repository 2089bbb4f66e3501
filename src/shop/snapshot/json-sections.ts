// An incremental reader of one JSON object whose members are read one at a time, and whose array members are read
// one element at a time: the shape of a shop snapshot, where `orders` may be larger than any string V8 can hold.
// It scans bytes for the structure only (strings, nesting, commas); each element or member value is handed to the
// native JSON.parse on its own, so memory holds one element, not the document, and parsing stays native speed. An
// element whose end the layout shows (one order per line, or pretty-printed) is not even scanned: see wholeElement.
// UTF-8 never uses bytes below 0x80 inside a multi-byte character, so scanning bytes for ASCII structure is exact.
import { ElementCandidates } from './element-candidates';
import { isSpace, QUOTE, ValueScan } from './value-scan';

/** One piece of the top-level object, in document order. */
export type JsonSection =
  /** A member whose value is not an array (parsed whole). */
  | { readonly kind: 'member'; readonly key: string; readonly value: unknown }
  /** A member whose value is an array: its start, then one `element` per element, then `end`. */
  | { readonly kind: 'array'; readonly key: string }
  | { readonly kind: 'element'; readonly key: string; readonly index: number; readonly value: unknown }
  | { readonly kind: 'end'; readonly key: string; readonly count: number };

/**
 * The text is not JSON (or not an object at the top), or one value is larger than the scanner may hold
 * (`too_large`). `path` locates the member or element being read.
 */
export class JsonSectionsError extends Error {
  override readonly name = 'JsonSectionsError';
  constructor(
    message: string,
    readonly path: readonly (string | number)[],
    readonly code: 'invalid_json' | 'too_large' = 'invalid_json',
  ) {
    super(message);
  }
}

const enum S {
  Start,
  KeyOrEnd,
  Key,
  Colon,
  Value,
  ElementOrEnd,
  Element,
  Raw,
  AfterElement,
  AfterMember,
  Done,
}

// The longest field name (the snapshot's own are a few bytes; the reader remembers unknown top-level ones).
const FIELD_NAME_BYTES = 4096;
const MISS = Symbol('miss'); // what parseCandidate gives for text that is not one JSON value

function describeByte(b: number): string {
  return b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, '0')}`;
}

/**
 * The scanner: feed it byte chunks with `push`, then call `end`; each call returns the sections completed by it.
 * Throws {@link JsonSectionsError} at the first structural error.
 */
export class JsonSectionsScanner {
  private state = S.Start;
  private offset = 0; // bytes consumed before the current chunk
  private key = '';
  private index = 0;
  private inArray = false;
  private members = 0;
  // The value being captured: its pieces from earlier chunks (and their bytes), and where its scan stands.
  private pieces: Uint8Array[] = [];
  private held = 0;
  private readonly scan = new ValueScan();
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly candidates = new ElementCandidates();
  // Elements left to read byte by byte before asking the layout again (wholeElement), and what the last miss cost.
  private skip = 0;
  private misses = 0;
  // The end of the last candidate that missed in this chunk (the chunk's length after a fruitless search): elements
  // starting before it are read byte by byte, or each would search or parse up to it again.
  private missedTo = -1;

  /**
   * `maxValueBytes` bounds one member value or array element, and a field name (at most FIELD_NAME_BYTES anyway): a
   * longer one fails with a `too_large` error as soon as the bytes captured pass it, however the text is cut.
   * `lines: false` reads every element byte by byte (the tests compare the two ways). `readElement` may take an
   * element whose end the layout shows from its bytes instead of JSON.parse: its value, or undefined to parse them.
   */
  constructor(
    private readonly maxValueBytes = Number.POSITIVE_INFINITY,
    private readonly lines = true,
    private readonly readElement: ((key: string, bytes: Uint8Array) => unknown) | undefined = undefined,
  ) {}

  push(chunk: Uint8Array): JsonSection[] {
    const out: JsonSection[] = [];
    let start = this.state === S.Raw || this.state === S.Key ? 0 : -1;
    this.candidates.reset();
    this.missedTo = -1;
    for (let i = 0; i < chunk.length; i += 1) {
      const b = chunk[i] as number;
      switch (this.state) {
        case S.Raw:
        case S.Key:
          if (this.scan.depth > 0 && this.state === S.Raw) {
            const close = this.scan.nested(chunk, i);
            if (close < 0) {
              i = chunk.length;
              break;
            }
            i = close;
            this.finishValue(chunk.subarray(start, i + 1), out);
            start = -1;
          } else if (this.scan.inString) {
            // A field name or a string value: jump to its closing quote natively.
            const q = this.scan.closingQuote(chunk, i);
            if (q < 0) {
              i = chunk.length;
              break;
            }
            i = q;
            this.scan.inString = false;
            if (this.state === S.Key) {
              this.key = this.fieldName(chunk.subarray(start, i + 1), i);
              this.members += 1;
              this.state = S.Colon;
              start = -1;
            } else if (this.scan.depth === 0) {
              this.finishValue(chunk.subarray(start, i + 1), out);
              start = -1;
            }
          } else if (b === QUOTE) this.scan.inString = true;
          else if (b === 0x7b || b === 0x5b) this.scan.depth += 1;
          else if ((b === 0x7d || b === 0x5d || b === 0x2c || isSpace(b)) && this.scan.depth === 0) {
            // A number, true, false or null ends at the first byte that cannot belong to it.
            this.finishValue(chunk.subarray(start, i), out);
            start = -1;
            i -= 1; // the delimiter belongs to the enclosing structure
          }
          break;
        default:
          if (isSpace(b)) break;
          if ((b === 0x7b || b === 0x5b) && (this.state === S.Element || this.state === S.ElementOrEnd) && this.lines) {
            const last = this.wholeElement(chunk, i, out);
            if (last >= 0) {
              i = last;
              break;
            }
          }
          start = this.structural(b, i, out);
      }
    }
    if (start >= 0) {
      this.held += chunk.length - start;
      if (this.held > this.limit()) this.tooLarge();
      this.pieces.push(chunk.slice(start));
    }
    this.offset += chunk.length;
    return out;
  }

  end(): JsonSection[] {
    const out: JsonSection[] = [];
    if (this.state !== S.Done) this.fail('unexpected end of the JSON text', this.offset);
    return out;
  }

  /**
   * Reads the array element starting at `i` at once when the layout tells where it ends (see ElementCandidates: one
   * element per line, as a snapshot written one order per line, or pretty-printed) and that text parses as one value,
   * which is then exactly the element the byte scan would find; its bytes are not scanned. Returns the index of its
   * last byte, or -1 to scan it byte by byte. Misses back off, so text laid out otherwise costs little.
   */
  private wholeElement(chunk: Uint8Array, i: number, out: JsonSection[]): number {
    if (this.skip > 0) {
      this.skip -= 1;
      return -1;
    }
    if (i <= this.missedTo) return -1;
    const last = this.candidates.end(chunk, i);
    if (last === -1) return -1;
    // A fruitless search of the chunk (-2) is a miss as much as a candidate that does not parse, or one too long to
    // hold (the byte scan finds the real end, and fails there if the element is that long).
    const value = last < 0 || last - i >= this.maxValueBytes ? MISS : this.parseCandidate(chunk.subarray(i, last + 1));
    if (value === MISS) {
      this.missedTo = last < 0 ? chunk.length : last;
      this.misses = Math.min(this.misses * 2 + 1, 1024);
      this.skip = this.misses;
      return -1;
    }
    this.misses = 0;
    this.element(value, out);
    return last;
  }

  /** The value of a candidate element's bytes, or MISS when they are not one JSON value (or not UTF-8). */
  private parseCandidate(bytes: Uint8Array): unknown {
    const read = this.readElement?.(this.key, bytes);
    if (read !== undefined) return read;
    try {
      return JSON.parse(this.decoder.decode(bytes)) as unknown;
    } catch {
      return MISS;
    }
  }

  /** Handles a non-space byte outside any captured value; returns where a capture starts (or -1). */
  private structural(b: number, i: number, out: JsonSection[]): number {
    switch (this.state) {
      case S.Start:
        if (b !== 0x7b) this.fail(`expected '{' at the start of a snapshot, found ${describeByte(b)}`, this.offset + i);
        this.state = S.KeyOrEnd;
        return -1;
      case S.KeyOrEnd:
        if (b === 0x7d && this.members === 0) {
          this.state = S.Done;
          return -1;
        }
        if (b !== QUOTE) this.fail(`expected a field name, found ${describeByte(b)}`, this.offset + i);
        this.state = S.Key;
        this.scan.inString = true;
        return i;
      case S.Colon:
        if (b !== 0x3a) this.fail(`expected ':' after "${this.key}", found ${describeByte(b)}`, this.offset + i);
        this.state = S.Value;
        return -1;
      case S.Value:
        if (b === 0x5b) {
          this.inArray = true;
          this.index = 0;
          this.state = S.ElementOrEnd;
          out.push({ kind: 'array', key: this.key });
          return -1;
        }
        return this.beginValue(b, i);
      case S.ElementOrEnd:
      case S.Element:
        if (b === 0x5d && this.state === S.ElementOrEnd) return this.endArray(out);
        if (b === 0x5d || b === 0x2c) this.fail(`expected a value, found ${describeByte(b)}`, this.offset + i);
        return this.beginValue(b, i);
      case S.AfterElement:
        if (b === 0x2c) this.state = S.Element;
        else if (b === 0x5d) this.endArray(out);
        else this.fail(`expected ',' or ']', found ${describeByte(b)}`, this.offset + i);
        return -1;
      case S.AfterMember:
        if (b === 0x2c) this.state = S.KeyOrEnd;
        else if (b === 0x7d) this.state = S.Done;
        else this.fail(`expected ',' or '}', found ${describeByte(b)}`, this.offset + i);
        return -1;
      case S.Done:
        return this.fail(`unexpected ${describeByte(b)} after the end of the snapshot`, this.offset + i);
      default:
        return -1;
    }
  }

  private beginValue(b: number, i: number): number {
    this.state = S.Raw;
    this.scan.depth = 0;
    this.scan.inString = false;
    this.scan.escaped = false;
    if (b === QUOTE) this.scan.inString = true;
    else if (b === 0x7b || b === 0x5b) this.scan.depth = 1;
    return i;
  }

  private endArray(out: JsonSection[]): number {
    out.push({ kind: 'end', key: this.key, count: this.index });
    this.inArray = false;
    this.state = S.AfterMember;
    return -1;
  }

  private finishValue(last: Uint8Array, out: JsonSection[]): void {
    const text = this.text(last);
    let value: unknown;
    try {
      value = JSON.parse(text ?? '') as unknown;
    } catch (error) {
      throw new JsonSectionsError(`invalid JSON: ${error instanceof Error ? error.message : String(error)}`, this.path());
    }
    if (this.inArray) this.element(value, out);
    else {
      out.push({ kind: 'member', key: this.key, value });
      this.state = S.AfterMember;
    }
  }

  /** The captured bytes (earlier pieces plus `last`) as text; undefined when they are not UTF-8. */
  private text(last: Uint8Array): string | undefined {
    if (this.held + last.length > this.limit()) this.tooLarge();
    let bytes = last;
    if (this.pieces.length > 0) {
      const size = this.held + last.length;
      bytes = new Uint8Array(size);
      let at = 0;
      for (const p of this.pieces) {
        bytes.set(p, at);
        at += p.length;
      }
      bytes.set(last, at);
      this.pieces = [];
      this.held = 0;
    }
    try {
      return this.decoder.decode(bytes);
    } catch {
      throw new JsonSectionsError('invalid JSON: the text is not UTF-8', this.path());
    }
  }

  /** The field name whose quoted text ends at byte `at` of the chunk (escapes resolved). */
  private fieldName(last: Uint8Array, at: number): string {
    const text = this.text(last) ?? '""';
    try {
      return JSON.parse(text) as string;
    } catch (error) {
      // A bad escape (`"a\x"`): an issue like any other invalid JSON, not an exception out of the reader.
      return this.fail(`a field name is not a JSON string: ${error instanceof Error ? error.message : String(error)}`, this.offset + at);
    }
  }

  /** An array element read: handed out, and the next one expected after a comma. */
  private element(value: unknown, out: JsonSection[]): void {
    out.push({ kind: 'element', key: this.key, index: this.index, value });
    this.index += 1;
    this.state = S.AfterElement;
  }

  /** Where the field name, member or element being captured sits. */
  private path(): (string | number)[] {
    return this.state === S.Key ? [] : this.inArray ? [this.key, this.index] : [this.key];
  }

  /** The most bytes of what is being captured: a field name or a value. */
  private limit(): number {
    return this.state === S.Key ? Math.min(this.maxValueBytes, FIELD_NAME_BYTES) : this.maxValueBytes;
  }

  /** The value being captured is longer than its limit. */
  private tooLarge(): never {
    const what = this.state === S.Key ? 'a field name' : this.inArray ? 'this element' : 'this value';
    throw new JsonSectionsError(`${what} is longer than ${this.limit()} bytes, the most a streamed snapshot may hold at once (maxValueBytes)`, this.path(), 'too_large');
  }

  private fail(message: string, at: number): never {
    throw new JsonSectionsError(`invalid JSON: ${message} (byte ${at})`, []);
  }
}
