// The values of an order's JSON read from its bytes and written as COPY text (see order-json-encoder.ts): each
// reader accepts only the exact form JSON.stringify writes and the usual path would write the same way, and throws
// DECLINE at anything else. The byte-level checks stand in for JSON.parse, the order schema and the COPY writer's.
import { Decimal } from 'decimal.js';
import { ExactDecimal } from '../../../reports/sales-exact-sum';
import { daysInMonth } from '../../../snapshot/snapshot-instant';

/** Thrown by a reader to give the order up; never leaves the encoder. */
export const DECLINE = new Error('declined');

/** One table's rows of the last encoded order, as COPY text bytes. */
export class RowBuffer {
  buf = new Uint8Array(1024);
  length = 0;

  ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** The byte cursor over one order's JSON and its value readers. */
/** A key and its colon (`,"name":`) as little-endian 32-bit words and the bytes after the last whole word. */
export class JsonKey {
  readonly words: number[] = [];
  readonly rest: Uint8Array;
  readonly length: number;

  constructor(text: string) {
    const bytes = new TextEncoder().encode(text);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i + 4 <= bytes.length; i += 4) this.words.push(view.getUint32(i, true));
    this.rest = bytes.subarray(4 * this.words.length);
    this.length = bytes.length;
  }
}

export class JsonCopyValues {
  protected b: Uint8Array = new Uint8Array(0);
  protected dv: DataView = new DataView(new ArrayBuffer(0));
  protected p = 0;
  protected end = 0;
  // Where the search text's strings are in the order's bytes: [from, to) pairs of their contents, escapes as written.
  protected readonly spans: number[] = [];


  protected byte(c: number): void {
    if (this.b[this.p] !== c) throw DECLINE;
    this.p += 1;
  }

  /** The bytes of `k` at the cursor, compared four at a time (keys are most of an order's bytes after its strings). */
  protected key(k: JsonKey): void {
    const p = this.p;
    if (p + k.length > this.end) throw DECLINE;
    const words = k.words;
    const dv = this.dv;
    for (let i = 0; i < words.length; i += 1) if (dv.getUint32(p + 4 * i, true) !== words[i]) throw DECLINE;
    const b = this.b;
    const rest = k.rest;
    const at = p + 4 * words.length;
    for (let i = 0; i < rest.length; i += 1) if (b[at + i] !== rest[i]) throw DECLINE;
    this.p = p + k.length;
  }

  protected out(r: RowBuffer, c: number): void {
    r.ensure(1);
    r.buf[r.length++] = c;
  }

  protected tab(r: RowBuffer): void {
    this.out(r, 9);
  }

  /** A safe integer >= min written as JSON writes it (no sign, no leading zero), copied; its value. */
  protected integer(r: RowBuffer, min: number): number {
    const b = this.b;
    const start = this.p;
    let p = start;
    let v = 0;
    while (p < this.end && (b[p] as number) >= 0x30 && (b[p] as number) <= 0x39) {
      v = v * 10 + ((b[p] as number) - 0x30); // (the digit first: v * 10 + b[p] may pass 2^53 and round)
      p += 1;
    }
    const n = p - start;
    if (n === 0 || n > 16 || (b[start] === 0x30 && n > 1) || v > Number.MAX_SAFE_INTEGER || v < min) throw DECLINE;
    this.p = p;
    r.ensure(n);
    for (let i = start; i < p; i += 1) r.buf[r.length++] = b[i] as number;
    return v;
  }

