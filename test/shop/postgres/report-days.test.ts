// The per-day report aggregates (migration 4) through the public API: after any sequence of status changes they equal
// a fresh computation (an import of the changed shop), the reports read them and equal the in-memory repository's,
// a failed status change leaves them untouched, and a change of the store's time zone is followed by migrate.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  resolveReportRange,
  salesReportFor,
  serializeSalesReport,
  topSellersFor,
  type OrderStatus,
  type PostgresClient,
  type PostgresQueryable,
  type ReportFilter,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../../../examples/demo-shop';
import { CLIENT_TARGET, DATABASE_URL, PGLITE_TARGET, SUITE_BUDGET_MS, type PostgresTarget } from './harness';

// PGlite, and a single pg.Client on the server: both can be wrapped to record every statement (a wrapped pool would
// lose its pool shape).
const TARGETS: readonly PostgresTarget[] = DATABASE_URL === undefined ? [PGLITE_TARGET] : [PGLITE_TARGET, CLIENT_TARGET];
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];
const STATUSES: readonly OrderStatus[] = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'];
const FILTERS: readonly ReportFilter[] = [
  { period: 'week' },
  { period: 'month' },
  { period: 'last_month' },
  { period: 'year' },
  { date_min: '2025-01-01', date_max: '2026-11-20' },
];

interface Recorded {
  readonly client: PostgresClient;
  readonly statements: string[];
}

/** The client with every statement it runs recorded (PGlite's transactions included). */
function recording(client: PostgresClient): Recorded {
  const statements: string[] = [];
  const wrap = (q: PostgresQueryable): PostgresQueryable => ({
    query: (text, params) => {
      statements.push(text);
      return q.query(text, params);
    },
  });
  const tx = (client as { transaction?: <T>(fn: (q: PostgresQueryable) => Promise<T>) => Promise<T> }).transaction;
  const wrapped: PostgresClient =
    tx === undefined ? wrap(client) : { ...wrap(client), transaction: (fn: (q: PostgresQueryable) => Promise<unknown>) => tx.call(client, (q) => fn(wrap(q))) } as PostgresClient;
  return { client: wrapped, statements };
}

async function loaded(target: PostgresTarget, shop: ShopSnapshot): Promise<Recorded & { repo: ShopRepository }> {
  const rec = recording(await target.freshClient());
  await migratePostgres(rec.client);
  await importShopSnapshot(rec.client, shop);
  return { ...rec, repo: createPostgresRepository({ client: rec.client, statementTimeoutMs: SUITE_BUDGET_MS }) };
}

const TABLES: Record<string, string> = {
  shop_report_zone: 'SELECT time_zone FROM shop_report_zone',
  shop_report_day_starts: `SELECT (extract(epoch FROM starts_at) * 1000)::bigint::text AS s, customers::text FROM shop_report_day_starts ORDER BY 1`,
  shop_report_days: `SELECT status, (extract(epoch FROM starts_at) * 1000)::bigint::text AS s, orders::text, sales::text, tax::text,
                            shipping::text, items::text, discount::text, refunds::text FROM shop_report_days ORDER BY 1, 2`,
  shop_report_day_products: `SELECT status, (extract(epoch FROM starts_at) * 1000)::bigint::text AS s, product_id::text, orders::text,
                                    quantity::text FROM shop_report_day_products ORDER BY 1, 2, 3`,
  shop_order_status_counts: 'SELECT status, orders::text FROM shop_order_status_counts ORDER BY 1',
};

/** Every aggregate row, numbers normalised (10.50 and 10.5 are the same sum). */
async function aggregates(client: PostgresQueryable): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, sql] of Object.entries(TABLES)) {
    const { rows } = await client.query(sql);
    out[table] = rows.map((row) => Object.values(row as Record<string, unknown>).map((v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? new Decimal(v).toFixed() : v)));
  }
  return out;
}

/** The memory repository's current orders as a snapshot: what a fresh import must compute the same rows from. */
async function currentShop(shop: ShopSnapshot, memory: ShopRepository): Promise<ShopSnapshot> {
  return { ...shop, orders: await memory.listOrders({}, { offset: 0, limit: null }) };
}

async function expectReportsEqual(repo: ShopRepository, memory: ShopRepository, timeZone: string, now: Date): Promise<void> {
  for (const filter of FILTERS) {
    const resolved = resolveReportRange(filter, { now, timeZone });
    if (!resolved.ok) throw new Error('range');
    expect(serializeSalesReport(await salesReportFor(repo, resolved.range))).toEqual(serializeSalesReport(await salesReportFor(memory, resolved.range)));
    expect(await topSellersFor(repo, resolved.range, 0)).toEqual(await topSellersFor(memory, resolved.range, 0));
  }
  for (const statuses of [undefined, ['processing'], ['completed', 'on-hold', 'cancelled'], []] as (OrderStatus[] | undefined)[]) {
    expect(await repo.countOrders({ statuses })).toBe(await memory.countOrders({ statuses }));
  }
}

