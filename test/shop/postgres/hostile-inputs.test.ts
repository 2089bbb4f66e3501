// Hostile values in search terms, codes, ids, dates and paging: always the in-memory repository's answer, never a
// SQL error. Values are data: quotes, backslashes, LIKE wildcards and NUL bytes are just characters (or, for NUL,
// match nothing because no stored text can hold one).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  type Coupon,
  type Order,
  type OrderFilter,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { loadedRepository, TARGETS } from './harness';

const base = generateDemoShop({ orders: 60, seed: 11 });
const NASTY = [`100% off_sale`, `back\\slash`, `it's "quoted"`, `semi;colon -- comment`, `dollar $1 $$`, 'tab\there'];
const orders: Order[] = base.orders.map((o, i) =>
  i < NASTY.length ? { ...o, customerNote: NASTY[i]!, billing: { ...o.billing, company: `${NASTY[i]} GmbH` } } : o,
);
const coupons: Coupon[] = base.coupons.map((c, i) => (i < NASTY.length ? { ...c, code: NASTY[i]!.toLowerCase(), status: 'publish' } : c));
const shop: ShopSnapshot = { ...base, orders, coupons };

const HOSTILE_TERMS = [
  '%',
  '_',
  '%_%',
  '\\',
  "'",
  '"',
  "' OR 1=1 --",
  "'); DROP TABLE shop_orders; --",
  '100%',
  'off_sale',
  'back\\slash',
  '$1',
  'nul\u0000byte',
  '\u0000',
  'lone\uD800surrogate',
  '\uDC00',
  'x'.repeat(100_000),
  '😀',
  'ß',
  'İ',
];

const HUGE_IDS = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 1e300, -1e300, Infinity, -Infinity, NaN, 2 ** 63, -0];

const EXTREME_DATES = [new Date(8.64e15), new Date(-8.64e15), new Date('0001-01-01T00:00:00Z'), new Date(0)];

describe.each(TARGETS)('hostile inputs on $name', (target) => {
  const memory = createMemoryRepository(shop);
  let repo: ShopRepository;

  beforeAll(async () => {
    repo = await loadedRepository(target, shop);
  });

  async function same(filter: OrderFilter): Promise<void> {
    expect(await repo.countOrders(filter)).toBe(await memory.countOrders(filter));
    expect(await repo.listOrders(filter, { offset: 0, limit: 100 })).toEqual(await memory.listOrders(filter, { offset: 0, limit: 100 }));
  }

  it('search terms with quotes, backslashes, wildcards, NUL, lone surrogates and huge lengths match as memory does', async () => {
    for (const term of HOSTILE_TERMS) {
      await same({ search: [term] });
      await same({ search: ['a', term] });
      const coupons = { search: [term] };
      expect(await repo.countCoupons(coupons)).toBe(await memory.countCoupons(coupons));
      expect(await repo.listCoupons(coupons, { offset: 0, limit: null })).toEqual(await memory.listCoupons(coupons, { offset: 0, limit: null }));
    }
    // The wildcards are literal: as LIKE patterns '%_' would match every text; as text it occurs nowhere, while
    // '%' plus 'off_' together occur only in the order whose note is '100% off_sale'.
    expect(await repo.countOrders({ search: ['%_'] })).toBe(0);
    expect((await repo.listOrders({ search: ['%', 'off_'] }, { offset: 0, limit: null })).map((o) => o.id)).toEqual([shop.orders[0]!.id]);
    expect((await repo.listOrders({ search: ['back\\slash'] }, { offset: 0, limit: null })).map((o) => o.id)).toEqual([shop.orders[1]!.id]);
  });

  it('coupon codes are compared exactly, whatever they hold', async () => {
    for (const code of [...NASTY.map((n) => n.toLowerCase()), ...HOSTILE_TERMS, '', ' ']) {
      expect(await repo.getCouponByCode(code)).toEqual(await memory.getCouponByCode(code));
    }
    expect((await repo.getCouponByCode('100% off_sale'))?.code).toBe('100% off_sale');
  });

  it('huge, negative and non-integer ids find nothing', async () => {
    for (const id of HUGE_IDS) {
      expect(await repo.getOrder(id)).toBeUndefined();
      expect(await repo.getCoupon(id)).toBeUndefined();
      expect(await repo.updateOrderStatus(id, { status: 'completed', note: '', at: new Date() })).toBeUndefined();
    }
    expect((await repo.getProducts(HUGE_IDS)).size).toBe(0);
  });

  it('extreme dates in every bound agree with memory', async () => {
    for (const d of EXTREME_DATES) {
      await same({ createdMin: d });
      await same({ createdMax: d });
      await same({ updatedMin: d, statuses: ['completed'] });
      await same({ updatedMax: d });
      const cf = { createdMin: d };
      expect(await repo.countCoupons(cf)).toBe(await memory.countCoupons(cf));
    }
  });

  it('an invalid date (which compares false with everything) matches nothing, without a SQL error', async () => {
    const invalid = new Date(Number.NaN);
    for (const filter of [{ createdMin: invalid }, { createdMax: invalid }, { updatedMin: invalid }, { updatedMax: invalid }]) {
      expect(await repo.countOrders(filter)).toBe(0);
      expect(await repo.listOrders(filter, { offset: 0, limit: 10 })).toEqual([]);
      expect(await repo.countCoupons(filter)).toBe(0);
    }
  });

  it('huge offsets and limits page like memory', async () => {
    for (const paging of [
      { offset: Number.MAX_SAFE_INTEGER, limit: 10 },
      { offset: 0, limit: Number.MAX_SAFE_INTEGER },
      { offset: 1e300, limit: 1e300 },
    ]) {
      expect(await repo.listOrders({}, paging)).toEqual(await memory.listOrders({}, paging));
      expect(await repo.listCoupons({}, paging)).toEqual(await memory.listCoupons({}, paging));
    }
  });

  it('any string as a search term or code agrees with memory (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 3 }), fc.string({ maxLength: 8 }), async (terms, code) => {
        const filter = { search: terms };
        expect(await repo.countOrders(filter)).toBe(await memory.countOrders(filter));
        expect(await repo.countCoupons(filter)).toBe(await memory.countCoupons(filter));
        expect(await repo.getCouponByCode(code)).toEqual(await memory.getCouponByCode(code));
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
