// createWooCommerceRepository over each store WooCommerce generated (../shared/woocommerce) must answer every API call
// exactly as the memory repository built from that store's expected-snapshot.json: the same handler over both, the
// same requests, the responses compared field by field (status, paging headers, bodies).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createShopApi,
  loadShopSnapshot,
  searchTerms,
  SHOP_MANAGER_CAPABILITIES,
  type Caller,
  type ShopApi,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { createWooCommerceRepository, type WooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/dump.sql`, SHARED_STORES))) : [];

const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
// The stores' clocks: reports of "this year" and "this week" resolve against it (the dumps end in November 2026).
const now = () => new Date('2026-11-20T12:00:00Z');

function requestsFor(snapshot: ShopSnapshot): string[] {
  const orders = snapshot.orders;
  const sample = orders[Math.floor(orders.length / 2)]!;
  const name = sample.billing.lastName;
  const item = orders.find((o) => o.lineItems.length > 0)!.lineItems[0]!.name.split(' ')[0]!;
  return [
    'orders',
    'orders?filter[limit]=7&page=2',
    'orders?filter[limit]=-1',
    'orders?status=completed',
    'orders?status=processing,on-hold&filter[limit]=3',
    'orders?status=refunded&fields=id,total,refunds',
    'orders?filter[created_at_min]=2025-12-31&filter[created_at_max]=2026-01-02',
    'orders?filter[updated_at_min]=2026-03-01',
    `orders?filter[q]=${encodeURIComponent(name.toUpperCase())}`,
    `orders?filter[q]=${encodeURIComponent(item.toLowerCase())}`,
    'orders?filter[q]=example.net',
    `orders?filter[q]=${sample.id}`,
    'orders?filter[q]=nothing-matches-this',
    'orders/count',
    'orders/count?status=completed',
    'orders/count?filter[q]=example.com',
    ...orders.map((o) => `orders/${o.id}`),
    ...orders.slice(0, 10).map((o) => `orders/${o.id}/notes`),
    'orders/999999',
    'coupons',
    'coupons?filter[limit]=2&page=3',
    'coupons/count',
    'coupons?filter[q]=OFF',
    ...snapshot.coupons.map((c) => `coupons/${c.id}`),
    ...snapshot.coupons.map((c) => `coupons/code/${encodeURIComponent(c.code)}`),
    `coupons/code/${encodeURIComponent(snapshot.coupons[0]!.code.toUpperCase())}`,
    'reports/sales',
    'reports/sales?filter[period]=year',
    'reports/sales?filter[period]=last_month',
    'reports/sales?filter[date_min]=2025-09-01&filter[date_max]=2025-11-30',
    'reports/sales?filter[date_min]=2025-10-20&filter[date_max]=2025-11-05',
    'reports/sales?filter[date_min]=2025-01-01&filter[date_max]=2026-12-31',
    'reports/sales/top_sellers',
    'reports/sales/top_sellers?filter[period]=year',
    'reports/sales/top_sellers?filter[date_min]=2025-01-01&filter[date_max]=2026-12-31&filter[limit]=0',
    'reports/sales/top_sellers?filter[date_min]=2025-01-01&filter[date_max]=2026-12-31&filter[limit]=2',
  ];
}

async function answer(api: ShopApi, url: string, caller: Caller) {
  const r = await api.handle({ method: 'GET', url: `/wc-api/v1/${url}`, caller });
  return { status: r.status, total: r.headers['X-WC-Total'], pages: r.headers['X-WC-TotalPages'], link: r.headers.Link, body: typeof r.body === 'string' ? JSON.parse(r.body) : r.body };
}

describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('createWooCommerceRepository over %s', (store) => {
  let bridge: WooCommerceRepository;
  let memory: ShopRepository;
  let snapshot: ShopSnapshot;
  let viaBridge: ShopApi;
  let viaMemory: ShopApi;

  beforeAll(async () => {
    const pool = await loadDump(new URL(`${store}/dump.sql`, SHARED_STORES));
    const prefix = readFileSync(new URL(`${store}/table-prefix.txt`, SHARED_STORES), 'utf8').trim();
    const loaded = loadShopSnapshot(readFileSync(new URL(`${store}/expected-snapshot.json`, SHARED_STORES), 'utf8'));
    if (!loaded.ok) throw new Error('expected-snapshot.json does not load');
    snapshot = loaded.snapshot;
    bridge = createWooCommerceRepository({ pool, tablePrefix: prefix });
    memory = createMemoryRepository(snapshot);
    viaBridge = createShopApi({ repository: bridge, now });
    viaMemory = createShopApi({ repository: memory, now });
  }, 120_000);
  afterAll(async () => {
    await bridge?.close();
  });

  it('answers every read as the memory repository does over the expected snapshot', { timeout: 120_000 }, async () => {
    const statuses = new Map<number, number>();
    for (const url of requestsFor(snapshot)) {
      const [got, want] = [await answer(viaBridge, url, manager), await answer(viaMemory, url, manager)];
      expect(got, url).toEqual(want);
      statuses.set(got.status, (statuses.get(got.status) ?? 0) + 1);
    }
    // The comparison means something: most requests are answered with data, the missing and unpublished with 404.
    expect(statuses.get(200)).toBeGreaterThan(snapshot.orders.length + 20);
    expect(statuses.get(404)).toBeGreaterThanOrEqual(5);
    expect([...statuses.keys()].sort()).toEqual([200, 404]);
    const all = await answer(viaBridge, 'orders?filter[limit]=-1', manager);
    expect(all.body.orders).toHaveLength(snapshot.orders.length);
    const year = await answer(viaBridge, 'reports/sales?filter[date_min]=2025-01-01&filter[date_max]=2026-12-31', manager);
    expect(year.body.sales.total_orders).toBeGreaterThan(10);
    const top = await answer(viaBridge, 'reports/sales/top_sellers?filter[date_min]=2025-01-01&filter[date_max]=2026-12-31&filter[limit]=0', manager);
    expect(top.body.top_sellers.length).toBeGreaterThan(3);
  });

  it('gives a customer their own orders only, as the memory repository does', { timeout: 60_000 }, async () => {
    const customers = [...new Set(snapshot.orders.map((o) => o.customerId))].filter((id) => id > 0).slice(0, 4);
    for (const customerId of customers) {
      const caller: Caller = { userId: customerId, capabilities: [] };
      const own = snapshot.orders.find((o) => o.customerId === customerId)!;
      const other = snapshot.orders.find((o) => o.customerId !== customerId)!;
      for (const url of ['orders', 'orders?status=completed', `orders/${own.id}`, `orders/${other.id}`, 'orders/count']) {
        const [got, want] = [await answer(viaBridge, url, caller), await answer(viaMemory, url, caller)];
        expect(got, `${customerId}: ${url}`).toEqual(want);
      }
    }
    expect(await bridge.countOrders({ customerId: 0 })).toBe(await memory.countOrders({ customerId: 0 }));
    expect(await bridge.countOrders({ customerId: -1 })).toBe(0);
  });

  it('pages, counts and streams like the memory repository at the repository level', { timeout: 60_000 }, async () => {
    const json = (orders: readonly { id: number }[]) => orders.map((o) => o.id);
    for (const filter of [{}, { statuses: [] }, { statuses: ['completed', 'failed'] as const }, { search: searchTerms('e') }, { createdMin: new Date('2026-01-01T04:59:00Z') }, { createdMax: new Date(8.64e15) }, { createdMin: new Date(NaN) }]) {
      const f = { ...filter, statuses: filter.statuses === undefined ? undefined : [...filter.statuses] };
      expect(await bridge.countOrders(f)).toBe(await memory.countOrders(f));
      for (const paging of [{ offset: 0, limit: 5 }, { offset: 3, limit: null }, { offset: 1000, limit: 5 }]) {
        expect(json(await bridge.listOrders(f, paging))).toEqual(json(await memory.listOrders(f, paging)));
      }
    }
    const window = { start: new Date('2025-10-01T00:00:00Z'), end: new Date('2026-06-01T00:00:00Z') };
    const streamed = async (repo: ShopRepository) => {
      const ids: number[] = [];
      for await (const o of repo.ordersCreatedIn(window, ['completed', 'processing', 'on-hold', 'refunded'])) ids.push(o.id);
      return ids.sort((a, b) => a - b);
    };
    expect(await streamed(bridge)).toEqual(await streamed(memory));
    const customers = async (repo: ShopRepository) => {
      const ids: number[] = [];
      for await (const c of repo.customersRegisteredIn({ start: new Date(0), end: new Date('2030-01-01T00:00:00Z') }, 'customer')) ids.push(c.id);
      return ids.sort((a, b) => a - b);
    };
    expect(await customers(bridge)).toEqual(await customers(memory));
    expect(await bridge.getProducts([14, 99999, ...snapshot.products.map((p) => p.id)])).toEqual(await memory.getProducts([14, 99999, ...snapshot.products.map((p) => p.id)]));
  });
});