const readsDays = (statements: readonly string[]) => ({
  sales: statements.some((s) => s.includes('FROM shop_report_days d')),
  topSellers: statements.some((s) => s.includes('FROM shop_report_day_products d')),
  counts: statements.some((s) => s.includes('FROM shop_order_status_counts')),
  perOrder: statements.some((s) => /FROM shop_orders o(,| CROSS)/.test(s)),
});

describe.each(TARGETS)('day aggregates on $name', (target) => {
  it('after random status changes equal a fresh computation, and the reports read them and equal memory', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          orders: fc.integer({ min: 0, max: 60 }),
          timeZone: fc.constantFrom(...ZONES),
          changes: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...STATUSES)), { maxLength: 25 }),
        }),
        async ({ seed, orders, timeZone, changes }) => {
          const shop = generateDemoShop({ orders, seed, timeZone, customers: 20 });
          const memory = createMemoryRepository(shop);
          const { client, repo, statements } = await loaded(target, shop);
          for (const [k, status] of changes) {
            const order = shop.orders[k % Math.max(1, shop.orders.length)];
            if (order === undefined) break;
            const change = { status, note: '', at: DEMO_SHOP_NOW };
            expect((await repo.updateOrderStatus(order.id, change))?.status).toBe(status);
            await memory.updateOrderStatus(order.id, change);
          }
          const fresh = recording(await target.freshClient());
          await migratePostgres(fresh.client);
          await importShopSnapshot(fresh.client, await currentShop(shop, memory));
          expect(await aggregates(client)).toEqual(await aggregates(fresh.client));

          statements.length = 0;
          await expectReportsEqual(repo, memory, timeZone, DEMO_SHOP_NOW);
          const read = readsDays(statements);
          expect(read).toEqual({ sales: true, topSellers: true, counts: true, perOrder: false });
        },
      ),
      { numRuns: 8 },
    );
  }, 240_000);

  it('a range that is not made of whole days takes the per-order path, with the same answers', async () => {
    const shop = generateDemoShop({ orders: 200, seed: 3, timeZone: 'Europe/Berlin' });
    const memory = createMemoryRepository(shop);
    const { repo, statements } = await loaded(target, shop);
    const resolved = resolveReportRange({ date_min: '2026-10-03T13:30', date_max: '2026-11-02T08:00' }, { now: DEMO_SHOP_NOW, timeZone: 'Europe/Berlin' });
    if (!resolved.ok) throw new Error('range');
    statements.length = 0;
    expect(serializeSalesReport(await salesReportFor(repo, resolved.range))).toEqual(serializeSalesReport(await salesReportFor(memory, resolved.range)));
    expect(await topSellersFor(repo, resolved.range, 0)).toEqual(await topSellersFor(memory, resolved.range, 0));
    expect(readsDays(statements).perOrder).toBe(true);
    expect(await repo.countOrders({ statuses: ['processing'], createdMin: new Date('2026-06-01T00:00:00Z') })).toBe(
      await memory.countOrders({ statuses: ['processing'], createdMin: new Date('2026-06-01T00:00:00Z') }),
    );
  }, 120_000);

  it('a status change that fails leaves the order, its notes and every aggregate row as they were', async () => {
    const shop = generateDemoShop({ orders: 80, seed: 11, timeZone: 'America/New_York' });
    const { client, repo } = await loaded(target, shop);
    const order = shop.orders.find((o) => o.status !== 'cancelled')!;
    const before = await aggregates(client);
    const notesBefore = (await repo.getOrder(order.id))!.notes.length;
    // A real failure inside the transaction, after the order row and its note are written: the new status's product
    // rows refuse it.
    await client.query(`ALTER TABLE shop_report_day_products ADD CONSTRAINT no_cancelled CHECK (status <> 'cancelled') NOT VALID`);
    await expect(repo.updateOrderStatus(order.id, { status: 'cancelled', note: 'x', at: DEMO_SHOP_NOW })).rejects.toThrow();
    expect(await aggregates(client)).toEqual(before);
    const after = (await repo.getOrder(order.id))!;
    expect(after.status).toBe(order.status);
    expect(after.notes.length).toBe(notesBefore);
  }, 120_000);

  it('after the store changes time zone, reports stay exact (per order) until migrate rebuilds the days in the new zone', async () => {
    const shop = generateDemoShop({ orders: 150, seed: 5, timeZone: 'Europe/Berlin' });
    const { client, repo, statements } = await loaded(target, shop);
    await client.query(`UPDATE shop_store SET time_zone = 'Asia/Kathmandu'`);
    const moved = { ...shop, store: { ...shop.store, timeZone: 'Asia/Kathmandu' } };
    const memory = createMemoryRepository(moved);
    statements.length = 0;
    await expectReportsEqual(repo, memory, 'Asia/Kathmandu', DEMO_SHOP_NOW);
    expect(readsDays(statements).perOrder).toBe(true);

    expect((await migratePostgres(client)).applied).toEqual([]);
    const fresh = recording(await target.freshClient());
    await migratePostgres(fresh.client);
    await importShopSnapshot(fresh.client, moved);
    expect(await aggregates(client)).toEqual(await aggregates(fresh.client));
    statements.length = 0;
    await expectReportsEqual(repo, memory, 'Asia/Kathmandu', DEMO_SHOP_NOW);
    expect(readsDays(statements)).toMatchObject({ sales: true, topSellers: true, perOrder: false });
  }, 120_000);

  it('migrating a database of schema version 3 that holds a shop builds the day rows (backfill)', async () => {
    const shop = generateDemoShop({ orders: 120, seed: 9, timeZone: 'Pacific/Chatham' });
    const { client } = await loaded(target, shop);
    // Back to version 3 as an older release left it: no tables of migration 4.
    for (const table of Object.keys(TABLES)) await client.query(`DROP TABLE ${table}`);
    await client.query('DELETE FROM shop_schema_migrations WHERE version = 4');
    expect((await migratePostgres(client)).applied).toEqual([4]);
    const fresh = recording(await target.freshClient());
    await migratePostgres(fresh.client);
    await importShopSnapshot(fresh.client, shop);
    const built = await aggregates(client);
    expect(built.shop_report_days!.length).toBeGreaterThan(0);
    expect(built).toEqual(await aggregates(fresh.client));
  }, 120_000);
});

