// Property: any shop WooCommerce can hold, written by the fixture writer (posts or HPOS, any table prefix), reads back
// through exportWooCommerceSnapshot as that shop: demo shops of any seed, size and time zone, and shops of orders drawn
// by the builders' arbitraries (arbitrary text, amounts of 0-4 decimals, instants 2000-2100).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { loadShopSnapshot, type Order, type ShopSnapshot } from 'wc-legacy-api/shop';
import { exportWooCommerceSnapshot } from 'wc-legacy-api/woocommerce';
import { generateDemoShop } from '../../../examples/demo-shop';
import { arbitraryOrder, buildStore } from '../builders';
import { writeWooCommerceShop } from './fixture-writer';
import { dropDatabase, emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { expectSameShop } from './shop-equality';
import { asStoredByWooCommerce, withWooCommerceIds } from './woocommerce-shape';

const storage = fc.constantFrom('posts' as const, 'hpos' as const);
const prefix = fc.stringMatching(/^[a-z][a-z0-9]{0,6}_$/);
const timeZone = fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham');

async function roundTrip(shop: ShopSnapshot, s: 'posts' | 'hpos', p: string, legacyOrders?: (id: number) => boolean): Promise<void> {
  const pool = await emptyDatabase();
  try {
    await writeWooCommerceShop(pool, shop, { storage: s, tablePrefix: p, batchSize: 7, ...(legacyOrders === undefined ? {} : { legacyOrders }) });
    const loaded = loadShopSnapshot(await exportWooCommerceSnapshot(pool, { tablePrefix: p }));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues.slice(0, 3)));
    expectSameShop(loaded.snapshot, asStoredByWooCommerce(shop, s));
  } finally {
    await dropDatabase(pool);
  }
}

// Instants WooCommerce stores: a zero timestamp reads as "never", so the drawn ones start in 2000.
const instant = fc.integer({ min: 946_684_800_000, max: 4_102_444_799_000 }).map((ms) => new Date(ms));

/** Orders of the builders' arbitrary, made storable: unique ids (orders 1000+, items and notes numbered), real instants. */
const arbitraryShop = fc
  .tuple(fc.array(fc.tuple(arbitraryOrder, instant, instant, fc.option(instant), fc.option(instant)), { maxLength: 6 }), timeZone)
  .map(([drawn, zone]): ShopSnapshot => {
    let item = 1;
    const orders = drawn.map(([o, created, updated, completed, paid], i): Order => ({
      ...o,
      id: 1000 + i,
      createdAt: created,
      updatedAt: updated,
      completedAt: completed,
      payment: { ...o.payment, paidAt: paid },
      lineItems: o.lineItems.map((l) => ({ ...l, id: item++ })),
      shippingLines: o.shippingLines.map((l) => ({ ...l, id: item++ })),
      taxLines: o.taxLines.map((l) => ({ ...l, id: item++ })),
      feeLines: o.feeLines.map((l) => ({ ...l, id: item++ })),
      couponLines: o.couponLines.map((l) => ({ ...l, id: item++ })),
    }));
    return { store: buildStore({ timeZone: zone }), products: [], customers: [], coupons: [], orders };
  });

describe.skipIf(MYSQL_URL === undefined)('writeWooCommerceShop round trip (property)', () => {
  it('demo shops of any seed, size and time zone', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 60 }), timeZone, storage, prefix, async (seed, orders, zone, s, p) => {
        await roundTrip(withWooCommerceIds(generateDemoShop({ seed, orders, timeZone: zone })), s, p);
      }),
      { numRuns: 12 },
    );
  });

  // 2.x-era orders keep local times only: zones without daylight saving time, where every local time is one instant.
  it('demo shops with WooCommerce 2.x-era orders among them (posts)', { timeout: 300_000 }, async () => {
    const fixedZone = fc.constantFrom('UTC', 'Asia/Kolkata', 'Asia/Tokyo', 'Etc/GMT+5', 'America/Sao_Paulo');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 40 }), fixedZone, prefix, fc.integer({ min: 1, max: 3 }), async (seed, orders, zone, p, every) => {
        await roundTrip(withWooCommerceIds(generateDemoShop({ seed, orders, timeZone: zone })), 'posts', p, (id) => id % every === 0);
      }),
      { numRuns: 6 },
    );
  });

  it('shops of arbitrary orders (text, amounts, instants)', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryShop, storage, prefix, async (shop, s, p) => {
        await roundTrip(shop, s, p);
      }),
      { numRuns: 16 },
    );
  });
});
