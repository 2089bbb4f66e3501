// WordPress meta in PHP serialize() form is read as data only: every value PHP writes for scalars and arrays comes
// back as written, anything else (objects, references, damage) is undefined, never a throw, and the work is one pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPhpSerialized, storeTimeZone, type PhpValue } from 'wc-legacy-api/woocommerce';

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** PHP's serialize() of a value (as PHP writes it), for the round trip. */
function serialize(value: PhpValue): string {
  if (value === null) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return `i:${value};`;
  if (typeof value === 'string') return `s:${utf8Length(value)}:"${value}";`;
  return `a:${value.size}:{${[...value].map(([k, v]) => serialize(k) + serialize(v)).join('')}}`;
}

const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ unit: 'grapheme' }));
const value: fc.Arbitrary<PhpValue> = fc.letrec<{ v: PhpValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(fc.tuple(fc.oneof(fc.integer(), fc.string()), tie('v')), { maxLength: 5 }).map((entries) => new Map(entries)),
  ),
})).v;

describe('readPhpSerialized', () => {
  it('reads what WordPress stores: a coupon e-mail list, a user role map, tax data', () => {
    expect(readPhpSerialized('a:2:{i:0;s:15:"ada@example.com";i:1;s:16:"grace@example.com";}')).toBeUndefined(); // wrong length
    expect(readPhpSerialized('a:2:{i:0;s:15:"ada@example.com";i:1;s:17:"grace@example.com";}')).toEqual(new Map([[0, 'ada@example.com'], [1, 'grace@example.com']]));
    expect(readPhpSerialized('a:1:{s:8:"customer";b:1;}')).toEqual(new Map([['customer', true]]));
    expect(readPhpSerialized('a:1:{s:5:"total";a:1:{i:3;s:5:"0.799";}}')).toEqual(new Map([['total', new Map([[3, '0.799']])]]));
    expect(readPhpSerialized('s:6:"Grüße";')).toBeUndefined(); // 6 bytes is short of the 7 UTF-8 bytes
    expect(readPhpSerialized('s:7:"Grüße";')).toBe('Grüße');
    expect(readPhpSerialized('d:0.1;')).toBe('0.1');
  });

  it('refuses objects, references and custom serializations instead of reading them', () => {
    for (const text of ['O:8:"stdClass":0:{}', 'a:1:{i:0;O:8:"stdClass":0:{}}', 'a:2:{i:0;i:1;i:1;R:2;}', 'C:3:"Foo":0:{}', 'r:1;']) {
      expect(readPhpSerialized(text), text).toBeUndefined();
    }
  });

  it('gives back every value PHP serializes (property)', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(readPhpSerialized(serialize(v))).toEqual(v);
      }),
    );
  });

  it('never throws on damaged text: every prefix and one-byte change of a serialized value (property)', () => {
    fc.assert(
      fc.property(value, fc.nat(), fc.integer({ min: 0, max: 127 }), (v, at, byte) => {
        const text = serialize(v);
        const cut = text.slice(0, at % (text.length + 1));
        const changed = text.slice(0, at % text.length) + String.fromCharCode(byte) + text.slice((at % text.length) + 1);
        expect(() => readPhpSerialized(cut)).not.toThrow();
        expect(() => readPhpSerialized(changed)).not.toThrow();
      }),
    );
  });

  it('stops at its depth and element limits on hostile meta at size', () => {
    const deep = 'a:1:{i:0;'.repeat(100_000) + 'N;' + '}'.repeat(100_000);
    expect(readPhpSerialized(deep)).toBeUndefined();
    const wide = `a:200000:{${Array.from({ length: 200_000 }, (_, i) => `i:${i};N;`).join('')}}`;
    expect(readPhpSerialized(wide)).toBeUndefined();
    expect(readPhpSerialized('a:999999999:{}')).toBeUndefined();
    expect(readPhpSerialized(`s:${2 ** 40}:"x";`)).toBeUndefined();
  });
});

describe('storeTimeZone', () => {
  it('takes timezone_string, else maps gmt_offset to a zone without daylight saving time', () => {
    expect(storeTimeZone('Europe/Berlin', '1')).toBe('Europe/Berlin');
    expect(storeTimeZone('', '0')).toBe('UTC');
    expect(storeTimeZone('', '')).toBe('UTC');
    expect(storeTimeZone('', '2')).toBe('Etc/GMT-2');
    expect(storeTimeZone('', '-5')).toBe('Etc/GMT+5');
    expect(storeTimeZone('', '5.5')).toBe('Asia/Kolkata');
    expect(storeTimeZone('', '-3.5')).toBeUndefined(); // only Newfoundland uses it, with DST
    expect(storeTimeZone('', 'abc')).toBeUndefined();
    for (const offset of [-12, -5, 0, 3, 14]) {
      const zone = storeTimeZone('', String(offset))!;
      const parts = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date('2026-07-01T00:00:00Z'));
      const name = parts.find((p) => p.type === 'timeZoneName')!.value;
      expect(name === 'GMT' ? 0 : Number(name.slice(3, 6)), zone).toBe(offset);
    }
  });
});
