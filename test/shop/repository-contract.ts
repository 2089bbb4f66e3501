import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  computeSalesReport,
  lineProductIds,
  createShopApi,
  MAX_REPORT_PERIODS,
  SHOP_MANAGER_CAPABILITIES,
  REPORT_CUSTOMER_ROLE,
  REPORT_ORDER_STATUSES,
  resolveReportRange,
  salesReportFor,
  salesReportWindow,
  serializeSalesReport,
  matchesTerms,
  ORDER_STATUSES,
  orderSearchText,
  searchTerms,
  serializeOrderNotes,
  serializeShopSnapshot,
  statusChangeNoteText,
} from 'wc-legacy-api/shop';
import type { Order, OrderFilter, OrderStatus, ShopRepository, ShopSnapshot } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';
import { CONTRACT_NEWEST_FIRST, CONTRACT_STORE, contractShop } from './builders-core';

/** Builds the repository under test from a snapshot (a fresh, independent store each call). */
export type MakeRepository = (snapshot: ShopSnapshot) => Promise<ShopRepository> | ShopRepository;

/**
 * What the backend under test can do. `writes: false` is a read-only backend (the WooCommerce bridge, a read
 * replica): instead of the status-change tests, the suite checks that `updateOrderStatus` refuses with
 * `RepositoryUnavailableError('read-only')`, that the handler answers the PUT with that envelope (never a 500), and
 * that nothing changed.
 */
export interface RepositoryCapabilities {
  readonly writes: boolean;
  /**
   * The snapshot as this backend holds it, for a backend whose storage has less room than the snapshot format (the
   * WooCommerce bridge: whole seconds, one posts id space, no usage limit of 0). The suite gives `makeRepository`
   * this form of its shops and expects it back; the one test that needs what such a store cannot keep (sub-second
   * instants) then checks only what is left of it. Default: the snapshot itself.
   */
  readonly asStored?: (snapshot: ShopSnapshot) => ShopSnapshot;
}

const at = (iso: string) => new Date(iso);
const ids = (orders: readonly { id: number }[]) => orders.map((o) => o.id);
const all = { offset: 0, limit: null } as const;

