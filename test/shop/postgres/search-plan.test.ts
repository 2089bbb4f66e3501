// filter[q] on PostgreSQL is one statement whose text does not grow with the number of terms (the terms are two
// parameters), answers exactly as memory for literal %, _ and backslashes, and, where the pg_trgm index of
// docs/postgres.md is created, still answers the same.
import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  searchTerms,
  type PostgresClient,
  type PostgresQueryable,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { DATABASE_URL, PGLITE_TARGET, POOL_TARGET, type PostgresTarget } from './harness';

const shop = generateDemoShop({ orders: 120, seed: 21 });
const memory = createMemoryRepository(shop);
const QUERIES = ['a', 'example com', 'e a o i n', '%', '_', '\\', 'a%b', '1_', 'zzz-not-there', 'com example com', 'ä', '100 1'];

async function loaded(target: PostgresTarget): Promise<PostgresClient> {
  const client = await target.freshClient();
  await migratePostgres(client);
  await importShopSnapshot(client, shop);
  return client;
}

// Records the statements the repository sends (their text only), on a client with its own transactions (PGlite's).
function recording(client: PostgresClient): { client: PostgresClient; texts: string[] } {
  const texts: string[] = [];
  const wrap = (q: PostgresQueryable): PostgresQueryable => ({
    query: (text, params) => {
      texts.push(text);
      return q.query(text, params);
    },
  });
  const transaction = client.transaction!.bind(client);
  return { texts, client: { ...wrap(client), transaction: <T,>(fn: (tx: PostgresQueryable) => Promise<T>) => transaction((tx) => fn(wrap(tx))) } };
}

describe('filter[q] on PostgreSQL', { timeout: 120_000 }, () => {
  it('sends the same statement text for 2 terms and for 500 (the plan does not grow with the terms)', async () => {
    const { client, texts } = recording(await loaded(PGLITE_TARGET));
    const repository = createPostgresRepository({ client });
    const few = ['ex', 'co'];
    const many = Array.from({ length: 500 }, (_, i) => `term${i}`);
    const statements = async (search: string[]): Promise<string[]> => {
      texts.length = 0;
      await repository.countOrders({ search });
      await repository.listOrders({ search }, { offset: 0, limit: 10 });
      await repository.countCoupons({ search });
      return texts.slice();
    };
    expect(await statements(many)).toEqual(await statements(few));
    expect(Math.max(...texts.map((t) => t.length))).toBeLessThan(4000);
  });

  it('answers every search exactly as memory, duplicates collapsed, special characters literal', async () => {
    const repository = createPostgresRepository({ client: await loaded(PGLITE_TARGET) });
    for (const q of QUERIES) {
      const search = searchTerms(q);
      const doubled = [...search, ...search];
      expect(await repository.countOrders({ search: doubled }), q).toBe(await memory.countOrders({ search }));
      const [a, b] = await Promise.all([repository.listOrders({ search }, { offset: 0, limit: 50 }), memory.listOrders({ search }, { offset: 0, limit: 50 })]);
      expect(a.map((o) => o.id), q).toEqual(b.map((o) => o.id));
      expect(await repository.countCoupons({ search }), q).toBe(await memory.countCoupons({ search }));
    }
  });

  it.skipIf(DATABASE_URL === undefined)('answers the same with the pg_trgm index of docs/postgres.md (server)', async () => {
    const client = await loaded(POOL_TARGET);
    const available = await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`);
    if (available.rows.length === 0) return;
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    await client.query('CREATE INDEX shop_orders_search_trgm ON shop_orders USING gin (search_text public.gin_trgm_ops)');
    await client.query('ANALYZE shop_orders');
    const repository = createPostgresRepository({ client });
    for (const q of QUERIES) {
      const search = searchTerms(q);
      expect(await repository.countOrders({ search }), q).toBe(await memory.countOrders({ search }));
      const [a, b] = await Promise.all([repository.listOrders({ search }, { offset: 0, limit: 50 }), memory.listOrders({ search }, { offset: 0, limit: 50 })]);
      expect(a.map((o) => o.id), q).toEqual(b.map((o) => o.id));
    }
  });
});
