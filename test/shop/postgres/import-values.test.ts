// Every value survives the import exactly, whatever characters or instants it holds: on the server the import sends
// COPY text (tabs, newlines, carriage returns and backslashes escaped, arrays and instants written as literals),
// elsewhere INSERT parameters; both must read back as the in-memory repository holds the same snapshot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  SnapshotImportError,
  type Coupon,
  type Order,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { ALL_CLIENT_TARGETS } from './harness';

const base = generateDemoShop({ orders: 12, seed: 21 });

// Characters COPY text treats specially, and those array literals do, plus ordinary and multi-byte ones.
const special = fc.constantFrom('\t', '\n', '\r', '\\', '\\N', 'N', '"', "'", ',', '{', '}', 'NULL', ' ', 'é', '😀', '\u2028', 'a');
const text = fc.oneof(
  fc.array(special, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
// Whole milliseconds, BC and AD. On the server (COPY) from the years PostgreSQL and JavaScript share (4713 BC ..
// 275760 AD), edges of the four-digit years included. The INSERT path (PGlite) turns milliseconds into an interval by
// a floating-point multiplication, exact only up to about 7e13 ms (year 4188), so it is held to that range.
const instant = (copy: boolean) =>
  fc
    .oneof(
      fc.integer(copy ? { min: -210_000_000_000_000, max: 8_640_000_000_000_000 } : { min: -70_000_000_000_000, max: 70_000_000_000_000 }),
      fc.constantFrom(-62_135_596_800_000, -62_135_596_800_001, 0, -1, ...(copy ? [253_402_300_799_999, 253_402_300_800_000, 8.64e15] : [])),
    )
    .map((ms) => new Date(ms));

const shopArb = (copy: boolean): fc.Arbitrary<ShopSnapshot> =>
  fc
    .record({
      notes: fc.array(text, { minLength: base.orders.length, maxLength: base.orders.length }),
      companies: fc.array(text, { minLength: base.orders.length, maxLength: base.orders.length }),
      created: fc.array(instant(copy), { minLength: base.orders.length, maxLength: base.orders.length }),
      lineNames: fc.array(text, { minLength: base.orders.length, maxLength: base.orders.length }),
      emails: fc.array(text, { maxLength: 4 }),
      code: text,
    })
    .map(({ notes, companies, created, lineNames, emails, code }) => {
      const orders: Order[] = base.orders.map((o, i) => ({
        ...o,
        customerNote: notes[i]!,
        billing: { ...o.billing, company: companies[i]! },
        createdAt: created[i]!,
        lineItems: o.lineItems.map((line) => ({ ...line, name: lineNames[i]! })),
      }));
      const coupons: Coupon[] = base.coupons.map((c, i) => (i === 0 ? { ...c, customerEmails: emails, description: code } : c));
      return { ...base, orders, coupons };
    });

describe.each(ALL_CLIENT_TARGETS)('importShopSnapshot values on $name', (target) => {
  it('reads back every text, array and instant exactly as imported (property)', async () => {
    await fc.assert(
      fc.asyncProperty(shopArb(target.name !== 'pglite'), async (shop) => {
        const client = await target.freshClient();
        await migratePostgres(client);
        await importShopSnapshot(client, shop, { batchSize: 5 });
        const repo = createPostgresRepository({ client });
        const memory = createMemoryRepository(shop);
        const all = { offset: 0, limit: null };
        expect(await repo.listOrders({}, all)).toEqual(await memory.listOrders({}, all));
        expect(await repo.getCoupon(shop.coupons[0]!.id)).toEqual(await memory.getCoupon(shop.coupons[0]!.id));
      }),
      { numRuns: 15 },
    );
  });

  it('a value the encoder refuses midway through a table (a COPY under way on the server) rolls back everything', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const products = base.products.map((p, i) => (i === base.products.length - 1 ? { ...p, name: 'nul\u0000' } : p));
    const error = await importShopSnapshot(client, { ...base, products }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotImportError);
    expect((error as SnapshotImportError).column).toBe('shop_products.name');
    for (const table of ['shop_store', 'shop_products', 'shop_orders', 'shop_order_line_items']) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect(Number((rows[0] as { n: unknown }).n)).toBe(0);
    }
    // The connection is usable: the same snapshot without the NUL imports.
    await importShopSnapshot(client, base);
    expect(await createPostgresRepository({ client }).countOrders({})).toBe(base.orders.length);
  });
});
