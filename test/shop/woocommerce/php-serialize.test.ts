// The fixture writer's PHP serialize() against the package's bounded reader: what one writes, the other reads back
// (strings of any Unicode, whose length PHP counts in UTF-8 bytes; integers; booleans; null; nested arrays and maps).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPhpSerialized, type PhpValue } from 'wc-legacy-api/woocommerce';
import { serializePhp, type PhpWritable } from './php-serialize';

const scalar = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<PhpWritable> = fc.letrec<{ v: PhpWritable }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(fc.string({ unit: 'binary', minLength: 1 }), tie('v')), { maxLength: 4, selector: ([k]) => k }).map((entries) => new Map(entries)),
  ),
})).v;

/** What PHP reads back: arrays as ordered maps, decimal-integer string keys as integers (as PHP's arrays key them). */
function asRead(v: PhpWritable): PhpValue {
  if (v === null || typeof v !== 'object') return v;
  const entries: [number | string, PhpWritable][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : [...(v as ReadonlyMap<number | string, PhpWritable>)];
  return new Map(entries.map(([k, x]) => [typeof k === 'string' && /^(0|-?[1-9]\d{0,17})$/.test(k) ? Number(k) : k, asRead(x)]));
}

describe('serializePhp', () => {
  it('writes what WooCommerce stores', () => {
    expect(serializePhp(new Map<string, PhpWritable>([['total', new Map([[6, '0.398']])], ['subtotal', []]]))).toBe('a:2:{s:5:"total";a:1:{i:6;s:5:"0.398";}s:8:"subtotal";a:0:{}}');
    expect(serializePhp(new Map([['customer', true]]))).toBe('a:1:{s:8:"customer";b:1;}');
    expect(serializePhp('Müller')).toBe('s:7:"Müller";');
  });

  it('round-trips through readPhpSerialized', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(readPhpSerialized(serializePhp(v))).toEqual(asRead(v));
      }),
    );
  });
});
