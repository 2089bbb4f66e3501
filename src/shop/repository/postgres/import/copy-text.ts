// COPY text format (PostgreSQL's COPY docs), written straight into UTF-8 bytes: columns separated by tabs, rows by
// newlines, NULL as \N, and a backslash, tab, newline or carriage return inside a value escaped with a backslash.
// This is the hot loop of an import (hundreds of megabytes for a large shop), so values go into reused byte buffers
// without intermediate strings: no per-value garbage, which a heap holding a whole shop makes expensive to collect.
import { Decimal } from 'decimal.js';
import { civilDate } from '../../../model/civil-date';
import { farInstant } from './far-instant';
import { arrayLiteral, isStorableText } from '../params';
import { CHUNK_BYTES, freshChunk } from './copy-chunks';
import { digitsOf, two } from './copy-digits';
import { SnapshotImportError } from './import-errors';

const BACKSLASH = 0x5c;
const DAY_MS = 86_400_000;
const YMD = new Int32Array(3);
// Instants of years 1..9999, which ISO digits can write; others are rare and go through farInstant.
const FIRST_MS = -62_135_596_800_000;
const LAST_MS = 253_402_300_799_999;

// A string this long or longer without anything to escape or refuse is written by Buffer#write (native UTF-8, the
// same bytes); shorter ones go faster through the loop than through a native call. Surrogates, even paired, take the
// loop, which refuses the lone ones (Buffer#write would write U+FFFD).
const NATIVE_MIN = 16;
const NEEDS_LOOP = /[\0\t\n\r\\\ud800-\udfff]/;

const badText = (where: string) =>
  new SnapshotImportError(`${where} holds a NUL character or a lone UTF-16 surrogate, which PostgreSQL text cannot store`, where);
// A writer holds no chunk until something is written (a writer that is taken and then left empty allocates nothing).
const NO_CHUNK = Buffer.alloc(0);

/**
 * One table's COPY text, being written: bytes go into a chunk buffer, full chunks are kept until {@link take} hands
 * them over. Each value method checks what PostgreSQL cannot store (and throws {@link SnapshotImportError}).
 */
export class CopyTextWriter {
  private buf: Buffer = NO_CHUNK;
  private pos = 0;
  private chunks: Buffer[] = [];
  private full = 0;
  private readonly digits = new Uint8Array(32);
  // The date part (`YYYY-MM-DDT`) of the last instant written, and its day since 1970.
  private readonly date = new Uint8Array(11);
  private day = Number.NaN;

  /** Bytes of COPY text written since the last {@link take}. */
  get bytes(): number {
    return this.full + this.pos;
  }

  /** The text written so far, as chunks for `copyIn`; starts over empty. */
  take(): Buffer[] {
    const out = this.chunks;
    if (this.pos > 0) out.push(this.buf.subarray(0, this.pos));
    this.chunks = [];
    this.full = 0;
    this.buf = NO_CHUNK;
    this.pos = 0;
    return out;
  }

