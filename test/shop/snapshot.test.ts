import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSnapshotIssue, loadShopSnapshot, serializeShopSnapshot } from 'wc-legacy-api/shop';
import type { ShopSnapshot, SnapshotIssue } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';

const exampleText = readFileSync(new URL('../../examples/data/small-shop.json', import.meta.url), 'utf8');
// A fresh, mutable copy of the example for each test that breaks something.
const example = (): any => JSON.parse(exampleText);

function issuesOf(input: unknown): SnapshotIssue[] {
  const result = loadShopSnapshot(input);
  if (result.ok) throw new Error('expected the snapshot to be rejected');
  return result.issues;
}

function loaded(input: unknown): ShopSnapshot {
  const result = loadShopSnapshot(input);
  if (!result.ok) throw new Error(result.issues.map(formatSnapshotIssue).join('\n'));
  return result.snapshot;
}

const minimal = () => ({
  format_version: 1,
  store: { name: 'Mini', site_url: 'https://mini.example', time_zone: 'UTC', currency: 'USD' },
});

describe('the example file examples/data/small-shop.json', () => {
  it('loads cleanly from its text, with a handful of every record kind', () => {
    const shop = loaded(exampleText);
    expect(shop.store.timeZone).toBe('Europe/Berlin');
    expect(shop.orders.length).toBe(8);
    expect(new Set(shop.orders.map((o) => o.status)).size).toBe(7);
    expect(shop.products.some((p) => p.parentId !== null)).toBe(true);
    expect(shop.customers.map((c) => c.role)).toContain('shop_manager');
    expect(new Set(shop.coupons.map((c) => c.status))).toEqual(new Set(['publish', 'draft', 'pending', 'private', 'trash']));
    const productIds = new Set(shop.products.map((p) => p.id));
    expect(shop.orders.some((o) => o.lineItems.some((l) => !productIds.has(l.productId)))).toBe(true); // deleted product
    expect(shop.orders.some((o) => o.customerId === 0)).toBe(true); // guest
    expect(shop.orders.some((o) => o.refunds.length > 0)).toBe(true);
    expect(shop.orders.some((o) => o.couponLines.length > 0 && o.feeLines.length > 0)).toBe(true);
    expect(shop.orders.some((o) => o.notes.some((n) => !n.approved))).toBe(true);
  });

  it('is exactly what serializing its model gives back (a round trip of the file)', () => {
    expect(serializeShopSnapshot(loaded(exampleText))).toEqual(example());
  });

  it('holds exact money: order 1001 total = items + shipping + fees + taxes', () => {
    const order = loaded(exampleText).orders[0]!;
    const sum = (xs: readonly Decimal[]) => xs.reduce((a, b) => a.plus(b), new Decimal(0));
    const expected = sum(order.lineItems.map((l) => l.total))
      .plus(sum(order.shippingLines.map((l) => l.total)))
      .plus(sum(order.feeLines.map((l) => l.total)))
      .plus(order.cartTax)
      .plus(order.shippingTax);
    expect(order.total.toFixed(2)).toBe(expected.toFixed(2));
    expect(order.total).toBeInstanceOf(Decimal);
  });
});

