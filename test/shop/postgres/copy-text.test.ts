// The import's COPY text writer (bytes written straight from values) against the plain string forms it replaces:
// toFixed for decimals, toISOString for instants, String for integers, and COPY escaping of UTF-8 text. The compiled
// row writers must write exactly what the per-column writers do.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SnapshotImportError } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { CopyTextWriter } from '../../../src/shop/repository/postgres/import/copy-text';
import { CHILDREN, genericRowWrite, rowWrite } from '../../../src/shop/repository/postgres/import/copy-rows';
import { COUPONS_TABLE, CUSTOMERS_TABLE, ORDERS_TABLE, PRODUCTS_TABLE, STORE_TABLE, type TableSpec } from '../../../src/shop/repository/postgres/tables';

const written = (write: (w: CopyTextWriter) => void): string => {
  const w = new CopyTextWriter();
  write(w);
  return Buffer.concat(w.take()).toString('utf8');
};

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const storable = (s: string) => !/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('CopyTextWriter', () => {
  it('writes text as UTF-8 with COPY escapes, and refuses NUL and lone surrogates (property)', () => {
    const special = fc.constantFrom('\\', '\t', '\n', '\r', '\0', '\uD800', '\uDC00', '😀', 'é', '€', 'a', 'N', '\u0001', '\u007f');
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.array(special, { maxLength: 12 }).map((p) => p.join('')));
    fc.assert(
      fc.property(text, (s) => {
        if (storable(s)) expect(written((w) => w.text(s, 't.c'))).toBe(s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!));
        else expect(() => written((w) => w.text(s, 't.c'))).toThrow(SnapshotImportError);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes long text (the native path, when nothing needs the loop) as the loop does, folded too (property)', () => {
    const special = fc.constantFrom('\\', '\t', '\n', '\r', '\0', '\uD800', '\uDC00', '😀', 'é', '€', 'A', 'z', '\u0001', '\u007f', ' ');
    const plain = fc.string({ unit: 'grapheme', minLength: 16, maxLength: 80 });
    const text = fc.oneof(
      plain,
      fc.string({ unit: 'binary', minLength: 16, maxLength: 80 }),
      fc.tuple(plain, fc.array(special, { maxLength: 3 }), fc.nat()).map(([s, add, at]) => {
        const i = at % (s.length + 1);
        return s.slice(0, i) + add.join('') + s.slice(i);
      }),
    );
    const lowerAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    fc.assert(
      fc.property(text, fc.boolean(), (s, fold) => {
        const expected = s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
        if (storable(s)) expect(written((w) => w.text(s, 't.c', fold))).toBe(fold ? lowerAscii(expected) : expected);
        else expect(() => written((w) => w.text(s, 't.c', fold))).toThrow(SnapshotImportError);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes a long text across chunk boundaries', () => {
    const s = 'ab\tc😀é'.repeat(200_000);
    expect(written((w) => w.text(s, 't.c'))).toBe(s.replace(/\t/g, '\\t'));
  });

  it('writes decimals as toFixed does (property)', () => {
    const decimal = fc.oneof(
      fc
        .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,40}$/), fc.integer({ min: -60, max: 60 }))
        .map(([neg, digits, exp]) => new Decimal(`${neg ? '-' : ''}${digits}e${exp}`)),
      fc.tuple(fc.integer(), fc.integer({ min: 0, max: 6 })).map(([n, places]) => new Decimal(n).div(10 ** places)),
      fc.constantFrom(new Decimal(0), new Decimal('-0'), new Decimal('1e-7'), new Decimal('12345678.9'), new Decimal('1e100'), new Decimal('1').div(3)),
    );
    fc.assert(
      fc.property(decimal, (d) => {
        expect(written((w) => w.decimal(d, 't.c'))).toBe(d.toFixed());
      }),
      { numRuns: 3000 },
    );
    expect(() => written((w) => w.decimal(new Decimal(NaN), 't.c'))).toThrow(SnapshotImportError);
    expect(() => written((w) => w.decimal(new Decimal(Infinity), 't.c'))).toThrow(SnapshotImportError);
  });

  it('writes instants of years 1..9999 as ISO text, whatever the day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (ms) => {
        const date = new Date(ms);
        expect(written((w) => w.instant(date, 't.c'))).toBe(date.toISOString());
      }),
      { numRuns: 5000 },
    );
    // One writer for a run of instants, some on the same day (its date part is kept between instants).
    const near = fc.tuple(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_000_000 }), fc.array(fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), { maxLength: 8 }));
    fc.assert(
      fc.property(near, ([start, steps]) => {
        const dates = [start, ...steps.map((d) => Math.min(253_402_300_799_999, Math.max(-62_135_596_800_000, start + d)))].map((ms) => new Date(ms));
        expect(written((w) => dates.forEach((d) => (w.instant(d, 't.c'), w.tab())))).toBe(dates.map((d) => `${d.toISOString()}\t`).join(''));
      }),
      { numRuns: 2000 },
    );
    expect(written((w) => w.instant(new Date(-62_135_596_800_001), 't.c'))).toBe('0001-12-31 23:59:59.999+00 BC');
    expect(() => written((w) => w.instant(new Date(NaN), 't.c'))).toThrow(SnapshotImportError);
  });

  it('writes safe integers as String does, and refuses the others (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(written((w) => w.integer(n, 't.c'))).toBe(String(n));
      }),
      { numRuns: 3000 },
    );
    expect(() => written((w) => w.integer(2 ** 53, 't.c'))).toThrow(SnapshotImportError);
    expect(() => written((w) => w.integer(1.5, 't.c'))).toThrow(SnapshotImportError);
    expect(written((w) => w.integers([], 't.c'))).toBe('{}');
    expect(written((w) => w.integers([3, -1], 't.c'))).toBe('{3,-1}');
  });
});

