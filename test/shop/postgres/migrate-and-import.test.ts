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
} from 'wc-legacy-api/shop';
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

// Enough digits that the expected sums are exact.
const Wide = Decimal.clone({ precision: 100 });

/** The distinct products of an order's lines, ascending, with their summed quantities (comma-joined). */
function productsOf(order: Order): { products: string; quantities: string } {
  const sums = new Map<number, number>();
  for (const line of order.lineItems) sums.set(line.productId, (sums.get(line.productId) ?? 0) + line.quantity);
  const ids = [...sums.keys()].sort((a, b) => a - b);
  return { products: ids.join(','), quantities: ids.map((id) => sums.get(id)).join(',') };
}

describe.each(TARGETS)('per-order report aggregates (migration 3) on $name', (target) => {
  const aggregates = async (client: PostgresClient): Promise<readonly unknown[]> =>
    (
      await client.query(
        `SELECT id::text, agg_items::text AS items, agg_discount::text AS discount, agg_refunds::text AS refunds,
                array_to_string(agg_product_ids, ',') AS products, array_to_string(agg_product_quantities, ',') AS quantities
           FROM shop_orders ORDER BY id`,
      )
    ).rows;

  it('the import writes the sums of each order\'s lines, and migrating an older database backfills the very same values', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    // Amounts beyond two decimals and beyond 20 significant digits: the sums must be exact in both paths.
    const orders = shop.orders.map((o, k) => ({
      ...o,
      // The same product on two lines: one entry in the product arrays, quantities summed.
      lineItems: k % 5 === 0 && o.lineItems[0] !== undefined ? [...o.lineItems, { ...o.lineItems[0], id: 80_000 + k }] : o.lineItems,
      couponLines: o.couponLines.map((c, j) => ({ ...c, amount: c.amount.plus(new Decimal(`0.000${k + j}`)) })),
      refunds:
        k % 7 === 0
          ? [...o.refunds, { id: 90_000 + k, createdAt: o.createdAt, amount: new Decimal('12345678901234567890.0001'), reason: '' }]
          : o.refunds,
    }));
    await importShopSnapshot(client, { ...shop, orders });
    const written = await aggregates(client);
    const expected = orders.map((o) => ({
      id: String(o.id),
      items: String(o.lineItems.reduce((n, l) => n + l.quantity, 0)),
      discount: o.couponLines.reduce((s, c) => s.plus(c.amount), new Wide(0)).toFixed(),
      refunds: o.refunds.reduce((s, r) => s.plus(r.amount), new Wide(0)).toFixed(),
      ...productsOf(o),
    }));
    const normal = (rows: readonly unknown[]) =>
      (rows as { id: string; items: string; discount: string; refunds: string; products: string; quantities: string }[]).map((r) => ({
        ...r,
        discount: new Decimal(r.discount).toFixed(),
        refunds: new Decimal(r.refunds).toFixed(),
      }));
    expect(normal(written)).toEqual([...expected].sort((a, b) => Number(a.id) - Number(b.id)));
    expect(expected.some((e) => e.discount !== '0') && expected.some((e) => e.refunds.length > 20)).toBe(true);
    expect(expected.some((e) => e.products.includes(','))).toBe(true);

    // A database at version 2 with orders in it: migration 3 computes the columns from the lines in SQL.
    await client.query(
      `ALTER TABLE shop_orders DROP COLUMN agg_items, DROP COLUMN agg_discount, DROP COLUMN agg_refunds,
                               DROP COLUMN agg_product_ids, DROP COLUMN agg_product_quantities`,
    );
    await client.query('DELETE FROM shop_schema_migrations WHERE version = 3');
    expect(await migratePostgres(client)).toEqual({ applied: [3], version: latest });
    expect(normal(await aggregates(client))).toEqual(normal(written));
  });

  it('an INSERT that leaves the aggregates out fails: they have no default', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, { ...shop, orders: shop.orders.slice(0, 1) });
    await expect(
      client.query(`INSERT INTO shop_orders (id, number, created_at, updated_at, status, currency, total, cart_tax, shipping_total,
        shipping_tax, cart_discount, order_discount, payment_method_id, payment_method_title, billing_first_name, billing_last_name,
        billing_company, billing_address_1, billing_address_2, billing_city, billing_state, billing_postcode, billing_country,
        billing_email, billing_phone, shipping_first_name, shipping_last_name, shipping_company, shipping_address_1,
        shipping_address_2, shipping_city, shipping_state, shipping_postcode, shipping_country, customer_note, customer_ip,
        customer_user_agent, customer_id, search_text)
        SELECT id + 1000000, number, created_at, updated_at, status, currency, total, cart_tax, shipping_total,
        shipping_tax, cart_discount, order_discount, payment_method_id, payment_method_title, billing_first_name, billing_last_name,
        billing_company, billing_address_1, billing_address_2, billing_city, billing_state, billing_postcode, billing_country,
        billing_email, billing_phone, shipping_first_name, shipping_last_name, shipping_company, shipping_address_1,
        shipping_address_2, shipping_city, shipping_state, shipping_postcode, shipping_country, customer_note, customer_ip,
        customer_user_agent, customer_id, search_text FROM shop_orders`),
    ).rejects.toThrow(/agg_/);
  });
});