/** An order as plain JSON (money as strings, instants as ISO), so stores that rebuild objects compare equal. */
function asJson(order: Order): unknown {
  return serializeShopSnapshot({ store: CONTRACT_STORE, products: [], customers: [], coupons: [], orders: [order] }).orders[0];
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The reference semantics of an order filter, straight from the contract's definitions. */
function referenceOrders(orders: readonly Order[], filter: OrderFilter): Order[] {
  const within = (d: Date, min?: Date, max?: Date) => (min === undefined || d >= min) && (max === undefined || d <= max);
  return orders
    .filter(
      (o) =>
        (filter.statuses === undefined || filter.statuses.includes(o.status)) &&
        (filter.customerId === undefined || o.customerId === filter.customerId) &&
        within(o.createdAt, filter.createdMin, filter.createdMax) &&
        within(o.updatedAt, filter.updatedMin, filter.updatedMax) &&
        matchesTerms(orderSearchText(o), filter.search ?? []),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/**
 * The one behavioural suite every {@link ShopRepository} must pass (memory, PGlite, a PostgreSQL server). Each
 * `describe` block builds its own repository, so write tests never disturb read tests.
 *
 * @example
 * ```ts
 * describeRepositoryContract('memory', (snapshot) => createMemoryRepository(snapshot));
 * ```
 */
export function describeRepositoryContract(name: string, makeRepository: MakeRepository, capabilities: RepositoryCapabilities = { writes: true }): void {
  const asStored = capabilities.asStored ?? ((snapshot: ShopSnapshot) => snapshot);
  // Whether the backend keeps milliseconds (the contract shop's order 102 was updated at 11:00:00.500).
  const keepsMilliseconds = asStored(contractShop()).orders.find((o) => o.id === 102)?.updatedAt.getUTCMilliseconds() === 500;
  describe(`ShopRepository contract: ${name}`, () => {
    describe('reads on the contract shop', () => {
      const shop = asStored(contractShop());
      let repo: ShopRepository;
      beforeAll(async () => {
        repo = await makeRepository(shop);
      });

      it('returns the store settings', async () => {
        expect(await repo.getStore()).toEqual(CONTRACT_STORE);
      });

      it('gets one order by id with all its lines and notes, whatever its status', async () => {
        for (const order of shop.orders) {
          const got = await repo.getOrder(order.id);
          expect(got && asJson(got)).toEqual(asJson(order));
        }
        expect(await repo.getOrder(424242)).toBeUndefined();
      });

      it('lists every order newest first, the id breaking ties (103 before 102: same instant)', async () => {
        expect(ids(await repo.listOrders({}, all))).toEqual(CONTRACT_NEWEST_FIRST);
        expect(await repo.countOrders({})).toBe(8);
      });

      it('matches statuses as a set: one, several, an empty list (nothing), undefined (all)', async () => {
        expect(ids(await repo.listOrders({ statuses: ['completed'] }, all))).toEqual([99, 101]);
        expect(ids(await repo.listOrders({ statuses: ['pending', 'failed', 'processing'] }, all))).toEqual([107, 103, 102]);
        expect(ids(await repo.listOrders({ statuses: ['failed', 'failed'] }, all))).toEqual([107]);
        expect(await repo.listOrders({ statuses: [] }, all)).toEqual([]);
        expect(await repo.countOrders({ statuses: [] })).toBe(0);
        expect(await repo.countOrders({ statuses: ['completed', 'refunded'] })).toBe(3);
        expect(ids(await repo.listOrders({ statuses: undefined }, all))).toEqual(CONTRACT_NEWEST_FIRST);
        expect(await repo.countOrders({ statuses: [...ORDER_STATUSES] })).toBe(8);
      });

      it('applies created bounds inclusively', async () => {
        const filter = { createdMin: at('2026-01-02T10:00:00Z'), createdMax: at('2026-01-04T00:00:00Z') };
        expect(ids(await repo.listOrders(filter, all))).toEqual([105, 104, 103, 102]);
        expect(await repo.countOrders(filter)).toBe(4);
        expect(ids(await repo.listOrders({ createdMin: at('2026-01-05T12:00:00.001Z') }, all))).toEqual([99]);
        expect(ids(await repo.listOrders({ createdMax: at('2026-01-01T10:00:00Z') }, all))).toEqual([101]);
        expect(await repo.countOrders({ createdMin: at('2026-02-01T00:00:00Z'), createdMax: at('2026-01-01T00:00:00Z') })).toBe(0);
        expect(ids(await repo.listOrders({ ...filter, statuses: ['pending', 'cancelled'] }, all))).toEqual([105, 103]);
      });

      it('applies updated bounds inclusively', async () => {
        const filter = { updatedMin: at('2026-01-02T10:30:00Z'), updatedMax: at('2026-01-04T00:00:00Z') };
        // Updated instants inside: 101 Jan 3 10:00, 102 Jan 2 11:00, 103 Jan 2 10:30 (the lower bound), 104 Jan 4
        // 00:00 and 105 Jan 4 00:00 (the upper bound); 106 (Jan 6), 107 (Jan 5 12:00) and 99 (Jan 7) are outside.
        expect(ids(await repo.listOrders(filter, all))).toEqual([105, 104, 103, 102, 101]);
        expect(await repo.countOrders(filter)).toBe(5);
        expect(await repo.countOrders({ ...filter, statuses: ['completed'] })).toBe(1);
      });

      it.runIf(keepsMilliseconds)('keeps milliseconds: bounds compare the stored instant exactly (102 was updated at 11:00:00.500)', async () => {
        expect(ids(await repo.listOrders({ updatedMin: at('2026-01-02T11:00:00.500Z'), updatedMax: at('2026-01-02T11:00:00.500Z') }, all))).toEqual([102]);
        expect(await repo.countOrders({ updatedMax: at('2026-01-02T11:00:00.499Z'), updatedMin: at('2026-01-02T11:00:00Z') })).toBe(0);
        expect(await repo.countOrders({ updatedMin: at('2026-01-02T11:00:00.501Z'), updatedMax: at('2026-01-02T11:00:00.999Z') })).toBe(0);
        expect((await repo.getOrder(102))?.updatedAt.toISOString()).toBe('2026-01-02T11:00:00.500Z');
      });

      it('matches nothing for an invalid Date bound, on any bound of orders and coupons', async () => {
        const invalid = new Date(Number.NaN);
        for (const key of ['createdMin', 'createdMax', 'updatedMin', 'updatedMax'] as const) {
          expect(await repo.listOrders({ [key]: invalid }, all)).toEqual([]);
          expect(await repo.countOrders({ [key]: invalid })).toBe(0);
          expect(await repo.listCoupons({ [key]: invalid }, all)).toEqual([]);
          expect(await repo.countCoupons({ [key]: invalid })).toBe(0);
        }
      });

      it('searches with several terms ANDed, case-folded, across fields but never across a field boundary', async () => {
        const search = async (q: string) => ids(await repo.listOrders({ search: searchTerms(q) }, all));
        expect(await search('alice')).toEqual([106, 101]);
        expect(await search('ALICE smith')).toEqual([106, 101]); // 106 via its company "Smith & Co"
        expect(await search('alice walker')).toEqual([106]);
        expect(await search('alice nobody')).toEqual([]);
        expect(await search('cotton')).toEqual([106, 103]);
        expect(await search('t-shirt blue mug')).toEqual([101]); // line item names
        expect(await search('103')).toEqual([103]); // the id/number
        expect(await search('smithalice')).toEqual([]);
        expect(await repo.countOrders({ search: searchTerms('alice'), statuses: ['completed'] })).toBe(1);
        expect(ids(await repo.listOrders({ search: [] }, all))).toEqual(CONTRACT_NEWEST_FIRST);
      });

      it('treats quotes, %, _, backslashes and non-ASCII letters literally', async () => {
        const search = async (q: string) => ids(await repo.listOrders({ search: searchTerms(q) }, all));
        expect(await search('"back')).toEqual([102]);
        expect(await search("o'brien")).toEqual([102]);
        expect(await search('100%')).toEqual([103]); // not "1000" (106): % is no wildcard
        expect(await search('%')).toEqual([103]);
        expect(await search('x_y')).toEqual([107]); // not "xay" (99): _ is no wildcard
        expect(await search('acme_corp')).toEqual([102]);
        expect(await search('c:\\shop\\orders')).toEqual([104]);
        expect(await search('\\')).toEqual([104]);
        expect(await search('jürgen müller')).toEqual([105]);
        expect(await search('crème')).toEqual([105]);
        // Folding is ASCII-only: "Ü" is not lowered, so it does not find "ü".
        expect(await search('JÜRGEN')).toEqual([]);
        expect(await search('crm')).toEqual([]);
      });

      it('pages with offset and limit, limit null meaning all remaining rows', async () => {
        expect(ids(await repo.listOrders({}, { offset: 0, limit: 3 }))).toEqual([99, 107, 106]);
        expect(ids(await repo.listOrders({}, { offset: 3, limit: 3 }))).toEqual([105, 104, 103]);
        expect(ids(await repo.listOrders({}, { offset: 6, limit: 3 }))).toEqual([102, 101]);
        expect(ids(await repo.listOrders({}, { offset: 5, limit: null }))).toEqual([103, 102, 101]);
        expect(await repo.listOrders({}, { offset: 8, limit: 10 })).toEqual([]);
        expect(await repo.listOrders({}, { offset: 1000, limit: null })).toEqual([]);
        expect(ids(await repo.listOrders({ statuses: ['completed', 'failed'] }, { offset: 1, limit: 1 }))).toEqual([107]);
        // Count ignores paging.
        expect(await repo.countOrders({ statuses: ['completed', 'failed'] })).toBe(3);
      });

      it("restricts to one customer's orders (the handler's read scope), in lists, counts and pages", async () => {
        // Customer 2 placed 99 and 101, customer 3 placed 103; 102 and 105 are guest orders (customerId 0).
        expect(ids(await repo.listOrders({ customerId: 2 }, all))).toEqual([99, 101]);
        expect(await repo.countOrders({ customerId: 2 })).toBe(2);
        expect(ids(await repo.listOrders({ customerId: 2 }, { offset: 1, limit: 1 }))).toEqual([101]);
        expect(await repo.countOrders({ customerId: 2, statuses: ['completed', 'pending'] })).toBe(2);
        expect(await repo.countOrders({ customerId: 2, statuses: ['pending'] })).toBe(0);
        expect(await repo.countOrders({ customerId: 2, statuses: [] })).toBe(0);
        expect(ids(await repo.listOrders({ customerId: 2, search: searchTerms('xena') }, all))).toEqual([99]);
        expect(await repo.countOrders({ customerId: 2, search: searchTerms('bob') })).toBe(0); // Bob's 102 is a guest order
        expect(await repo.countOrders({ customerId: 2, createdMin: at('2026-01-02T00:00:00Z') })).toBe(1);
        expect(await repo.countOrders({ customerId: 2, updatedMax: at('2026-01-03T10:00:00Z') })).toBe(1);
        expect(ids(await repo.listOrders({ customerId: 3 }, all))).toEqual([103]);
        expect(ids(await repo.listOrders({ customerId: 0 }, all))).toEqual([107, 106, 105, 102]);
        for (const nobody of [5, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, Number.NaN]) {
          expect(await repo.listOrders({ customerId: nobody }, all)).toEqual([]);
          expect(await repo.countOrders({ customerId: nobody })).toBe(0);
        }
      });

      it('serves every page the handler can ask for: offsets and limits up to 2^31-1, never more rows than the limit', async () => {
        expect(ids(await repo.listOrders({}, { offset: 7, limit: 2_147_483_647 }))).toEqual([101]);
        expect(await repo.listOrders({ statuses: ['completed'] }, { offset: 2_147_483_647, limit: 100 })).toEqual([]);
        expect(await repo.listCoupons({}, { offset: 2_147_483_647, limit: 2_147_483_647 })).toEqual([]);
        for (let limit = 1; limit <= 9; limit++) {
          expect((await repo.listOrders({}, { offset: 0, limit })).length).toBe(Math.min(limit, 8));
          expect((await repo.listCoupons({}, { offset: 1, limit })).length).toBe(Math.min(limit, 3));
        }
      });

      it('lists and counts published coupons only, newest first (id breaks the tie)', async () => {
        // Published: 202 (Dec), 207 and 204 (both Jul 1: 207 first), 201 (Jun).
        expect(ids(await repo.listCoupons({}, all))).toEqual([202, 207, 204, 201]);
        expect(await repo.countCoupons({})).toBe(4);
        expect(ids(await repo.listCoupons({}, { offset: 1, limit: 2 }))).toEqual([207, 204]);
        expect(await repo.listCoupons({}, { offset: 4, limit: 2 })).toEqual([]);
      });

      it('filters coupons by created/updated bounds (inclusive) and search', async () => {
        expect(ids(await repo.listCoupons({ createdMin: at('2025-07-01T00:00:00Z') }, all))).toEqual([202, 207, 204]);
        expect(ids(await repo.listCoupons({ createdMax: at('2025-07-01T00:00:00Z') }, all))).toEqual([207, 204, 201]);
        expect(ids(await repo.listCoupons({ updatedMin: at('2025-08-01T00:00:00Z'), updatedMax: at('2025-08-01T00:00:00Z') }, all))).toEqual([204]);
        expect(ids(await repo.listCoupons({ search: searchTerms('SUMMER') }, all))).toEqual([204, 201]);
        expect(ids(await repo.listCoupons({ search: searchTerms('summer reissued') }, all))).toEqual([204]);
        expect(ids(await repo.listCoupons({ search: searchTerms('winter_') }, all))).toEqual([202]);
        expect(ids(await repo.listCoupons({ search: searchTerms('spring') }, all))).toEqual([]); // a draft
        expect(await repo.countCoupons({ search: searchTerms('10%') })).toBe(1);
      });

      it('gets a coupon by id whatever its status', async () => {
        expect((await repo.getCoupon(203))?.status).toBe('draft');
        // 0 stays 0 where the store can say so (WooCommerce cannot: its 0 is "none", null).
        expect((await repo.getCoupon(207))?.usageLimit).toBe(shop.coupons.find((c) => c.id === 207)?.usageLimit);
        expect((await repo.getCoupon(201))?.usageLimit).toBeNull();
        expect(await repo.getCoupon(999)).toBeUndefined();
      });

      it('finds a coupon by exact, case-sensitive code among published ones, newest first', async () => {
        expect((await repo.getCouponByCode('summer10'))?.id).toBe(204);
        expect((await repo.getCouponByCode('WINTER-Sale'))?.id).toBe(202);
        expect(await repo.getCouponByCode('winter-sale')).toBeUndefined();
        expect(await repo.getCouponByCode('summer')).toBeUndefined();
        expect(await repo.getCouponByCode('summer1%')).toBeUndefined();
        expect(await repo.getCouponByCode('spring')).toBeUndefined(); // draft
        expect(await repo.getCouponByCode('staff')).toBeUndefined(); // private
      });

      it('gets products by id, variations included, missing ids absent', async () => {
        const found = await repo.getProducts([11, 12, 404, 12]);
        expect([...found.keys()].sort()).toEqual([11, 12]);
        expect(found.get(11)).toEqual({ id: 11, name: 'T-Shirt - Blue', sku: 'TS-B', parentId: 10 });
        expect(found.get(12)?.sku).toBe('');
        expect((await repo.getProducts([])).size).toBe(0);
      });

      it('streams orders created in a half-open window with the given statuses', async () => {
        const window = { start: at('2026-01-02T10:00:00Z'), end: at('2026-01-05T00:00:00Z') };
        const got = await collect(repo.ordersCreatedIn(window, [...ORDER_STATUSES]));
        // 106 was created exactly at `end`: excluded; 102 and 103 exactly at `start`: included.
        expect(ids(got).sort()).toEqual([102, 103, 104, 105]);
        expect(ids(await collect(repo.ordersCreatedIn(window, ['pending', 'on-hold']))).sort()).toEqual([103, 104]);
        expect(await collect(repo.ordersCreatedIn(window, []))).toEqual([]);
        const full = await collect(repo.ordersCreatedIn({ start: at('2026-01-05T00:00:00Z'), end: at('2026-01-05T12:00:00.001Z') }, ['refunded', 'failed']));
        expect(ids(full).sort()).toEqual([106, 107]);
        expect(got.find((o) => o.id === 104)?.lineItems.length).toBe(1);
      });

      it('streams users of a role registered in a half-open window', async () => {
        const window = { start: at('2026-01-01T00:00:00Z'), end: at('2026-01-03T00:00:00Z') };
        expect(ids(await collect(repo.customersRegisteredIn(window, 'customer'))).sort()).toEqual([2, 3]);
        expect(ids(await collect(repo.customersRegisteredIn({ start: at('2025-01-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') }, 'shop_manager')))).toEqual([1]);
        expect(await collect(repo.customersRegisteredIn(window, 'administrator'))).toEqual([]);
      });
    });

    describe('queries on a generated shop agree with the reference semantics', () => {
      const shop = asStored(generateDemoShop({ orders: 400, seed: 11, now: at('2026-06-01T00:00:00Z') }));
      let repo: ShopRepository;
      beforeAll(async () => {
        repo = await makeRepository(shop);
      });
      const instants = shop.orders.flatMap((o) => [o.createdAt, o.updatedAt]);
      const instant = fc.oneof(
        fc.constantFrom(...instants),
        fc.date({ min: at('2024-11-01T00:00:00Z'), max: at('2026-06-02T00:00:00Z'), noInvalidDate: true }).map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000)),
      );
      const words = ['anna', 'müller', 'mug', '100%', 'cotton', '10', 'example.com', 'gift', 'café', 'limited_edition', '\\', 'blue,'];
      const filterArb: fc.Arbitrary<OrderFilter> = fc.record(
        {
          statuses: fc.option(fc.subarray([...ORDER_STATUSES]), { nil: undefined }),
          createdMin: fc.option(instant, { nil: undefined }),
          createdMax: fc.option(instant, { nil: undefined }),
          updatedMin: fc.option(instant, { nil: undefined }),
          updatedMax: fc.option(instant, { nil: undefined }),
          search: fc.option(fc.subarray(words, { maxLength: 2 }), { nil: undefined }),
          customerId: fc.option(fc.constantFrom(...new Set(shop.orders.map((o) => o.customerId)), 424242), { nil: undefined }),
        },
        { requiredKeys: [] },
      );

      it('counts equal list lengths with limit null, and every list is the reference list', async () => {
        await fc.assert(
          fc.asyncProperty(filterArb, async (filter) => {
            const listed = await repo.listOrders(filter, all);
            expect(await repo.countOrders(filter)).toBe(listed.length);
            expect(ids(listed)).toEqual(ids(referenceOrders(shop.orders, filter)));
          }),
          { numRuns: 60 },
        );
      });

      it('reports over the longest range the handler serves (MAX_REPORT_PERIODS months) exactly as the stream fold does', async () => {
        const resolved = resolveReportRange({ date_min: '1926-07-01', date_max: '2026-06-30' }, { now: at('2026-06-01T00:00:00Z'), timeZone: shop.store.timeZone });
        if (!resolved.ok) throw new Error(resolved.error.message);
        const range = resolved.range;
        expect(range.labels).toHaveLength(MAX_REPORT_PERIODS);
        const window = salesReportWindow(range);
        const folded = await computeSalesReport(repo.ordersCreatedIn(window, REPORT_ORDER_STATUSES), repo.customersRegisteredIn(window, REPORT_CUSTOMER_ROLE), range);
        const served = serializeSalesReport(await salesReportFor(repo, range));
        expect(served).toEqual(serializeSalesReport(folded));
        expect(served.total_orders).toBe(shop.orders.filter((o) => REPORT_ORDER_STATUSES.includes(o.status)).length);
      });

      it('pages are slices of the full list', async () => {
        await fc.assert(
          fc.asyncProperty(filterArb, fc.nat(60), fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }), async (filter, offset, limit) => {
            const expected = ids(referenceOrders(shop.orders, filter));
            const page = await repo.listOrders(filter, { offset, limit });
            expect(ids(page)).toEqual(expected.slice(offset, limit === null ? undefined : offset + limit));
          }),
          { numRuns: 60 },
        );
      });

      // The optional orderPage (GET /orders in one call) answers exactly the three calls it replaces.
      it('orderPage, where offered, is listOrders, countOrders and getProducts of the page\'s lines', async () => {
        if (repo.orderPage === undefined) return;
        const samples: [OrderFilter, { offset: number; limit: number | null }][] = [
          [{}, { offset: 0, limit: 10 }],
          [{}, { offset: 395, limit: 10 }],
          [{}, { offset: 400, limit: 10 }],
          [{ statuses: [] }, { offset: 0, limit: 10 }],
          [{ customerId: 424242 }, { offset: 0, limit: 10 }],
          [{ statuses: ["it's", 'a\\b'] as unknown as OrderStatus[] }, { offset: 0, limit: 10 }],
        ];
        const checkOne = async (filter: OrderFilter, paging: { offset: number; limit: number | null }) => {
          const page = await repo.orderPage!(filter, paging);
          const orders = await repo.listOrders(filter, paging);
          expect(page.orders).toEqual(orders);
          expect(page.total).toBe(await repo.countOrders(filter));
          expect(new Map(page.products)).toEqual(await repo.getProducts(lineProductIds(orders)));
        };
        for (const [filter, paging] of samples) await checkOne(filter, paging);
        await fc.assert(
          fc.asyncProperty(filterArb, fc.nat(60), fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }), (filter, offset, limit) => checkOne(filter, { offset, limit })),
          { numRuns: 40 },
        );
      });

      it('ordersCreatedIn yields exactly the orders of the window and statuses', async () => {
        await fc.assert(
          fc.asyncProperty(instant, instant, fc.subarray([...ORDER_STATUSES]), async (a, b, statuses) => {
            const [start, end] = a <= b ? [a, b] : [b, a];
            const got = ids(await collect(repo.ordersCreatedIn({ start, end }, statuses))).sort((x, y) => x - y);
            const expected = shop.orders
              .filter((o) => o.createdAt >= start && o.createdAt < end && statuses.includes(o.status))
              .map((o) => o.id)
              .sort((x, y) => x - y);
            expect(got).toEqual(expected);
          }),
          { numRuns: 40 },
        );
      });
    });

    describe.runIf(!capabilities.writes)('updateOrderStatus on a read-only backend', () => {
      let repo: ShopRepository;
      beforeAll(async () => {
        repo = await makeRepository(asStored(contractShop()));
      });

      it('refuses with RepositoryUnavailableError read-only, through the handler a 503 envelope, and changes nothing', async () => {
        const before = asJson((await repo.getOrder(102)) as Order);
        const counts = await Promise.all(ORDER_STATUSES.map((status) => repo.countOrders({ statuses: [status] })));
        await expect(repo.updateOrderStatus(102, { status: 'completed', note: 'Shipped.', at: at('2026-02-01T08:00:00Z') })).rejects.toMatchObject({
          name: 'RepositoryUnavailableError',
          code: 'read-only',
        });
        const api = createShopApi({ repository: repo });
        const res = await api.handle({ method: 'PUT', url: '/wc-api/v1/orders/102', caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES }, body: { order: { status: 'completed' } } });
        expect(res.status).toBe(503);
        expect(JSON.parse(res.body as string).errors[0].code).toBe('shop_api_unavailable');
        expect(asJson((await repo.getOrder(102)) as Order)).toEqual(before);
        expect(await Promise.all(ORDER_STATUSES.map((status) => repo.countOrders({ statuses: [status] })))).toEqual(counts);
      });
    });

    describe.runIf(capabilities.writes)('updateOrderStatus', () => {
      let repo: ShopRepository;
      beforeAll(async () => {
        repo = await makeRepository(contractShop());
      });
      const maxNoteId = Math.max(...contractShop().orders.flatMap((o) => o.notes.map((n) => n.id)));

      it('changes the status, records the note and completion time, and keeps lists and counts right', async () => {
        const before = await repo.getOrder(102);
        const change = { status: 'completed' as const, note: '  Shipped by DHL. ', at: at('2026-02-01T08:00:00Z') };
        const after = await repo.updateOrderStatus(102, change);
        expect(after?.status).toBe('completed');
        expect(after?.updatedAt).toEqual(change.at);
        expect(after?.completedAt).toEqual(change.at);
        expect(after?.createdAt).toEqual(before?.createdAt);
        expect(after?.notes.length).toBe((before?.notes.length ?? 0) + 1);
        const note = after?.notes.at(-1);
        expect(note?.content).toBe('Shipped by DHL. Order status changed from processing to completed.');
        expect(note?.content).toBe(statusChangeNoteText(change.note, 'processing', 'completed'));
        expect(note).toMatchObject({ createdAt: change.at, customerNote: false, approved: true, type: 'order_note' });
        expect(note?.id).toBeGreaterThan(maxNoteId);
        expect(asJson((await repo.getOrder(102)) as Order)).toEqual(asJson(after as Order));
        expect(ids(await repo.listOrders({ statuses: ['completed'] }, all))).toEqual([99, 102, 101]);
        expect(await repo.countOrders({ statuses: ['processing'] })).toBe(0);
        expect(await repo.countOrders({ statuses: ['completed'] })).toBe(3);
        expect(ids(await repo.listOrders({}, all))).toEqual(CONTRACT_NEWEST_FIRST);
        expect(ids(await repo.listOrders({ updatedMin: change.at }, all))).toEqual([102]);
        expect(ids(await repo.listOrders({ customerId: 0, statuses: ['completed'] }, all))).toEqual([102]);
        const streamed = await collect(repo.ordersCreatedIn({ start: at('2026-01-02T10:00:00Z'), end: at('2026-01-02T10:00:01Z') }, ['completed']));
        expect(streamed.map((o) => [o.id, o.status])).toEqual([[102, 'completed']]);
      });

      it('keeps completedAt when moving away from completed, and uses the bare sentence for an empty note', async () => {
        const before = await repo.getOrder(101);
        const after = await repo.updateOrderStatus(101, { status: 'refunded', note: '', at: at('2026-02-02T08:00:00Z') });
        expect(after?.completedAt).toEqual(before?.completedAt);
        expect(after?.notes.at(-1)?.content).toBe('Order status changed from completed to refunded.');
      });

      it('does nothing when the status is unchanged', async () => {
        const before = await repo.getOrder(104);
        const after = await repo.updateOrderStatus(104, { status: 'on-hold', note: 'again', at: at('2026-03-01T00:00:00Z') });
        expect(asJson(after as Order)).toEqual(asJson(before as Order));
        expect(asJson((await repo.getOrder(104)) as Order)).toEqual(asJson(before as Order));
      });

      it('returns undefined for an unknown id and changes nothing', async () => {
        const countsBefore = await Promise.all(ORDER_STATUSES.map((s) => repo.countOrders({ statuses: [s] })));
        expect(await repo.updateOrderStatus(5555, { status: 'completed', note: 'x', at: at('2026-03-01T00:00:00Z') })).toBeUndefined();
        expect(await repo.getOrder(5555)).toBeUndefined();
        expect(await Promise.all(ORDER_STATUSES.map((s) => repo.countOrders({ statuses: [s] })))).toEqual(countsBefore);
      });

      it('searches by the new status after a change, and the search text never goes stale', async () => {
        const order = (await repo.getOrder(107)) as Order;
        const terms = searchTerms(orderSearchText(order).split('\n')[0]!);
        const byStatus = async (status: OrderStatus) => ids(await repo.listOrders({ search: terms, statuses: [status] }, all));
        const target: OrderStatus = order.status === 'failed' ? 'pending' : 'failed';
        expect(await byStatus(target)).not.toContain(107);
        await repo.updateOrderStatus(107, { status: target, note: '', at: at('2026-06-01T00:00:00Z') });
        expect(await byStatus(target)).toContain(107);
        expect(await byStatus(order.status)).not.toContain(107);
        expect(ids(await repo.listOrders({ search: terms }, all))).toContain(107);
        // Most statuses at once (the memory repository then walks its aligned search texts).
        expect(ids(await repo.listOrders({ search: terms, statuses: ORDER_STATUSES.filter((s) => s !== order.status) }, all))).toContain(107);
        expect(ids(await repo.listOrders({ search: terms, statuses: ORDER_STATUSES.filter((s) => s !== target) }, all))).not.toContain(107);
        expect(await repo.countOrders({ search: terms, statuses: [target] })).toBe((await byStatus(target)).length);
      });

      it('refuses a note no backend can store (NUL, a lone surrogate) with the same RangeError, changing nothing', async () => {
        const before = asJson((await repo.getOrder(104)) as Order);
        for (const note of ['a\u0000b', 'lone \uD800', '\uDC00']) {
          await expect(repo.updateOrderStatus(104, { status: 'completed', note, at: at('2026-03-01T00:00:00Z') })).rejects.toThrow(
            new RangeError('updateOrderStatus: the note holds a NUL character or a lone surrogate, which PostgreSQL text cannot store'),
          );
        }
        expect(asJson((await repo.getOrder(104)) as Order)).toEqual(before);
      });

      it('never moves updatedAt backwards: a change stamped earlier than the last one takes the last one\'s time', async () => {
        const later = at('2026-04-01T12:00:00.400Z');
        const earlier = at('2026-04-01T11:00:00Z');
        await repo.updateOrderStatus(105, { status: 'processing', note: 'first', at: later });
        const second = await repo.updateOrderStatus(105, { status: 'completed', note: 'second', at: earlier });
        expect(second?.updatedAt).toEqual(later);
        expect(second?.completedAt).toEqual(later);
        const [newest] = serializeOrderNotes((second as Order).notes);
        expect(newest?.note).toBe('second Order status changed from processing to completed.');
        expect(asJson((await repo.getOrder(105)) as Order)).toEqual(asJson(second as Order));
      });

      it('reads a clock given as `at` once it holds the order, and only for a real change', async () => {
        let calls = 0;
        const clock = () => {
          calls += 1;
          return at('2026-05-01T00:00:00Z');
        };
        const changed = await repo.updateOrderStatus(106, { status: 'on-hold', note: '', at: clock });
        expect(calls).toBe(1);
        expect(changed?.updatedAt).toEqual(at('2026-05-01T00:00:00Z'));
        expect(changed?.notes.at(-1)?.createdAt).toEqual(at('2026-05-01T00:00:00Z'));
        await repo.updateOrderStatus(106, { status: 'on-hold', note: 'same', at: clock });
        await repo.updateOrderStatus(5555, { status: 'on-hold', note: 'none', at: clock });
        expect(calls).toBeLessThanOrEqual(3);
        expect((await repo.getOrder(106))?.notes.length).toBe(changed?.notes.length);
      });

      it('loses no note under 50 concurrent alternating changes of one order', async () => {
        const before = (await repo.getOrder(103)) as Order;
        const targets: OrderStatus[] = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 'processing' : 'on-hold'));
        const results = await Promise.all(
          targets.map((status, i) => repo.updateOrderStatus(103, { status, note: `change ${i}`, at: new Date(Date.UTC(2026, 2, 1, 0, 0, i)) })),
        );
        expect(results.every((r) => r !== undefined)).toBe(true);
        const final = (await repo.getOrder(103)) as Order;
        const added = final.notes.slice(before.notes.length);
        // Every added note is one real transition, each starting where the previous one ended: a lost or doubled
        // update would break the chain or leave the final status unexplained.
        let current: OrderStatus = before.status;
        for (const note of added) {
          const m = /Order status changed from (\S+) to (\S+)\.$/.exec(note.content);
          expect(m?.[1]).toBe(current);
          expect(m?.[2]).not.toBe(current);
          current = m?.[2] as OrderStatus;
        }
        expect(current).toBe(final.status);
        expect(added.length).toBeGreaterThanOrEqual(1);
        expect(new Set(final.notes.map((n) => n.id)).size).toBe(final.notes.length);
        expect(await repo.countOrders({ statuses: [final.status] })).toBeGreaterThanOrEqual(1);
        expect(ids(await repo.listOrders({ statuses: [final.status] }, all))).toContain(103);
        expect(ids(await repo.listOrders({ statuses: ['pending'] }, all))).not.toContain(103);
      });
    });
  });
}
