// importShopSnapshot checks its target before reading anything: a schema that is not migrated, or that already holds
// a shop, is refused with a typed ImportTargetError naming the condition, and nothing changes.
import { describe, expect, it } from 'vitest';
import {
  createPostgresKeyStore,
  importShopSnapshot,
  ImportTargetError,
  migratePostgres,
  serializeShopSnapshot,
  type PostgresClient,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { TARGETS } from './harness';

const shop = generateDemoShop({ orders: 40, seed: 11 });
const other = generateDemoShop({ orders: 25, seed: 12 });

async function* chunks(source: string, size = 4096): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(source);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function count(client: PostgresClient, table: string): Promise<number> {
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
  return Number((rows[0] as { n: unknown }).n);
}

async function refusal(client: PostgresClient, snapshot: ShopSnapshot | AsyncIterable<Uint8Array>): Promise<ImportTargetError> {
  const error = await importShopSnapshot(client, snapshot).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportTargetError);
  return error as ImportTargetError;
}

describe.each(TARGETS)('importShopSnapshot checks its target on $name', { timeout: 120_000 }, (target) => {
  it('refuses a schema that is not migrated, naming the fix, and creates nothing', async () => {
    const client = await target.freshClient();
    const error = await refusal(client, shop);
    expect(error.code).toBe('not_migrated');
    expect(error.message).toMatch(/migratePostgres/);
    const { rows } = await client.query(`SELECT to_regclass('shop_orders') IS NULL AS absent`);
    expect((rows[0] as { absent: unknown }).absent).toBe(true);
  });

  it('refuses a schema that already holds a shop, for a snapshot and for a stream, and leaves that shop as it was', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, shop);
    for (const source of [other, chunks(JSON.stringify(serializeShopSnapshot(other)))]) {
      const error = await refusal(client, source);
      expect(error.code).toBe('not_empty');
      expect(error.tables).toEqual(['shop_store', 'shop_products', 'shop_customers', 'shop_coupons', 'shop_orders']);
      expect(error.message).toMatch(/already holds a shop/);
    }
    expect(await count(client, 'shop_orders')).toBe(shop.orders.length);
  });

  it('names only the tables with rows: a store alone is a shop', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, { ...shop, products: [], customers: [], coupons: [], orders: [] });
    const error = await refusal(client, other);
    expect(error.tables).toEqual(['shop_store']);
  });

  it('imports into a schema whose only rows are API keys (the key store may be filled first)', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await createPostgresKeyStore({ client }).createKey({ permissions: 'read', caller: { userId: 1, capabilities: [] } });
    const result = await importShopSnapshot(client, shop);
    expect(result.orders).toBe(shop.orders.length);
  });
});