describe('row writers', () => {
  it('the compiled writer of every table writes what the per-column writers write', () => {
    const shop = generateDemoShop({ orders: 300, seed: 5 });
    const same = <R>(spec: TableSpec<R>, rows: readonly R[]) => {
      const compiled = rowWrite(spec);
      const generic = genericRowWrite(spec);
      const a = written((w) => rows.forEach((r) => compiled(w, r)));
      expect(a).toBe(written((w) => rows.forEach((r) => generic(w, r))));
      expect(a.split('\n')).toHaveLength(rows.length + 1);
    };
    same(STORE_TABLE, [shop.store]);
    same(PRODUCTS_TABLE, shop.products);
    same(CUSTOMERS_TABLE, shop.customers);
    same(COUPONS_TABLE, shop.coupons);
    same(ORDERS_TABLE, shop.orders);
    for (const { spec, lines } of CHILDREN) {
      same(
        spec,
        shop.orders.flatMap((o) => lines(o).map((line, position) => ({ orderId: o.id, position, line }))),
      );
    }
  });

  it('the orders writer writes the search text the column holds, whatever the names (property)', () => {
    const base = generateDemoShop({ orders: 4, seed: 9 }).orders;
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('ÄBC\tX', 'A\\B\nC\rD', 'Zz😀', ''));
    const compiled = rowWrite(ORDERS_TABLE);
    const generic = genericRowWrite(ORDERS_TABLE);
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, text), { minLength: base.length, maxLength: base.length }), (names) => {
        const orders = base.map((o, i) => ({
          ...o,
          customerNote: names[i]![0],
          billing: { ...o.billing, firstName: names[i]![1] },
          lineItems: o.lineItems.map((line) => ({ ...line, name: names[i]![2] })),
        }));
        expect(written((w) => orders.forEach((o) => compiled(w, o)))).toBe(written((w) => orders.forEach((o) => generic(w, o))));
      }),
      { numRuns: 300 },
    );
  });
});