describe.each(TARGETS)('day aggregates at the edges of time on $name', (target) => {
  it('orders centuries apart (years 50 to 9999) get their days, bounded by the rows, and reports of those days equal memory', async () => {
    const base = generateDemoShop({ orders: 40, seed: 21, timeZone: 'America/New_York' });
    const instants = [Date.UTC(50, 2, 3, 4), -62_135_596_800_000 + 86_400_000 * 400, Date.UTC(1900, 0, 1, 4, 59), Date.UTC(2026, 2, 8, 7), Date.UTC(9999, 11, 31, 23)];
    const shop: ShopSnapshot = {
      ...base,
      orders: base.orders.map((o, k) => {
        const at = new Date(instants[k % instants.length]! + k * 60_000);
        return { ...o, status: 'completed', createdAt: at, updatedAt: at };
      }),
    };
    const memory = createMemoryRepository(shop);
    const { client, repo, statements } = await loaded(target, shop);
    const starts = Number(((await client.query('SELECT count(*)::int AS n FROM shop_report_day_starts')).rows[0] as { n: unknown }).n);
    // A few local days around each UTC day that holds an order or a registration, never the millions of days
    // between them: the work is bounded by the rows, whatever dates they hold.
    const utcDays = new Set([
      ...shop.orders.map((o) => Math.floor(o.createdAt.getTime() / 86_400_000)),
      ...shop.customers.filter((c) => c.role === 'customer').map((c) => Math.floor(c.registeredAt.getTime() / 86_400_000)),
    ]);
    expect(starts).toBeGreaterThan(0);
    expect(starts).toBeLessThanOrEqual(4 * utcDays.size);
    for (const order of shop.orders.slice(0, 10)) {
      const day = order.createdAt.toISOString().slice(0, 10).replace(/^\+0*/, '');
      if (!/^\d{4}-/.test(day)) continue;
      const now = new Date(order.createdAt.getTime() + 3 * 86_400_000);
      for (const filter of [{ date_min: day, date_max: day }, { period: 'year' }] as ReportFilter[]) {
        const resolved = resolveReportRange(filter, { now, timeZone: shop.store.timeZone });
        if (!resolved.ok) throw new Error('range');
        statements.length = 0;
        expect(serializeSalesReport(await salesReportFor(repo, resolved.range))).toEqual(serializeSalesReport(await salesReportFor(memory, resolved.range)));
        expect(await topSellersFor(repo, resolved.range, 0)).toEqual(await topSellersFor(memory, resolved.range, 0));
        expect(readsDays(statements).perOrder).toBe(false);
      }
    }
  }, 120_000);
});

describe('day aggregates and a store zone JavaScript does not know', () => {
  it('the import still succeeds, builds the status counts and no day rows', async () => {
    const base = generateDemoShop({ orders: 30, seed: 4 });
    const shop: ShopSnapshot = { ...base, store: { ...base.store, timeZone: 'Mars/Olympus_Mons' } };
    const { client, repo } = await loaded(PGLITE_TARGET, shop);
    const rows = await aggregates(client);
    expect(rows.shop_report_zone).toEqual([]);
    expect(rows.shop_report_days).toEqual([]);
    expect(await repo.countOrders({})).toBe(30);
  }, 60_000);
});
