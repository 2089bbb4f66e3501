// WordPress keeps some meta as PHP `serialize()` text (a coupon's `customer_email`, `product_categories`, an item's
// `_line_tax_data`). This reads that text as data and nothing else: scalars, strings and arrays; objects, references
// and anything else are refused (PHP's own unserialize would instantiate classes: never evaluate). Work is bounded by
// the input's length, a nesting depth and an element count, so a hostile meta value costs at most one linear pass.

/**
 * A PHP value as read: arrays keep their keys in order. Floats stay text so no precision is lost.
 *
 * @example
 * ```ts
 * const value: PhpValue | undefined = readPhpSerialized('b:1;'); // true
 * ```
 */
export type PhpValue = null | boolean | number | string | PhpArray;
/**
 * A PHP array: its keys (integers or strings) in their order.
 *
 * @example
 * ```ts
 * const roles = readPhpSerialized('a:1:{s:8:"customer";b:1;}') as PhpArray; // Map { 'customer' => true }
 * ```
 */
export type PhpArray = Map<number | string, PhpValue>;

/** Limits of {@link readPhpSerialized}. */
export interface PhpReadLimits {
  readonly maxDepth?: number;
  readonly maxElements?: number;
}

class Reader {
  private pos = 0;
  private elements = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxDepth: number,
    private readonly maxElements: number,
  ) {}

  private fail(): never {
    throw new PhpReadError();
  }

  private expect(char: number): void {
    if (this.bytes[this.pos] !== char) this.fail();
    this.pos += 1;
  }

  // Digits (with an optional sign) up to `end`; returns their text.
  private until(end: number): string {
    const start = this.pos;
    while (this.pos < this.bytes.length && this.bytes[this.pos] !== end) this.pos += 1;
    if (this.pos >= this.bytes.length) this.fail();
    const text = new TextDecoder().decode(this.bytes.subarray(start, this.pos));
    this.pos += 1;
    return text;
  }

  private integer(end: number): number {
    const text = this.until(end);
    if (!/^[+-]?\d{1,19}$/.test(text)) this.fail();
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : this.fail();
  }

  value(depth: number): PhpValue {
    if (++this.elements > this.maxElements) this.fail();
    const tag = this.bytes[this.pos];
    this.pos += 1;
    if (tag === 0x4e /* N */) {
      this.expect(0x3b);
      return null;
    }
    this.expect(0x3a /* : */);
    switch (tag) {
      case 0x62 /* b */: {
        const text = this.until(0x3b);
        if (text !== '0' && text !== '1') this.fail();
        return text === '1';
      }
      case 0x69 /* i */:
        return this.integer(0x3b);
      case 0x64 /* d */: {
        const text = this.until(0x3b);
        if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$|^(INF|-INF|NAN)$/.test(text)) this.fail();
        return text;
      }
      case 0x73 /* s */: {
        const length = this.integer(0x3a);
        if (length < 0 || this.pos + length + 3 > this.bytes.length) this.fail();
        this.expect(0x22);
        const text = new TextDecoder('utf-8', { fatal: false }).decode(this.bytes.subarray(this.pos, this.pos + length));
        this.pos += length;
        this.expect(0x22);
        this.expect(0x3b);
        return text;
      }
      case 0x61 /* a */: {
        if (depth >= this.maxDepth) this.fail();
        const count = this.integer(0x3a);
        if (count < 0 || count > this.maxElements) this.fail();
        this.expect(0x7b);
        const out: PhpArray = new Map();
        for (let i = 0; i < count; i += 1) {
          const key = this.value(depth + 1);
          if (typeof key !== 'number' && typeof key !== 'string') this.fail();
          out.set(key, this.value(depth + 1));
        }
        this.expect(0x7d);
        return out;
      }
      default:
        return this.fail();
    }
  }

  get done(): boolean {
    return this.pos === this.bytes.length;
  }
}

class PhpReadError extends Error {}

/**
 * Reads PHP `serialize()` text as data, or returns `undefined` when the text is not serialized data this reader
 * accepts (objects, references, malformed or over the limits). Never throws, never evaluates anything.
 *
 * @example
 * ```ts
 * readPhpSerialized('a:1:{i:0;s:17:"ada@example.com";}'); // Map { 0 => 'ada@example.com' }
 * ```
 */
export function readPhpSerialized(text: string, limits: PhpReadLimits = {}): PhpValue | undefined {
  const reader = new Reader(new TextEncoder().encode(text), limits.maxDepth ?? 16, limits.maxElements ?? 10_000);
  try {
    const value = reader.value(0);
    return reader.done ? value : undefined;
  } catch (error) {
    if (error instanceof PhpReadError) return undefined;
    throw error;
  }
}

/** Whether a meta value looks like PHP-serialized data (WordPress's `is_serialized`, roughly). */
export function looksSerialized(text: string): boolean {
  return /^(a|s|i|d|b|O):|^N;$/.test(text);
}
