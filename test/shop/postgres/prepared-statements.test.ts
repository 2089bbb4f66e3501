// Named prepared statements on a pg.Pool (preparedStatements, default true): the fixed-shape reads are prepared once
// per connection, filtered reads whose plan depends on their values are not, the answers are those of plain statements
// and of the in-memory repository, and a connection whose statements were dropped behind the driver's back is
// discarded after one failed call instead of failing every call after it. Server only: PGlite has no named statements
// (its answers are checked by the contract suite).
import pg from 'pg';
import pgLowest from 'pg-lowest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createPostgresRepository,
  createShopApi,
  importShopSnapshot,
  migratePostgres,
  resolveReportRange,
  salesReportFor,
  serializeSalesReport,
  SHOP_MANAGER_CAPABILITIES,
  topSellersFor,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../../../examples/demo-shop';
import { DATABASE_URL } from './harness';

const caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const shop = generateDemoShop({ orders: 300, seed: 5 });
const clock = { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone };

// The newest pg and the lowest of the supported range (8.11.0): both keep named statements per connection.
const DRIVERS = [
  ['pg', pg],
  ['pg 8.11.0', pgLowest],
] as const;

describe.skipIf(DATABASE_URL === undefined).each(DRIVERS)('named prepared statements on a %s Pool', { timeout: 120_000 }, (_, driver) => {
  let schema: string;
  let admin: pg.Client;
  const pools: pg.Pool[] = [];

  // A pool of ONE connection, so pg_prepared_statements read through it shows that connection's statements.
  const onePool = (): pg.Pool => {
    const pool = new driver.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 1 });
    pools.push(pool);
    return pool;
  };
  const preparedNames = async (pool: pg.Pool): Promise<string[]> =>
    (await pool.query(`SELECT name FROM pg_prepared_statements ORDER BY name`)).rows.map((r: { name: string }) => r.name);

  beforeAll(async () => {
    schema = `t_prep_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = onePool();
    await migratePostgres(pool);
    await importShopSnapshot(pool, shop);
  });

  afterAll(async () => {
    for (const pool of pools) await pool.end().catch(() => undefined);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });

  // Every call the prepared path serves, and the same through the handler (auth, serialization).
  async function answers(repo: ShopRepository): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const period of ['week', 'month', 'year'] as const) {
      const r = resolveReportRange({ period }, clock);
      if (!r.ok) throw new Error('range');
      out.push(serializeSalesReport(await salesReportFor(repo, r.range)), await topSellersFor(repo, r.range, 12));
    }
    out.push(await repo.listOrders({}, { offset: 0, limit: 10 }), await repo.listOrders({}, { offset: 290, limit: 20 }));
    out.push(await repo.listOrders({ customerId: shop.orders[0]!.customerId }, { offset: 0, limit: 10 }));
    out.push(await repo.countOrders({}), await repo.countOrders({ statuses: ['processing', 'completed'] }));
    out.push(await repo.getOrder(shop.orders[7]!.id), await repo.getOrder(999_999_999), await repo.getStore());
    out.push(await repo.getCoupon(shop.coupons[0]!.id), [...(await repo.getProducts([shop.products[0]!.id, 123_456_789]))]);
    const api = createShopApi({ repository: repo, store: shop.store, now: () => DEMO_SHOP_NOW });
    for (const url of ['/wc-api/v1/orders', '/wc-api/v1/orders/count', '/wc-api/v1/reports/sales?filter[period]=year', '/wc-api/v1/reports/sales/top_sellers?filter[period]=week']) {
      const res = await api.handle({ method: 'GET', url, caller });
      expect(res.status).toBe(200);
      out.push(res.body, res.headers['X-WC-Total'] ?? null);
    }
    return out;
  }

  it('answers as plain statements and the in-memory repository do, six times over (past the switch to a generic plan)', async () => {
    const memory = await answers(createMemoryRepository(shop));
    const pool = onePool();
    const prepared = createPostgresRepository({ client: pool });
    const plain = createPostgresRepository({ client: onePool(), preparedStatements: false });
    for (let i = 0; i < 6; i += 1) {
      expect(await answers(prepared)).toEqual(memory);
      expect(await answers(plain)).toEqual(memory);
    }
    const names = await preparedNames(pool);
    expect(names.length).toBeGreaterThanOrEqual(8);
    // One round trip per read: every prepared read went as `EXECUTE` of a statement prepared with SQL `PREPARE` (wcs_).
    expect(names.filter((n) => !/^wcs_[0-9a-z]+_[0-9a-z]+$/.test(n))).toEqual([]);
    // The default page's generic plan is asked for inside its own transaction only: nothing stays on the connection.
    await prepared.listOrders({}, { offset: 0, limit: 10 });
    const settings = await pool.query(`SELECT current_setting('plan_cache_mode') AS p, current_setting('jit') AS j`);
    expect(settings.rows[0]).toEqual({ p: 'auto', j: (await admin.query(`SELECT current_setting('jit') AS j`)).rows[0].j });
  });

  it('pages through every order with the generic plan: deep offsets, then the first page again, as in memory', async () => {
    const memory = createMemoryRepository(shop);
    const repo = createPostgresRepository({ client: onePool() });
    for (const offset of [290, 280, 150, 0, 299, 300, 0]) {
      for (const limit of [10, 1, 100, 0]) {
        expect(await repo.listOrders({}, { offset, limit })).toEqual(await memory.listOrders({}, { offset, limit }));
      }
    }
    expect(await repo.listOrders({}, { offset: 5, limit: null })).toEqual(await memory.listOrders({}, { offset: 5, limit: null }));
  });

  it('plans the default page once: its generic plan from the first call (pg_prepared_statements, PostgreSQL 14+)', async () => {
    const pool = onePool();
    const version = Number((await pool.query(`SELECT current_setting('server_version_num') AS v`)).rows[0].v);
    if (version < 140000) return; // the plan counters came with PostgreSQL 14
    const repo = createPostgresRepository({ client: pool });
    for (let i = 0; i < 3; i += 1) await repo.listOrders({}, { offset: i * 10, limit: 10 });
    const { rows } = await pool.query(
      `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE '%LIMIT 10 OFFSET%'`,
    );
    expect(rows).toEqual([{ generic: 3, custom: 0 }]);
  });

  it('prepares only the fixed-shape reads: filters whose plan depends on their values stay unnamed', async () => {
    const pool = onePool();
    const repo = createPostgresRepository({ client: pool });
    await repo.countOrders({});
    const before = await preparedNames(pool);
    expect(before).toHaveLength(1);
    await repo.countOrders({ statuses: ['processing'], createdMin: new Date('2026-01-01T00:00:00Z') });
    await repo.listOrders({ statuses: ['refunded'] }, { offset: 0, limit: 10 });
    await repo.listOrders({ search: ['a'] }, { offset: 0, limit: 10 });
    await repo.listCoupons({}, { offset: 0, limit: 10 });
    expect(await preparedNames(pool)).toEqual(before);
  });

  it('inlines only values that cannot leave a quoted literal: any other goes as a parameter, and nothing is injected', async () => {
    const pool = onePool();
    const repo = createPostgresRepository({ client: pool });
    const memory = createMemoryRepository(shop);
    // Status-only counts are one-trip reads (wcs_): these values hold a quote, a backslash, a semicolon.
    for (const status of ["x'); DROP TABLE shop_orders; --", 'a\\', "it's"]) {
      const statuses = [status, 'processing'] as unknown as ['processing'];
      expect(await repo.countOrders({ statuses })).toBe(await memory.countOrders({ statuses }));
    }
    expect(await repo.countOrders({ statuses: ['processing'] })).toBe(await memory.countOrders({ statuses: ['processing'] }));
    const names = await preparedNames(pool);
    expect(names.filter((n) => n.startsWith('wc_'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('wcs_'))).toHaveLength(1);
    expect(await repo.countOrders({})).toBe(shop.orders.length);
  });

  it("uses the driver's named statements with preparedStatements: 'protocol' (PgBouncer 1.21+), with the same answers", async () => {
    const pool = onePool();
    const memory = await answers(createMemoryRepository(shop));
    expect(await answers(createPostgresRepository({ client: pool, preparedStatements: 'protocol' }))).toEqual(memory);
    const names = await preparedNames(pool);
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(names.filter((n) => !/^wc_[0-9a-z]+_[0-9a-z]+$/.test(n))).toEqual([]);
  });

  it('prepares nothing with preparedStatements: false', async () => {
    const pool = onePool();
    const repo = createPostgresRepository({ client: pool, preparedStatements: false });
    await answers(repo);
    expect(await preparedNames(pool)).toEqual([]);
  });

  it('discards a connection whose statements were dropped behind the driver (DEALLOCATE ALL): one call fails, the next is served', async () => {
    const pool = onePool();
    const repo = createPostgresRepository({ client: pool });
    const store = await repo.getStore();
    const pid = (await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    await pool.query('DEALLOCATE ALL');
    await expect(repo.getStore()).rejects.toMatchObject({ code: '26000' });
    expect(await repo.getStore()).toEqual(store);
    expect((await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid).not.toBe(pid);
  });
});