describe('loadShopSnapshot on bad data', () => {
  it('reports invalid JSON text as one issue and never throws', () => {
    expect(issuesOf('{"format_version": 1,')).toEqual([{ code: 'invalid_json', path: [], message: expect.stringMatching(/^invalid JSON: /) }]);
    expect(issuesOf('')[0]?.code).toBe('invalid_json');
  });

  it('reports a non-object at the root', () => {
    for (const input of [null, 42, [], 'null', '[1]', undefined]) {
      const issues = issuesOf(input);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toEqual([]);
      expect(issues[0]?.code).toBe('invalid_type');
    }
  });

  it('reports a float quantity with its full path, as the brief example has it', () => {
    const shop = example();
    shop.orders[3].items[0].quantity = 1.5;
    const issues = issuesOf(shop);
    expect(issues).toEqual([{ code: 'invalid_type', path: ['orders', 3, 'items', 0, 'quantity'], message: 'expected integer, got 1.5' }]);
    expect(formatSnapshotIssue(issues[0]!)).toBe('orders[3].items[0].quantity: expected integer, got 1.5');
  });

  it('reports every problem at once, each with its path and code', () => {
    const shop = example();
    shop.format_version = 2;
    delete shop.store.name;
    shop.store.site_url = 'http://localhost:8080/';
    shop.store.time_zone = 'Mars/Olympus_Mons';
    shop.store.currency = 'euro';
    shop.customers[0].id = 0;
    shop.customers[1].registered_at = '2026-01-01 10:00:00';
    shop.coupons[0].type = 'bogus';
    shop.coupons[1].usage_limit = -1;
    shop.coupons[2].amount = 5;
    shop.orders[0].status = 'wc-completed';
    shop.orders[0].total = '12,50';
    shop.orders[1].created_at = '2026-02-30T10:00:00Z';
    shop.orders[1].items[1].qty = 2;
    shop.orders[2].billing.email = null;
    shop.orders[4].notes[0].approved = 'yes';
    shop.orders[5].refunds[0].amount = '1e3';
    delete shop.orders[6].items[0].name;
    const issues = issuesOf(shop);
    const got = issues.map((i) => [i.code, formatSnapshotIssue(i)]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['invalid_value', 'format_version: expected 1, got 2'],
        ['missing', 'store.name: required'],
        ['invalid_format', expect.stringMatching(/^store\.site_url: expected an http\(s\) URL without a trailing slash/)],
        ['invalid_format', expect.stringMatching(/^store\.time_zone: expected an IANA time zone/)],
        ['invalid_format', expect.stringMatching(/^store\.currency: expected an ISO 4217 currency code/)],
        ['out_of_range', 'customers[0].id: expected a positive integer, got 0'],
        ['invalid_format', expect.stringMatching(/^customers\[1\]\.registered_at: expected an ISO 8601 date-time with offset/)],
        ['invalid_value', expect.stringMatching(/^coupons\[0\]\.type: expected one of "fixed_cart", "percent", "fixed_product", "percent_product", got "bogus"$/)],
        ['out_of_range', 'coupons[1].usage_limit: expected a non-negative integer, got -1'],
        ['invalid_type', 'coupons[2].amount: expected a decimal string such as "12.50", got 5'],
        ['invalid_value', expect.stringMatching(/^orders\[0\]\.status: expected one of .*got "wc-completed"$/)],
        ['invalid_format', 'orders[0].total: expected a decimal string such as "12.50", got "12,50"'],
        ['invalid_format', expect.stringMatching(/^orders\[1\]\.created_at: expected an ISO 8601/)],
        ['unknown_field', 'orders[1].items[1].qty: unknown field'],
        ['invalid_type', 'orders[2].billing.email: expected string, got null'],
        ['invalid_type', 'orders[4].notes[0].approved: expected boolean, got "yes"'],
        ['invalid_format', 'orders[5].refunds[0].amount: expected a decimal string such as "12.50", got "1e3"'],
        ['missing', 'orders[6].items[0].name: required'],
      ]),
    );
    expect(issues).toHaveLength(18);
  });

  it('reports missing required fields of an order', () => {
    const issues = issuesOf({ ...minimal(), orders: [{ id: 1 }] });
    expect(issues.map(formatSnapshotIssue).sort()).toEqual(['orders[0].created_at: required', 'orders[0].status: required', 'orders[0].total: required']);
    expect(issues.every((i) => i.code === 'missing')).toBe(true);
  });

  it('reports duplicate ids per kind, naming the first use', () => {
    const shop = example();
    shop.products[2].id = shop.products[1].id;
    shop.customers[3].id = shop.customers[0].id;
    shop.coupons[4].id = shop.coupons[3].id;
    shop.orders[7].id = shop.orders[0].id;
    shop.orders[5].shipping_lines[0].id = shop.orders[1].items[0].id; // one id space for every kind of order line
    shop.orders[6].notes[0].id = shop.orders[5].notes[1].id;
    shop.orders[6].refunds = [{ ...shop.orders[5].refunds[0] }];
    const issues = issuesOf(shop);
    expect(issues.every((i) => i.code === 'duplicate_id')).toBe(true);
    expect(issues.map(formatSnapshotIssue)).toEqual([
      `products[2].id: duplicate product id ${shop.products[1].id} (first used at products[1])`,
      `customers[3].id: duplicate customer id ${shop.customers[0].id} (first used at customers[0])`,
      `coupons[4].id: duplicate coupon id ${shop.coupons[3].id} (first used at coupons[3])`,
      `orders[7].id: duplicate order id ${shop.orders[0].id} (first used at orders[0])`,
      `orders[5].shipping_lines[0].id: duplicate order line id ${shop.orders[1].items[0].id} (first used at orders[1].items[0])`,
      `orders[6].refunds[0].id: duplicate refund id ${shop.orders[5].refunds[0].id} (first used at orders[5].refunds[0])`,
      `orders[6].notes[0].id: duplicate note id ${shop.orders[5].notes[1].id} (first used at orders[5].notes[1])`,
    ]);
  });

  it('checks variations and line item references, but allows deleted products', () => {
    const base = () => ({
      ...minimal(),
      products: [
        { id: 1, name: 'Shirt' },
        { id: 2, name: 'Shirt - Red', parent_id: 1 },
        { id: 3, name: 'Mug' },
      ],
    });
    const line = (id: number, product_id: number, variation_id: number | null) => ({ id, name: 'x', product_id, variation_id, quantity: 1, subtotal: '1', total: '1' });
    const order = (items: unknown[]) => ({ id: 1, created_at: '2026-01-01T00:00:00Z', status: 'completed', total: '1', items });

    // Deleted products and deleted variations are fine: they are the "sku null" case.
    expect(loaded({ ...base(), orders: [order([line(1, 1, 2), line(2, 99, null), line(3, 98, 97), line(4, 1, 96)])] }).orders[0]?.lineItems).toHaveLength(4);

    const shop = base();
    shop.products.push({ id: 4, name: 'Orphan', parent_id: 50 } as never, { id: 5, name: 'Nested', parent_id: 2 } as never);
    const issues = issuesOf({ ...shop, orders: [order([line(1, 2, null), line(2, 3, 2), line(3, 1, 3)])] });
    expect(issues.every((i) => i.code === 'unknown_reference')).toBe(true);
    expect(issues.map(formatSnapshotIssue)).toEqual([
      'products[3].parent_id: parent product 50 does not exist',
      'products[4].parent_id: product 2 is a variation and cannot be a parent',
      'orders[0].items[0].product_id: product 2 is a variation; product_id names the parent product and variation_id the variation',
      'orders[0].items[1].variation_id: variation 2 belongs to product 1, not to product 3',
      'orders[0].items[2].variation_id: product 3 is not a variation',
    ]);
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), fc.string()), (input) => {
        const result = loadShopSnapshot(input);
        if (!result.ok) {
          expect(result.issues.length).toBeGreaterThan(0);
          for (const issue of result.issues) expect(issue.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws when one field of a valid snapshot is replaced by anything', () => {
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, path: (string | number)[]) => {
      if (paths.length > 3000) return;
      paths.push(path);
      if (Array.isArray(v)) v.slice(0, 2).forEach((x, i) => walk(x, [...path, i]));
      else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    };
    walk(example(), []);
    fc.assert(
      fc.property(fc.constantFrom(...paths.filter((p) => p.length > 0)), fc.anything(), (path, value) => {
        const shop = example();
        let target = shop;
        for (const key of path.slice(0, -1)) target = target[key];
        target[path.at(-1)!] = value;
        const result = loadShopSnapshot(shop);
        if (!result.ok) for (const issue of result.issues) expect(Array.isArray(issue.path)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('defaults of optional fields', () => {
  it('fills the documented defaults', () => {
    const shop = loaded({
      ...minimal(),
      customers: [{ id: 7, email: 'a@example.com', username: 'a', registered_at: '2026-01-01T10:00:00+01:00' }],
      coupons: [{ id: 3, code: 'c', type: 'percent', created_at: '2026-01-01T00:00:00Z', amount: '5' }],
      orders: [{ id: 12, created_at: '2026-01-02T00:00:00.5Z', status: 'pending', total: '0' }],
    });
    const order = shop.orders[0]!;
    expect(order.number).toBe('12');
    expect(order.updatedAt).toEqual(order.createdAt);
    expect(order.createdAt.toISOString()).toBe('2026-01-02T00:00:00.500Z');
    expect(order.currency).toBe('USD'); // the store's
    expect(order.customerId).toBe(0);
    expect(order.completedAt).toBeNull();
    expect(order.payment).toEqual({ methodId: '', methodTitle: '', paidAt: null });
    expect(order.billing.email).toBe('');
    expect(order.lineItems).toEqual([]);
    expect(order.cartDiscount.isZero()).toBe(true);
    const customer = shop.customers[0]!;
    expect(customer.role).toBe('customer');
    expect(customer.registeredAt.toISOString()).toBe('2026-01-01T09:00:00.000Z'); // 10:00 at +01:00
    const coupon = shop.coupons[0]!;
    expect(coupon.status).toBe('publish');
    expect(coupon.usageLimit).toBeNull();
    expect(coupon.updatedAt).toEqual(coupon.createdAt);
    expect(coupon.minimumAmount.isZero()).toBe(true);
    expect(shop.store.currencySymbol).toBe('');
    expect(shop.products).toEqual([]);
  });
});

describe('round trip: serializeShopSnapshot then loadShopSnapshot', () => {
  it('gives back the generated demo shop exactly, through JSON text', () => {
    const shop = generateDemoShop({ orders: 300, seed: 5 });
    const text = JSON.stringify(serializeShopSnapshot(shop));
    const back = loaded(text);
    expect(back).toEqual(shop);
    expect(JSON.stringify(serializeShopSnapshot(back))).toBe(text);
  });

  it('holds for generated shops of any seed and size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 20 }),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (seed, orders, products, coupons, now) => {
          const shop = generateDemoShop({ seed, orders, products, coupons, now });
          const back = loaded(JSON.parse(JSON.stringify(serializeShopSnapshot(shop))));
          expect(back).toEqual(shop);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps money exact, whatever its precision', () => {
    const shop = generateDemoShop({ orders: 1, seed: 1 });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        const amount = new Decimal(units.toString()).div(new Decimal(10).pow(scale));
        const order = { ...shop.orders[0]!, total: amount };
        const json = serializeShopSnapshot({ ...shop, orders: [order] });
        expect(json.orders[0]?.total).toMatch(/^-?\d+\.\d{2,}$/);
        expect(loaded(json).orders[0]?.total.eq(amount)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
