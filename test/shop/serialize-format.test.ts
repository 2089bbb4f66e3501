import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatTimestamp } from 'wc-legacy-api/shop';
import { arbitraryMoney } from './builders';

const MONEY = /^-?\d+\.\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('formatMoney', () => {
  it.each([
    ['0', '0.00'],
    ['20', '20.00'],
    ['1.5', '1.50'],
    ['0.05', '0.05'],
    ['2.005', '2.01'], // exact tie: half away from zero goes up
    ['-2.005', '-2.01'], // ...and down for negatives
    ['2.004999', '2.00'],
    ['-2.0049', '-2.00'],
    ['0.005', '0.01'],
    ['-0.005', '-0.01'],
    ['-0.004', '0.00'], // rounds to zero: never "-0.00"
    ['-0', '0.00'],
    ['1e-20', '0.00'],
    ['1234567.895', '1234567.90'],
    ['99.995', '100.00'], // the carry ripples into the integer part
    ['123e10', '1230000000000.00'],
    ['655.35', '655.35'], // the largest interned amount...
    ['655.36', '655.36'], // ...and the first one built each time
    ['-655.355', '-655.36'],
    ['0.01', '0.01'],
    ['12345678901234567.125', '12345678901234567.13'], // beyond the fast path: decimal.js rounds it
    ['-12345678901234567.125', '-12345678901234567.13'],
  ])('%s -> %s', (input, expected) => {
    expect(formatMoney(new Decimal(input))).toBe(expected);
  });

  it('throws a RangeError for amounts that are not finite', () => {
    expect(() => formatMoney(new Decimal(NaN))).toThrow(RangeError);
    expect(() => formatMoney(new Decimal(Infinity))).toThrow(/not a finite amount/);
  });

  it('agrees with decimal.js toFixed(2, ROUND_HALF_UP) on random amounts, and always has two decimals', () => {
    const wide = fc.oneof(
      arbitraryMoney,
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => new Decimal(x)),
      fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }).map((n) => new Decimal(n.toString()).div(1000)),
    );
    fc.assert(
      fc.property(wide, (value) => {
        const text = formatMoney(value);
        const reference = value.toFixed(2, Decimal.ROUND_HALF_UP);
        expect(text).toBe(reference === '-0.00' ? '0.00' : reference);
        expect(text).toMatch(MONEY);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatTimestamp', () => {
  it('prints UTC with seconds and a literal Z, truncating milliseconds', () => {
    expect(formatTimestamp(new Date('2024-03-05T07:08:09.999Z'))).toBe('2024-03-05T07:08:09Z');
    expect(formatTimestamp(new Date('2024-03-05T23:59:59.000+01:00'))).toBe('2024-03-05T22:59:59Z');
    expect(formatTimestamp(new Date('2024-02-29T00:00:00Z'))).toBe('2024-02-29T00:00:00Z'); // leap day
    expect(formatTimestamp(new Date('1969-12-31T23:59:59.500Z'))).toBe('1969-12-31T23:59:59Z'); // before the epoch
    expect(formatTimestamp(new Date('0500-01-02T03:04:05Z'))).toBe('0500-01-02T03:04:05Z'); // year padded
    expect(formatTimestamp(new Date('9999-12-31T23:59:59Z'))).toBe('9999-12-31T23:59:59Z');
  });

  it('prints the epoch for null and for an invalid Date (the legacy value for a missing date)', () => {
    expect(formatTimestamp(null)).toBe('1970-01-01T00:00:00Z');
    expect(formatTimestamp(new Date(Number.NaN))).toBe('1970-01-01T00:00:00Z');
  });

  it('prints years beyond four digits with their sign, as toISOString does', () => {
    expect(formatTimestamp(new Date('+010000-01-01T00:00:00Z'))).toBe('+010000-01-01T00:00:00Z');
    expect(formatTimestamp(new Date('-000001-06-01T00:00:00Z'))).toBe('-000001-06-01T00:00:00Z');
  });

  it('agrees with Date#toISOString (minus milliseconds) on random instants', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        const date = new Date(ms);
        expect(formatTimestamp(date)).toBe(date.toISOString().replace(/\.\d{3}Z$/, 'Z'));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        expect(formatTimestamp(date)).toMatch(TIMESTAMP);
      }),
    );
  });
});