  private ensure(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos > 0) {
      this.chunks.push(this.buf.subarray(0, this.pos));
      this.full += this.pos;
    }
    this.buf = freshChunk(Math.max(CHUNK_BYTES, bytes));
    this.pos = 0;
  }

  private byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** COPY text written elsewhere (order-json-encoder.ts), as it is. */
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  tab(): void {
    this.byte(9);
  }

  endRow(): void {
    this.byte(10);
  }

  null(): void {
    this.ensure(2);
    this.buf[this.pos++] = BACKSLASH;
    this.buf[this.pos++] = 0x4e;
  }

  boolean(value: boolean): void {
    this.byte(value ? 0x74 : 0x66);
  }

  /** The COPY escape of a newline, between two values written as one (e.g. lines of a search text). */
  escapedNewline(): void {
    this.ensure(2);
    this.buf[this.pos++] = BACKSLASH;
    this.buf[this.pos++] = 0x6e;
  }

  /**
   * A string as UTF-8, COPY-escaped; a NUL or a lone surrogate is refused. With `fold`, ASCII letters are written
   * lowercase (`foldCase`): done on the bytes afterwards, as every byte of a multi-byte character is 0x80 or more
   * and no escape holds an uppercase letter.
   */
  text(s: string, where: string, fold = false): void {
    const n = s.length;
    // At most 3 bytes per UTF-16 unit (an escape is 2 for 1, a surrogate pair 4 for 2).
    this.ensure(3 * n);
    const buf = this.buf;
    let p = this.pos;
    if (n >= NATIVE_MIN && !NEEDS_LOOP.test(s)) p += buf.write(s, p, 'utf8');
    else p = this.textLoop(s, where, buf, p);
    if (fold) {
      for (let k = this.pos; k < p; k += 1) {
        const b = buf[k] as number;
        if (b >= 0x41 && b <= 0x5a) buf[k] = b | 0x20;
      }
    }
    this.pos = p;
  }

  /** What {@link text} writes, character by character: the escapes, and the checks for NUL and lone surrogates. */
  private textLoop(s: string, where: string, buf: Buffer, p: number): number {
    const n = s.length;
    for (let i = 0; i < n; i += 1) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== BACKSLASH) buf[p++] = c;
        else if (c === BACKSLASH || c === 9 || c === 10 || c === 13) {
          buf[p++] = BACKSLASH;
          buf[p++] = c === BACKSLASH ? BACKSLASH : c === 9 ? 0x74 : c === 10 ? 0x6e : 0x72;
        } else if (c === 0) throw badText(where);
        else buf[p++] = c;
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 0x3f);
        buf[p++] = 0x80 | (c & 0x3f);
      } else {
        const low = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c > 0xdbff || low < 0xdc00 || low > 0xdfff) throw badText(where);
        const cp = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        buf[p++] = 0xf0 | (cp >> 18);
        buf[p++] = 0x80 | ((cp >> 12) & 0x3f);
        buf[p++] = 0x80 | ((cp >> 6) & 0x3f);
        buf[p++] = 0x80 | (cp & 0x3f);
        i += 1;
      }
    }
    return p;
  }

  /** A safe integer in decimal digits. */
  integer(n: number, where: string): void {
    if (!Number.isSafeInteger(n)) throw new SnapshotImportError(`${where} must be a safe integer, got ${n}`, where);
    this.ensure(17);
    if (n < 0) {
      this.buf[this.pos++] = 0x2d;
      n = -n;
    }
    if (n < 10) {
      this.buf[this.pos++] = 0x30 + n;
      return;
    }
    const digits = this.digits;
    let len = 0;
    while (n > 0x7fffffff) {
      const q = Math.floor(n / 10);
      digits[len++] = 0x30 + (n - q * 10);
      n = q;
    }
    // Int32 from here: V8 divides by a constant with a multiplication.
    while (n > 0) {
      const q = (n / 10) | 0;
      digits[len++] = 0x30 + (n - q * 10);
      n = q;
    }
    while (len > 0) this.buf[this.pos++] = digits[--len] as number;
  }

  /** A bigint[] literal (`{1,2}`). */
  integers(values: readonly number[], where: string): void {
    this.byte(0x7b);
    for (let i = 0; i < values.length; i += 1) {
      if (i > 0) this.byte(0x2c);
      this.integer(values[i] as number, where);
    }
    this.byte(0x7d);
  }

  /** A text[] literal (rare: coupons' customer emails), each element checked. */
  texts(values: readonly string[], where: string): void {
    for (const v of values) if (!isStorableText(v)) throw badText(where);
    this.text(arrayLiteral(values), where);
  }

  /** A finite Decimal in plain notation, the digits `Decimal#toFixed()` writes. */
  decimal(value: Decimal, where: string): void {
    if (!(value instanceof Decimal) || !value.isFinite()) throw new SnapshotImportError(`${where} must be a finite Decimal`, where);
    // decimal.js keeps the digits in base-1e7 words `d` (no trailing zero word) and the exponent `e` of the first
    // digit; money has a few words and a small exponent. Anything else takes toFixed's own path.
    const words = value.d;
    let w = words[0] as number;
    // Zero (most discounts, refunds and taxes; -0 too) is one word 0, which toFixed writes as "0".
    if (w === 0) {
      this.byte(0x30);
      return;
    }
    const e = value.e;
    const last = words.length - 1;
    // Money: the words are aligned on the decimal point, so with -7 <= e < 7 the integer part is the first word
    // (or 0 when e < 0) and each further word is 7 digits of the fraction, the last without its trailing zeros.
    if (e < 7 && e >= -7 && last <= 3) {
      this.ensure(4 + 7 * (last + 1));
      const buf = this.buf;
      let p = this.pos;
      if (value.s < 0) buf[p++] = 0x2d;
      let first = 1;
      if (e >= 0) p = digitsOf(buf, p, w, w < 10 ? 1 : w < 100 ? 2 : w < 1000 ? 3 : w < 10_000 ? 4 : w < 100_000 ? 5 : w < 1_000_000 ? 6 : 7);
      else {
        buf[p++] = 0x30;
        first = 0;
      }
      if (first <= last) {
        buf[p++] = 0x2e;
        for (let i = first; i < last; i += 1) p = digitsOf(buf, p, words[i] as number, 7);
        let f = words[last] as number;
        let len = 7;
        while (f % 10 === 0) {
          f /= 10;
          len -= 1;
        }
        p = digitsOf(buf, p, f, len);
      }
      this.pos = p;
      return;
    }
    if (last > 3 || e > 40 || e < -40 || words[last] === 0) {
      this.text(value.toFixed(), where);
      return;
    }
    const digits = this.digits;
    let len = 0;
    // The first word without leading zeros, the others padded to 7 digits, each written from its last digit.
    let width = w < 10 ? 1 : w < 100 ? 2 : w < 1000 ? 3 : w < 10_000 ? 4 : w < 100_000 ? 5 : w < 1_000_000 ? 6 : 7;
    for (let i = 0; i <= last; i += 1) {
      w = words[i] as number;
      len += width;
      for (let k = len - 1; k >= len - width; k -= 1) {
        const q = (w / 10) | 0;
        digits[k] = 0x30 + (w - q * 10);
        w = q;
      }
      width = 7;
    }
    while (digits[len - 1] === 0x30) len -= 1;
    this.ensure(len + Math.abs(e) + 4);
    const buf = this.buf;
    let p = this.pos;
    if (value.s < 0) buf[p++] = 0x2d;
    if (e < 0) {
      buf[p++] = 0x30;
      buf[p++] = 0x2e;
      for (let k = -e - 1; k > 0; k -= 1) buf[p++] = 0x30;
      for (let i = 0; i < len; i += 1) buf[p++] = digits[i] as number;
    } else {
      for (let i = 0; i < len; i += 1) {
        if (i === e + 1) buf[p++] = 0x2e;
        buf[p++] = digits[i] as number;
      }
      for (let k = e + 1 - len; k > 0; k -= 1) buf[p++] = 0x30;
    }
    this.pos = p;
  }

  /** An instant as a timestamptz literal any session reads alike (ISO, explicit UTC), whatever its year. */
  instant(date: Date, where: string): void {
    const ms = date.getTime();
    if (Number.isNaN(ms)) throw new SnapshotImportError(`${where} is an invalid date`, where);
    if (ms < FIRST_MS || ms > LAST_MS) {
      this.text(farInstant(date), where);
      return;
    }
    const day = Math.floor(ms / DAY_MS);
    // Milliseconds of the day: an int32, so the divisions below are integer ones.
    let rest = (ms - day * DAY_MS) | 0;
    const datePart = this.date;
    // The instants of an order (and of its neighbours) mostly fall on a few days: the date part is kept.
    if (day !== this.day) {
      civilDate(day, YMD);
      const yyyy = YMD[0]!;
      datePart[0] = 0x30 + ((yyyy / 1000) | 0);
      datePart[1] = 0x30 + (((yyyy / 100) | 0) % 10);
      datePart[2] = 0x30 + (((yyyy / 10) | 0) % 10);
      datePart[3] = 0x30 + (yyyy % 10);
      datePart[4] = 0x2d;
      two(datePart, 5, YMD[1]!);
      datePart[7] = 0x2d;
      two(datePart, 8, YMD[2]!);
      datePart[10] = 0x54;
      this.day = day;
    }
    const hh = (rest / 3_600_000) | 0;
    rest -= hh * 3_600_000;
    const mi = (rest / 60_000) | 0;
    rest -= mi * 60_000;
    const ss = (rest / 1000) | 0;
    const milli = rest - ss * 1000;
    this.ensure(24);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < 11; i += 1) buf[p + i] = datePart[i] as number;
    p += 11;
    p = two(buf, p, hh);
    buf[p++] = 0x3a;
    p = two(buf, p, mi);
    buf[p++] = 0x3a;
    p = two(buf, p, ss);
    buf[p++] = 0x2e;
    const hundreds = (milli / 100) | 0;
    const tens = ((milli / 10) | 0) - hundreds * 10;
    buf[p++] = 0x30 + hundreds;
    buf[p++] = 0x30 + tens;
    buf[p++] = 0x30 + (milli - hundreds * 100 - tens * 10);
    buf[p++] = 0x5a;
    this.pos = p;
  }
}
