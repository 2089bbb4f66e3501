// The fixture writer against the ground truth: each store real WooCommerce generated (../shared/woocommerce), written
// again by writeWooCommerceShop from its expected snapshot, reads back (exportWooCommerceSnapshot) as that snapshot:
// in the store's own storage, in the other storage, and under another table prefix.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShopSnapshot, serializeShopSnapshot, type ShopSnapshot } from 'wc-legacy-api/shop';
import { exportWooCommerceSnapshot } from 'wc-legacy-api/woocommerce';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL, SHARED_STORES } from './mariadb-harness';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/expected-snapshot.json`, SHARED_STORES))) : [];

function load(json: unknown): ShopSnapshot {
  const loaded = loadShopSnapshot(json);
  if (!loaded.ok) throw new Error(loaded.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  return loaded.snapshot;
}

/** The shop as compared: JSON (money as decimals written one way), orders field by field. */
export function expectSameShop(actual: ShopSnapshot, expected: ShopSnapshot): void {
  const [a, e] = [serializeShopSnapshot(actual), serializeShopSnapshot(expected)];
  expect(a.store).toEqual(e.store);
  expect(a.products).toEqual(e.products);
  expect(a.customers).toEqual(e.customers);
  expect(a.coupons).toEqual(e.coupons);
  expect(a.orders.map((o) => o.id)).toEqual(e.orders.map((o) => o.id));
  for (let i = 0; i < e.orders.length; i += 1) expect(a.orders[i], `order ${e.orders[i]!.id}`).toEqual(e.orders[i]);
}

const storageOf = (store: string) => (store.includes('hpos') ? 'hpos' : 'posts');

describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('writeWooCommerceShop of %s', (store) => {
  const expected = load(JSON.parse(readFileSync(new URL(`${store}/expected-snapshot.json`, SHARED_STORES), 'utf8')));
  const own = storageOf(store);
  const other = own === 'hpos' ? 'posts' : 'hpos';
  const cases = [
    { name: `its own storage (${own})`, storage: own, prefix: 'wp_' },
    { name: `the other storage (${other})`, storage: other, prefix: 'wp_' },
    { name: `${own} under the prefix shop2_`, storage: own, prefix: 'shop2_' },
  ] as const;
  for (const c of cases) {
    it(`reads back as the shop WooCommerce wrote, in ${c.name}`, { timeout: 120_000 }, async () => {
      const pool = await emptyDatabase();
      const progress: number[] = [];
      await writeWooCommerceShop(pool, expected, { storage: c.storage, tablePrefix: c.prefix, batchSize: 10, onProgress: (p) => progress.push(p.orders) });
      expect(progress.at(-1)).toBe(expected.orders.length);
      const exported = load(await exportWooCommerceSnapshot(pool, { tablePrefix: c.prefix }));
      expectSameShop(exported, expected);
    });
  }
});
