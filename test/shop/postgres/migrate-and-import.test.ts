// Migrations are idempotent and recorded; the snapshot import is all or nothing.
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  POSTGRES_MIGRATIONS,
  SnapshotImportError,
  type Order,
  type PostgresClient,
  type ShopSnapshot,
} from 'shopkeep/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { TARGETS } from './harness';

const shop = generateDemoShop({ orders: 120, seed: 3 });
const latest = Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version));

async function count(client: PostgresClient, table: string): Promise<number> {
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
  return Number((rows[0] as { n: unknown }).n);
}

const TABLES = [
  'shop_store',
  'shop_products',
  'shop_customers',
  'shop_coupons',
  'shop_orders',
  'shop_order_line_items',
  'shop_order_notes',
];

describe.each(TARGETS)('migratePostgres on $name', (target) => {
  it('applies every migration once and records it; a second run applies nothing', async () => {
    const client = await target.freshClient();
    const first = await migratePostgres(client);
    expect(first.applied).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
    expect(first.version).toBe(latest);
    const second = await migratePostgres(client);
    expect(second).toEqual({ applied: [], version: latest });
    const { rows } = await client.query('SELECT version, name FROM shop_schema_migrations ORDER BY version');
    expect(rows.map((r) => Number((r as { version: unknown }).version))).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
    for (const table of TABLES) expect(await count(client, table)).toBe(0);
  });

  it('is safe when runs overlap: exactly one of them applies the migrations', async () => {
    const client = await target.freshClient();
    const results = await Promise.all([migratePostgres(client), migratePostgres(client), migratePostgres(client)]);
    expect(results.flatMap((r) => r.applied)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
  });
});

describe.each(TARGETS)('importShopSnapshot on $name', (target) => {
  it('loads every row in batches and reports the counts', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const result = await importShopSnapshot(client, shop, { batchSize: 25 });
    expect(result).toEqual({
      products: shop.products.length,
      customers: shop.customers.length,
      coupons: shop.coupons.length,
      orders: shop.orders.length,
    });
    expect(await count(client, 'shop_orders')).toBe(shop.orders.length);
    expect(await count(client, 'shop_order_line_items')).toBe(shop.orders.reduce((n, o) => n + o.lineItems.length, 0));
    expect(await count(client, 'shop_order_notes')).toBe(shop.orders.reduce((n, o) => n + o.notes.length, 0));
    // Money is stored as numeric, exactly.
    const { rows } = await client.query('SELECT sum(total)::text AS s FROM shop_orders');
    const expected = shop.orders.reduce((s, o) => s.plus(o.total), new Decimal(0));
    expect(new Decimal(String((rows[0] as { s: unknown }).s)).equals(expected)).toBe(true);
  });

  it('keeps exact decimals beyond two places and beyond double precision', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const first = shop.orders[0]!;
    const odd: Order = { ...first, total: new Decimal('12345678901234567890.123456789'), cartTax: new Decimal('0.005') };
    await importShopSnapshot(client, { ...shop, orders: [odd] });
    const got = await createPostgresRepository({ client }).getOrder(first.id);
    expect(got!.total.toFixed()).toBe('12345678901234567890.123456789');
    expect(got!.cartTax.toFixed()).toBe('0.005');
  });

  async function expectNothingWritten(client: PostgresClient): Promise<void> {
    for (const table of TABLES) expect(await count(client, table)).toBe(0);
  }

  it('is all or nothing: a duplicate id in a late batch leaves every table empty', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const orders = [...shop.orders, shop.orders[0]!];
    await expect(importShopSnapshot(client, { ...shop, orders }, { batchSize: 10 })).rejects.toThrow();
    await expectNothingWritten(client);
    // The schema is still usable: the correct snapshot imports afterwards.
    await importShopSnapshot(client, shop);
    expect(await count(client, 'shop_orders')).toBe(shop.orders.length);
  });

  it('refuses a NUL character (PostgreSQL text cannot hold one) with an error naming the column, writing nothing', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const last = shop.orders[shop.orders.length - 1]!;
    const bad: ShopSnapshot = { ...shop, orders: [...shop.orders.slice(0, -1), { ...last, customerNote: 'a\u0000b' }] };
    const error = await importShopSnapshot(client, bad, { batchSize: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotImportError);
    expect((error as SnapshotImportError).column).toBe('shop_orders.customer_note');
    await expectNothingWritten(client);
  });
});
