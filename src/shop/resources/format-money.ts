import { Decimal } from 'decimal.js';

// Powers of ten that are exact doubles and keep every product below 2^53 in the fast path.
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

// Enough digits that rounding a quotient to cents is decided exactly for any amount decimal.js holds at its default
// precision of 20 significant digits (the quotient's distance from a half-cent boundary is at least 1/(200*divisor*10^m)).
const Wide = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

function digitCount(word: number): number {
  // A decimal.js word is below 1e7, so a comparison chain beats Math.log10 or String(word).length.
  return word < 10 ? 1 : word < 100 ? 2 : word < 1e3 ? 3 : word < 1e4 ? 4 : word < 1e5 ? 5 : word < 1e6 ? 6 : 7;
}

// "00".."99": the cents part of a money string, looked up instead of padded.
const CENTS: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);

// Interned strings of small non-negative amounts. Shops repeat the same prices, taxes and zeros on every order;
// reusing one string per amount saves an allocation per field, which matters most to JSON.stringify and the
// collector right after serializing a page. A flat table (512 KiB, created on first use) beats a Map lookup; it
// holds at most 65,536 short strings, so it stays bounded whatever amounts pass through.
const INTERN_LIMIT = 65_536; // amounts below 655.36
let interned: (string | undefined)[] | null = null;

function withPoint(cents: number, negative: boolean): string {
  if (negative && cents !== 0) return '-' + plain(cents);
  if (cents >= INTERN_LIMIT) return plain(cents);
  if (interned === null) interned = new Array<string | undefined>(INTERN_LIMIT);
  let text = interned[cents];
  if (text === undefined) {
    text = plain(cents);
    interned[cents] = text;
  }
  return text;
}

function plain(cents: number): string {
  const units = Math.floor(cents / 100);
  return units + '.' + (CENTS[cents - units * 100] as string);
}

/**
 * Formats an amount of money the way every money field of the API carries it: a plain decimal string with exactly
 * two decimals, rounded half away from zero, without thousands separators and never `-0.00` (a value that rounds
 * to zero prints `0.00`).
 *
 * Amounts of up to 14 significant digits take an exact integer fast path (this runs for every money field of
 * every order served); anything larger is rounded by decimal.js with the same rule.
 *
 * @param value - the amount; must be finite.
 * @returns the two-decimal string.
 * @throws RangeError when `value` is NaN or infinite (the domain model never holds such amounts).
 * @example
 * ```ts
 * import { Decimal } from 'decimal.js';
 * import { formatMoney } from 'wc-legacy-api/shop';
 * formatMoney(new Decimal('2.005'));  // '2.01'
 * formatMoney(new Decimal('-2.005')); // '-2.01'
 * formatMoney(new Decimal('-0.001')); // '0.00'
 * formatMoney(new Decimal(20));       // '20.00'
 * ```
 */
export function formatMoney(value: Decimal): string {
  return formatQuotient(value, 1);
}

/**
 * Formats `value / divisor` as a money string (two decimals, half away from zero, never `-0.00`), rounding the
 * exact quotient once, so a unit price never suffers double rounding. Used for line-item unit prices.
 * Internal to the package (not exported from `wc-legacy-api/shop`).
 *
 * @param value - the dividend; must be finite.
 * @param divisor - a finite, non-zero number (e.g. a quantity); integers take the fast path.
 * @throws RangeError when `value` is not finite or `divisor` is zero or not finite.
 * @example
 * ```ts
 * formatMoneyQuotient(new Decimal('10.00'), 3); // '3.33'
 * formatMoneyQuotient(new Decimal('0.03'), 2);  // '0.02' (0.015 rounds up)
 * ```
 */
export function formatMoneyQuotient(value: Decimal, divisor: number): string {
  if (!Number.isFinite(divisor) || divisor === 0) {
    throw new RangeError(`formatMoneyQuotient: divisor must be finite and non-zero, got ${divisor}`);
  }
  if (!Number.isSafeInteger(divisor)) return formatQuotient(new Wide(value).div(divisor), 1);
  return divisor < 0 ? formatQuotient(value.neg(), -divisor) : formatQuotient(value, divisor);
}