  /** A non-negative safe integer's digits. */
  protected digits(r: RowBuffer, n: number): void {
    if (n > Number.MAX_SAFE_INTEGER) throw DECLINE;
    r.ensure(16);
    const buf = r.buf;
    if (n < 10) {
      buf[r.length++] = 0x30 + n;
      return;
    }
    let width = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) width += 1;
    let q = r.length + width;
    r.length = q;
    for (let x = n; q > r.length - width; x = Math.floor(x / 10)) buf[--q] = 0x30 + (x % 10);
  }

  /** `null` (then `\N` written, true) or nothing consumed (false). */
  protected null(r: RowBuffer): boolean {
    const b = this.b;
    const p = this.p;
    if (b[p] !== 0x6e || b[p + 1] !== 0x75 || b[p + 2] !== 0x6c || b[p + 3] !== 0x6c) return false;
    this.p = p + 4;
    this.out(r, 0x5c);
    this.out(r, 0x4e);
    return true;
  }

  protected boolean(r: RowBuffer): void {
    const b = this.b;
    const p = this.p;
    if (b[p] === 0x74 && b[p + 1] === 0x72 && b[p + 2] === 0x75 && b[p + 3] === 0x65) {
      this.p = p + 4;
      this.out(r, 0x74);
    } else if (b[p] === 0x66 && b[p + 1] === 0x61 && b[p + 2] === 0x6c && b[p + 3] === 0x73 && b[p + 4] === 0x65) {
      this.p = p + 5;
      this.out(r, 0x66);
    } else throw DECLINE;
  }

  /** The checked string contents [from, to) as COPY text (ASCII letters lowercased with `fold`). */
  protected copy(r: RowBuffer, from: number, to: number, fold: boolean): void {
    const b = this.b;
    r.ensure(to - from);
    const buf = r.buf;
    let q = r.length;
    for (let p = from; p < to; p += 1) {
      const c = b[p] as number;
      if (c === 0x5c) q = writeEscape(buf, q, b[++p]);
      else buf[q++] = fold && c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
    }
    r.length = q;
  }

  /**
   * A string, checked (no \u escape, where a NUL or a lone surrogate could hide, no control byte, well-formed UTF-8)
   * and written as COPY text in one pass; returns where its contents start (they end at this.p - 1).
   */
  protected string(r: RowBuffer): number {
    const b = this.b;
    if (b[this.p] !== 0x22) throw DECLINE;
    const start = this.p + 1;
    const end = this.end;
    let p = start;
    let buf = r.buf;
    let q = r.length;
    for (;;) {
      // Room for a 4-byte character or an escape after at least one byte of a plain run (so every pass moves on).
      if (q + 8 > buf.length) {
        r.length = q;
        r.ensure(8);
        buf = r.buf;
      }
      // A run of plain ASCII, as far as the buffer has room (at least 4 bytes are left for what ends it).
      const stop = Math.min(end, p + buf.length - q - 4);
      let c = b[p] as number;
      while (PLAIN[c] === 1 && p < stop) {
        buf[q++] = c;
        c = b[++p] as number;
      }
      if (p >= end) throw DECLINE;
      if (PLAIN[c] === 1) continue;
      if (c === 0x22) break;
      else if (c === 0x5c) {
        q = writeEscape(buf, q, b[p + 1]);
        p += 2;
      } else if (c < 0x20) throw DECLINE;
      else {
        const n = utf8Length(b, p);
        for (let k = 0; k < n; k += 1) buf[q++] = b[p + k] as number;
        p += n;
      }
    }
    r.length = q;
    this.p = p + 1;
    return start;
  }

  /** A string also kept for the search text. */
  protected searchable(r: RowBuffer): void {
    const start = this.string(r);
    this.spans.push(start, this.p - 1);
  }

  /** A money string (`-?d{1,18}(.d{1,12})?`) as Decimal#toFixed writes it: no leading or trailing zeros, zero as 0. */
  protected money(r: RowBuffer): void {
    const b = this.b;
    if (b[this.p] !== 0x22) throw DECLINE;
    let p = this.p + 1;
    const negative = b[p] === 0x2d;
    if (negative) p += 1;
    const intStart = p;
    while (isDigit(b[p])) p += 1;
    const intEnd = p;
    let fracEnd = p;
    if (b[p] === 0x2e) {
      p += 1;
      while (isDigit(b[p])) p += 1;
      fracEnd = p;
      if (fracEnd === intEnd + 1 || fracEnd - intEnd - 1 > 12) throw DECLINE;
    }
    if (intEnd === intStart || intEnd - intStart > 18 || b[p] !== 0x22) throw DECLINE;
    this.p = p + 1;
    let i = intStart;
    while (i < intEnd - 1 && b[i] === 0x30) i += 1;
    let f = fracEnd;
    while (f > intEnd + 1 && b[f - 1] === 0x30) f -= 1;
    const fraction = f > intEnd + 1;
    r.ensure(34);
    if (!fraction && i === intEnd - 1 && b[i] === 0x30) {
      r.buf[r.length++] = 0x30;
      return;
    }
    if (negative) r.buf[r.length++] = 0x2d;
    const to = fraction ? f : intEnd;
    for (; i < to; i += 1) r.buf[r.length++] = b[i] as number;
  }

  /** The exact sum of the money strings starting at `starts` (their opening quotes), as COPY text (sumOf's). */
  protected sum(r: RowBuffer, starts: readonly number[]): void {
    if (starts.length === 0) {
      this.out(r, 0x30);
      return;
    }
    const at = this.p;
    if (starts.length === 1) {
      this.p = starts[0] as number;
      this.money(r);
    } else {
      let total = new ExactDecimal(0);
      for (const start of starts) {
        let end = start + 1;
        while (this.b[end] !== 0x22) end += 1;
        total = total.plus(String.fromCharCode(...this.b.subarray(start + 1, end)));
      }
      const text = new Decimal(total).toFixed();
      r.ensure(text.length);
      for (let k = 0; k < text.length; k += 1) r.buf[r.length++] = text.charCodeAt(k);
    }
    this.p = at;
  }

  /**
   * An instant `YYYY-MM-DDTHH:MM:SS(.f{1,3})?Z` of a year from 1000 on, written as CopyTextWriter#instant writes
   * it (milliseconds always, `Z`); other forms (offsets, more digits, early years) go the usual way.
   */
  protected instant(r: RowBuffer): void {
    const b = this.b;
    const s = this.p + 1;
    if (b[this.p] !== 0x22 || b[s + 4] !== 0x2d || b[s + 7] !== 0x2d || b[s + 10] !== 0x54 || b[s + 13] !== 0x3a || b[s + 16] !== 0x3a) throw DECLINE;
    const year = digitPair(b, s) * 100 + digitPair(b, s + 2);
    const month = digitPair(b, s + 5);
    const day = digitPair(b, s + 8);
    if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw DECLINE;
    if (digitPair(b, s + 11) > 23 || digitPair(b, s + 14) > 59 || digitPair(b, s + 17) > 59) throw DECLINE;
    let p = s + 19;
    let digits = 0;
    if (b[p] === 0x2e) {
      p += 1;
      while (isDigit(b[p]) && digits < 4) {
        p += 1;
        digits += 1;
      }
      if (digits === 0 || digits > 3) throw DECLINE;
    }
    if (b[p] !== 0x5a || b[p + 1] !== 0x22) throw DECLINE;
    r.ensure(24);
    for (let k = s; k < s + 19; k += 1) r.buf[r.length++] = b[k] as number;
    r.buf[r.length++] = 0x2e;
    for (let k = 0; k < 3; k += 1) r.buf[r.length++] = k < digits ? (b[s + 20 + k] as number) : 0x30;
    r.buf[r.length++] = 0x5a;
    this.p = p + 2;
  }

  protected instantOrNull(r: RowBuffer): void {
    if (!this.null(r)) this.instant(r);
  }
}

