// The COPY import goes through pg-copy-streams on whatever node-postgres the user has: the lowest `pg` of the peer
// range (8.11.0, installed as the `pg-lowest` alias) and the newest (the `pg` devDependency) must both import a shop
// exactly as the INSERT path does, cancel a failed copy and leave the connection usable. COPY runs on a server
// only, so this file needs DATABASE_URL.
import pg from 'pg';
import pgLowest from 'pg-lowest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { importShopSnapshot, InvalidSnapshotError, migratePostgres, serializeShopSnapshot, type PostgresClient } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { OrderJsonEncoder } from '../../../src/shop/repository/postgres/import/order-json-encoder';
import { DATABASE_URL, PGLITE_TARGET } from './harness';

const shop = generateDemoShop({ orders: 150, seed: 5 });
const lowestVersion = (await import('pg-lowest/package.json', { with: { type: 'json' } })).default.version;
const drivers = [
  { name: `pg ${lowestVersion} (lowest of the peer range)`, Pool: pgLowest.Pool },
  { name: 'pg (newest, the devDependency)', Pool: pg.Pool },
];

const TABLES = ['shop_store', 'shop_products', 'shop_customers', 'shop_coupons', 'shop_orders', 'shop_order_line_items', 'shop_order_shipping_lines',
  'shop_order_tax_lines', 'shop_order_fee_lines', 'shop_order_coupon_lines', 'shop_order_refunds', 'shop_order_notes'];

async function dump(client: PostgresClient): Promise<string[][]> {
  const out: string[][] = [];
  for (const table of TABLES) {
    const { rows } = await client.query(`SELECT t::text AS row FROM ${table} t ORDER BY 1`);
    out.push(rows.map((r) => String((r as { row: unknown }).row)));
  }
  return out;
}

async function* chunks(text: string, size = 16 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const ends: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const end of ends.splice(0)) await end().catch(() => undefined);
});

describe.skipIf(DATABASE_URL === undefined).each(drivers)('the COPY import on $name', ({ Pool }) => {
  async function freshPool(): Promise<PostgresClient> {
    const schema = `t_copy_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new Pool({ connectionString: DATABASE_URL, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    ends.push(async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    });
    const pool = new Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 4 });
    ends.unshift(() => pool.end());
    return pool as unknown as PostgresClient;
  }

  it('imports a shop exactly as the INSERT path (PGlite) does, from memory and streamed', { timeout: 120_000 }, async () => {
    const reference = await PGLITE_TARGET.freshClient();
    await migratePostgres(reference);
    await importShopSnapshot(reference, shop);
    const expected = await dump(reference);

    const fromMemory = await freshPool();
    await migratePostgres(fromMemory);
    expect((await importShopSnapshot(fromMemory, shop)).orders).toBe(shop.orders.length);
    expect(await dump(fromMemory)).toEqual(expected);

    const streamed = await freshPool();
    await migratePostgres(streamed);
    const { orders, ...head } = serializeShopSnapshot(shop);
    const text = `${JSON.stringify(head).slice(0, -1)},"orders":[\n${orders.map((o) => JSON.stringify(o)).join(',\n')}\n]}\n`;
    // Orders encoded from their bytes: only the COPY path does that, so this import really went through COPY.
    const encode = vi.spyOn(OrderJsonEncoder.prototype, 'encode');
    expect((await importShopSnapshot(streamed, chunks(text), { batchSize: 40 })).orders).toBe(shop.orders.length);
    expect(encode.mock.results.some((r) => r.type === 'return' && r.value !== undefined)).toBe(true);
    encode.mockRestore();
    expect(await dump(streamed)).toEqual(expected);
  });

  it('cancels the copy when a late order is refused, leaves nothing written, and the pool serves the next query', async () => {
    const client = await freshPool();
    await migratePostgres(client);
    const json = serializeShopSnapshot(shop);
    const firstLineId = json.orders[0]!.items![0]!.id;
    const { orders, ...head } = json;
    const body = orders.map((o, i) => {
      const line = JSON.stringify(o);
      return i === 140 ? line.replace(/"items":\[\{"id":\d+/, `"items":[{"id":${firstLineId}`) : line;
    });
    const text = `${JSON.stringify(head).slice(0, -1)},"orders":[\n${body.join(',\n')}\n]}\n`;
    const failure = await importShopSnapshot(client, chunks(text), { batchSize: 20 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidSnapshotError);
    for (const rows of await dump(client)) expect(rows).toEqual([]);
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