function formatQuotient(value: Decimal, divisor: number): string {
  const words = value.d;
  if (words === null || words === undefined) {
    throw new RangeError(`formatMoney: not a finite amount: ${String(value)}`);
  }
  const count = words.length;
  const first = words[0] ?? 0;
  if (count <= 2) {
    // |value| * 100 = W * 10^k, where W is the integer of the base-1e7 words and k the exponent after scaling.
    const last = words[1];
    const whole = last === undefined ? first : first * 1e7 + last;
    const k = value.e - (digitCount(first) - 1) - 7 * (count - 1) + 2;
    if (k >= 0) {
      if (k < POW10.length) {
        const numerator = whole * (POW10[k] as number);
        if (numerator <= Number.MAX_SAFE_INTEGER) return withPoint(roundedRatio(numerator, divisor), value.s < 0);
      }
    } else if (-k < POW10.length) {
      const scaledDivisor = divisor * (POW10[-k] as number);
      if (scaledDivisor <= Number.MAX_SAFE_INTEGER) return withPoint(roundedRatio(whole, scaledDivisor), value.s < 0);
    }
  }
  const exact = divisor === 1 ? value : new Wide(value).div(divisor);
  const text = exact.toFixed(2, Decimal.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
}

/** round(numerator / divisor), half up, for non-negative safe integers. */
function roundedRatio(numerator: number, divisor: number): number {
  if (divisor === 1) return numerator;
  let quotient = Math.floor(numerator / divisor);
  let rest = numerator - quotient * divisor;
  // The float quotient can round up across an integer; the exact integer remainder corrects it.
  if (rest < 0) {
    quotient -= 1;
    rest += divisor;
  }
  return rest * 2 >= divisor ? quotient + 1 : quotient;
}

/**
 * Largest |cents| {@link exactCents} returns (10 billion in currency units): sums of up to 9,000 such values stay
 * exact safe integers, whatever the order of the additions.
 */
export const EXACT_CENTS_LIMIT = 1e12;

/**
 * The amount as a whole number of cents when that is exact (at most two decimals, |cents| at most
 * {@link EXACT_CENTS_LIMIT}), else NaN. Lets callers add amounts of ordinary precision with integer arithmetic
 * instead of allocating Decimals. Internal to the package (not exported from `wc-legacy-api/shop`).
 *
 * @example
 * ```ts
 * exactCents(new Decimal('-12.3'));  // -1230
 * exactCents(new Decimal('0.005'));  // NaN (not whole cents)
 * ```
 */
export function exactCents(value: Decimal): number {
  const words = value.d;
  if (words === null || words === undefined || words.length > 2) return Number.NaN;
  const first = words[0] ?? 0;
  const last = words[1];
  let whole = last === undefined ? first : first * 1e7 + last;
  const k = value.e - (digitCount(first) - 1) - 7 * (words.length - 1) + 2;
  if (k >= 0) {
    if (k >= POW10.length) return Number.NaN;
    whole *= POW10[k] as number;
  } else {
    if (-k >= POW10.length) return Number.NaN;
    const divisor = POW10[-k] as number;
    if (whole % divisor !== 0) return Number.NaN;
    whole /= divisor;
  }
  if (whole > EXACT_CENTS_LIMIT) return Number.NaN;
  return value.s < 0 ? -whole : whole;
}

/**
 * Formats a whole number of cents as a money string (`-1230` -> `'-12.30'`, never `-0.00`).
 * Internal to the package (not exported from `wc-legacy-api/shop`).
 *
 * @param cents - a safe integer.
 * @example
 * ```ts
 * formatCents(-1230); // '-12.30'
 * ```
 */
export function formatCents(cents: number): string {
  return cents < 0 ? withPoint(-cents, true) : withPoint(cents, false);
}