// Bytes a JSON string holds as themselves and COPY text writes as they are: ASCII from space, less `"` and `\\`.
const PLAIN = new Uint8Array(256).map((_, c) => (c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c ? 1 : 0));

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;

/** Two ASCII digits at `at` as a number, or a decline. */
function digitPair(b: Uint8Array, at: number): number {
  const hi = b[at];
  const lo = b[at + 1];
  if (!isDigit(hi) || !isDigit(lo)) throw DECLINE;
  return ((hi as number) - 0x30) * 10 + (lo as number) - 0x30;
}


/**
 * The COPY text of the JSON escape whose letter is `e`, written at `q`; the position after it. JSON's \\ \n \r \t
 * are COPY's escapes of the same characters; \" \/ \b \f are written as the character; others decline.
 */
function writeEscape(buf: Uint8Array, q: number, e: number | undefined): number {
  if (e === 0x5c || e === 0x6e || e === 0x72 || e === 0x74) {
    buf[q] = 0x5c;
    buf[q + 1] = e;
    return q + 2;
  }
  if (e === 0x22 || e === 0x2f) buf[q] = e;
  else if (e === 0x62) buf[q] = 0x08;
  else if (e === 0x66) buf[q] = 0x0c;
  else throw DECLINE;
  return q + 1;
}

/** Whether `x` is a UTF-8 continuation byte within [lo, hi] (past the order's end `x` is undefined: no). */
const within = (x: number | undefined, lo = 0x80, hi = 0xbf): boolean => x !== undefined && x >= lo && x <= hi;

/** The length of the well-formed UTF-8 sequence at `p` (not a surrogate, not overlong, at most U+10FFFF), or a decline. */
function utf8Length(b: Uint8Array, p: number): number {
  const c = b[p] as number;
  if (c >= 0xc2 && c <= 0xdf) {
    if (within(b[p + 1])) return 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    if (within(b[p + 1], c === 0xe0 ? 0xa0 : 0x80, c === 0xed ? 0x9f : 0xbf) && within(b[p + 2])) return 3;
  } else if (c >= 0xf0 && c <= 0xf4) {
    if (within(b[p + 1], c === 0xf0 ? 0x90 : 0x80, c === 0xf4 ? 0x8f : 0xbf) && within(b[p + 2]) && within(b[p + 3])) return 4;
  }
  throw DECLINE;
}
