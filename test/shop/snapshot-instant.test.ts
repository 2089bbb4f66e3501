// The snapshot's instants are read by hand (snapshot-instant.ts): held to the regular expression, range checks and
// Date.parse they replaced, on generated instants and on strings one edit away from them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantMillis } from '../../src/shop/snapshot/snapshot-instant';
import { isValidInstant } from '../../src/shop/snapshot/snapshot-schema';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** The check as it was before the hand-written reader. */
function oldIsValidInstant(text: string): boolean {
  const m = INSTANT.exec(text);
  if (m === null) return false;
  const [, y, mo, d, h, mi, s, oh, om] = m.map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const daysInMonth = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  return mo! >= 1 && mo! <= 12 && d! >= 1 && d! <= daysInMonth && h! <= 23 && mi! <= 59 && s! <= 59 && oh! <= 23 && om! <= 59 && !Number.isNaN(Date.parse(text));
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const instant = fc
  .record({
    y: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 4, 99, 100, 400, 1900, 1970, 2000, 2024, 2100, 9999)),
    mo: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    h: fc.integer({ min: 0, max: 25 }),
    mi: fc.integer({ min: 0, max: 61 }),
    s: fc.option(fc.integer({ min: 0, max: 61 }), { nil: undefined }),
    fraction: fc.option(fc.stringMatching(/^\d{0,11}$/), { nil: undefined }),
    zone: fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })).map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`)),
  })
  .map(({ y, mo, d, h, mi, s, fraction, zone }) => {
    const seconds = s === undefined ? '' : `:${pad(s, 2)}${fraction === undefined ? '' : `.${fraction}`}`;
    return `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}${seconds}${zone}`;
  });
const edited = fc
  .tuple(instant, fc.nat(), fc.constantFrom('', '0', '9', ':', '-', '+', '.', 'Z', 'T', ' ', 'z', '٣', '\u0000', '00', '1'), fc.boolean())
  .map(([text, at, piece, replace]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + piece + text.slice(replace ? i + 1 : i);
  });

describe('snapshot instants', () => {
  it('accept what the regular expression and Date.parse accepted, at the same time (property)', () => {
    fc.assert(
      fc.property(fc.oneof(instant, edited, fc.string({ maxLength: 40 })), (text) => {
        const ok = oldIsValidInstant(text);
        expect(isValidInstant(text)).toBe(ok);
        if (ok) expect(instantMillis(text)).toBe(Date.parse(text));
        else expect(instantMillis(text)).toBeNaN();
      }),
      { numRuns: 20_000 },
    );
  });

  it('keep the edge cases of the old check', () => {
    for (const text of ['0000-02-29T00:00:00Z', '0004-02-29T00:00Z', '1900-02-29T00:00:00Z', '2000-02-29T00:00:00Z', '2026-03-01T09:30:00.123456789+01:00', '2026-03-01T09:30:00.1234567890Z', '2026-03-01T09:30:00.Z', '9999-12-31T23:59:59.999-23:59', '2026-03-01T09:30:00-00:00']) {
      const ok = oldIsValidInstant(text);
      expect(isValidInstant(text), text).toBe(ok);
      if (ok) expect(instantMillis(text), text).toBe(Date.parse(text));
    }
  });
});
