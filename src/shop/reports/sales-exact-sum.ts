import { Decimal } from 'decimal.js';

// Sums are flushed into a Decimal once they reach 2^52 cents, so adding one more addend below 2^52 stays below 2^53
// and exact in a double.
const FLUSH_AT = 2 ** 52;
/**
 * A Decimal whose arithmetic keeps every digit (the precision only caps digits actually present): decimal.js rounds
 * to 20 significant digits by default, which would drop the cents of a sum above 10^18. SQL numeric sums are exact
 * too, so every engine reports the same figures.
 */
export const ExactDecimal = Decimal.clone({ precision: 1e9 });
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

function digitCount(word: number): number {
  return word < 10 ? 1 : word < 100 ? 2 : word < 1e3 ? 3 : word < 1e4 ? 4 : word < 1e5 ? 5 : word < 1e6 ? 6 : 7;
}

/**
 * The amount in whole cents when that is exact and below 2^52 (at most two decimals and at most 14 significant
 * digits), else NaN. Reads decimal.js's digit words (`d`, base 1e7), exponent `e` and sign `s` directly:
 * `toNumber` or `times(100)` per addend would make a million-order report several times slower.
 */
export function exactCents(value: Decimal): number {
  const words = value.d;
  if (words === null || words === undefined || words.length > 2) return NaN;
  const first = words[0] as number;
  const second = words[1];
  const whole = second === undefined ? first : first * 1e7 + second;
  // value = whole * 10^(k - 2), so cents = whole * 10^k.
  const k = value.e - (digitCount(first) - 1) - 7 * (words.length - 1) + 2;
  let cents: number;
  if (k >= 0) {
    if (k >= POW10.length) return NaN;
    cents = whole * (POW10[k] as number);
    if (cents >= FLUSH_AT) return NaN;
  } else {
    if (-k >= POW10.length) return NaN;
    // whole < 1e14: a quotient that is not an integer cannot round to one, so this is an exact divisibility test.
    cents = whole / (POW10[-k] as number);
    if (cents !== Math.floor(cents)) return NaN; // more than two decimals: leave it to Decimal
  }
  return value.s < 0 ? -cents : cents;
}

/**
 * A set of exact running sums of money ("slots"): whole cents are added as integers (exact in a double below
 * 2^53), anything else (more than two decimals, huge amounts) as a Decimal, and the two parts are combined exactly on
 * read. One flat array for all slots keeps a million-order fold fast and its memory bound by the slot count.
 */
export class MoneyLedger {
  private readonly cents: Float64Array;
  private readonly rest: (Decimal | null)[];

  constructor(slots: number) {
    this.cents = new Float64Array(slots);
    this.rest = new Array<Decimal | null>(slots).fill(null);
  }

  /** Adds one amount to a slot. */
  add(slot: number, value: Decimal): void {
    const c = exactCents(value);
    if (c !== c) {
      // NaN: not a whole-cent amount below 2^52.
      const rest = this.rest[slot];
      this.rest[slot] = rest === null || rest === undefined ? new ExactDecimal(value) : rest.plus(value);
      return;
    }
    this.addCents(slot, c);
  }

  /** Adds an amount given in whole cents (an integer of magnitude below 2^52, e.g. from {@link exactCents}). */
  addCents(slot: number, cents: number): void {
    const sum = (this.cents[slot] as number) + cents;
    if (sum >= FLUSH_AT || sum <= -FLUSH_AT) {
      this.cents[slot] = 0;
      this.add(slot, new Decimal(sum).dividedBy(100));
    } else {
      this.cents[slot] = sum;
    }
  }

  /** The exact sum of a slot so far. */
  value(slot: number): Decimal {
    const part = new Decimal(this.cents[slot] as number).dividedBy(100);
    const rest = this.rest[slot];
    return rest === null || rest === undefined ? part : new Decimal(rest.plus(part));
  }
}
