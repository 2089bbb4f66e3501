// The PostgreSQL repository's read cache (readCache): repeated reads are answered from it, and every change, made by
// this repository, by another one (another process) or by plain SQL, reaches it; without a live change feed it keeps
// nothing. The contract suite runs with the cache on too (repository-contract.test.ts); these are its own promises.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  REPORT_ORDER_STATUSES,
  resolveReportRange,
  type PostgresClient,
  type PostgresRepository,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import { FIXTURE_NOW, fixtureSnapshot } from '../conformance/fixture';
import { cacheLive, DATABASE_URL, POOL_TARGET, TARGETS, type PostgresTarget } from './harness';

async function loadedClient(target: PostgresTarget): Promise<PostgresClient> {
  const client = await target.freshClient();
  await migratePostgres(client);
  await importShopSnapshot(client, fixtureSnapshot());
  return client;
}

const range = (() => {
  const r = resolveReportRange({ period: 'year' }, { now: FIXTURE_NOW, timeZone: 'UTC' });
  if (!r.ok) throw new Error('the fixture range resolves');
  return r.range;
})();
const window = { start: range.start, end: range.end };

// The repeatable reads the cache serves, as plain JSON (dates as instants, decimals as strings).
async function answers(repository: ShopRepository): Promise<unknown> {
  const page = await repository.orderPage!({ statuses: ['processing', 'completed'] }, { offset: 0, limit: 3 });
  return JSON.parse(
    JSON.stringify({
      store: await repository.getStore(),
      count: await repository.countOrders({}),
      processing: await repository.countOrders({ statuses: ['processing'] }),
      searched: await repository.countOrders({ search: ['a'] }),
      list: await repository.listOrders({}, { offset: 1, limit: 4 }),
      page: { orders: page.orders, total: page.total, products: [...page.products] },
      coupons: await repository.countCoupons({}),
      sales: await repository.aggregateSales!(range, REPORT_ORDER_STATUSES),
      top: await repository.topSellers!(window, REPORT_ORDER_STATUSES, 5),
    }),
  );
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function cached(client: PostgresClient, options: Parameters<typeof createPostgresRepository>[0]['readCache'] = true): PostgresRepository {
  return createPostgresRepository({ client, readCache: options, statementTimeoutMs: 60_000 });
}

for (const target of TARGETS) {
  describe(`read cache on ${target.name}`, { timeout: 120_000 }, () => {
    it('answers repeated reads from the cache, exactly as the uncached repository does', async () => {
      const client = await loadedClient(target);
      const repository = cached(client);
      try {
        await cacheLive(repository);
        const plain = createPostgresRepository({ client });
        const expected = await answers(plain);
        expect(await answers(repository)).toEqual(expected);
        const before = repository.readCacheStats()!;
        expect(await answers(repository)).toEqual(expected);
        const after = repository.readCacheStats()!;
        // The second round: all nine reads from the cache, none from the database.
        expect(after.hits - before.hits).toBe(9);
        expect(after.misses).toBe(before.misses);
      } finally {
        await repository.close();
      }
    });

    it("sees its own change at once, and another repository's (another process's) once notified", async () => {
      const client = await loadedClient(target);
      const repository = cached(client);
      try {
        await cacheLive(repository);
        const other = createPostgresRepository({ client });
        const before = await answers(repository);
        await repository.updateOrderStatus(1001, { status: 'cancelled', note: '', at: FIXTURE_NOW });
        // No wait: the change resolves after the cache was dropped.
        expect(await answers(repository)).toEqual(await answers(other));
        expect(await answers(repository)).not.toEqual(before);
        const mine = await answers(repository);
        await other.updateOrderStatus(1002, { status: 'completed', note: 'elsewhere', at: FIXTURE_NOW });
        const theirs = await answers(other);
        expect(theirs).not.toEqual(mine);
        await eventually(async () => JSON.stringify(await answers(repository)) === JSON.stringify(theirs), 'the other change reaches the cache');
      } finally {
        await repository.close();
      }
    });

    it('follows plain SQL run outside any repository (an UPDATE, a DELETE)', async () => {
      const client = await loadedClient(target);
      const repository = cached(client);
      try {
        await cacheLive(repository);
        expect((await repository.getStore()).name).not.toBe('Renamed by hand');
        await client.query(`UPDATE shop_store SET name = 'Renamed by hand'`);
        await eventually(async () => (await repository.getStore()).name === 'Renamed by hand', 'the UPDATE reaches the cache');
        const count = await repository.countCoupons({});
        await client.query('DELETE FROM shop_coupons WHERE id = (SELECT min(id) FROM shop_coupons)');
        await eventually(async () => (await repository.countCoupons({})) === count - 1, 'the DELETE reaches the cache');
      } finally {
        await repository.close();
      }
    });

    it('every shop table a read depends on notifies its changes (a table added later without the trigger fails here)', async () => {
      const client = await loadedClient(target);
      const { rows } = await client.query(
        `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'shop_changed') AS notifies
           FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'shop\\_%' AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
      );
      const silent = (rows as { name: string; notifies: boolean }[]).filter((r) => !r.notifies).map((r) => r.name);
      // Keys and nonces are never read through the cache; the migrations table is the runner's.
      expect(silent).toEqual(['shop_api_keys', 'shop_api_nonces', 'shop_schema_migrations']);
      expect(rows.length).toBeGreaterThan(15);
    });

    it('keeps nothing when the schema sends no notifications (before migration 5)', async () => {
      const client = await loadedClient(target);
      await client.query('DROP FUNCTION shop_notify_change() CASCADE');
      const repository = cached(client);
      try {
        for (let i = 0; i < 3; i++) await answers(repository);
        const stats = repository.readCacheStats()!;
        expect(stats).toMatchObject({ live: false, hits: 0, entries: 0 });
        await client.query(`UPDATE shop_store SET name = 'Seen at once'`);
        expect((await repository.getStore()).name).toBe('Seen at once');
      } finally {
        await repository.close();
      }
    });

    it('holds at most maxEntries answers and maxOrders orders', async () => {
      const client = await loadedClient(target);
      const repository = cached(client, { maxEntries: 3, maxOrders: 5 });
      try {
        await cacheLive(repository);
        for (let offset = 0; offset < 6; offset++) await repository.listOrders({}, { offset, limit: 2 });
        expect(repository.readCacheStats()!.entries).toBeLessThanOrEqual(2);
        for (let i = 0; i < 6; i++) await repository.countOrders({ customerId: i });
        expect(repository.readCacheStats()!.entries).toBeLessThanOrEqual(3);
        // A list bigger than maxOrders is never kept.
        const misses = repository.readCacheStats()!.misses;
        await repository.listOrders({}, { offset: 0, limit: 6 });
        await repository.listOrders({}, { offset: 0, limit: 6 });
        expect(repository.readCacheStats()!.misses).toBe(misses + 2);
        // Arguments past 4 KB as JSON (a long search) are never kept either: every such read goes to the database.
        const long = { search: ['x'.repeat(4096)] };
        const before = repository.readCacheStats()!;
        expect(await repository.countOrders(long)).toBe(0);
        expect(await repository.countOrders(long)).toBe(0);
        expect(repository.readCacheStats()!).toMatchObject({ misses: before.misses + 2, entries: before.entries });
      } finally {
        await repository.close();
      }
    });
  });
}

describe.runIf(DATABASE_URL !== undefined)('read cache on the server: the listening connection', { timeout: 120_000 }, () => {
  it('is refused on a single pg Client, which cannot also LISTEN', async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    expect(() => createPostgresRepository({ client, readCache: true })).toThrow(/pg Pool or PGlite/);
  });

  it('when lost, the cache keeps nothing and reads stay right; close() ends it so pool.end() resolves', async () => {
    const pool = (await loadedClient(POOL_TARGET)) as pg.Pool;
    const repository = cached(pool);
    await cacheLive(repository);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `SELECT pg_terminate_backend(pid) AS gone FROM pg_stat_activity WHERE query = 'LISTEN wc_legacy_api_shop_changed' AND pid <> pg_backend_pid()
            AND backend_type = 'client backend' AND state = 'idle' AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`,
      );
      expect(rows.length).toBeGreaterThan(0);
      await eventually(async () => repository.readCacheStats()!.live === false, 'the loss is noticed');
      const hits = repository.readCacheStats()!.hits;
      await pool.query(`UPDATE shop_store SET name = 'While deaf'`);
      expect((await repository.getStore()).name).toBe('While deaf');
      expect((await repository.getStore()).name).toBe('While deaf');
      expect(repository.readCacheStats()!.hits).toBe(hits);
    } finally {
      await admin.end();
      await repository.close();
    }
    // Nothing of the cache's is left holding the pool or the process.
    expect(repository.readCacheStats()!.live).toBe(false);
  });
});
