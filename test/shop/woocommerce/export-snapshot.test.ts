// The bridge's export of each store WooCommerce generated (../shared/woocommerce) must be the shop WooCommerce's own
// PHP reads from it (expected-snapshot.json), field by field, money compared as decimals (both go through
// loadShopSnapshot and serializeShopSnapshot, which writes every decimal one way).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShopSnapshot, serializeShopSnapshot } from 'wc-legacy-api/shop';
import { exportWooCommerceSnapshot } from 'wc-legacy-api/woocommerce';
import { loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/dump.sql`, SHARED_STORES))) : [];

function canonical(json: unknown) {
  const loaded = loadShopSnapshot(json);
  if (!loaded.ok) throw new Error(loaded.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  return serializeShopSnapshot(loaded.snapshot);
}

describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('exportWooCommerceSnapshot of %s', (store) => {
  it('reads the shop WooCommerce reads', { timeout: 120_000 }, async () => {
    const pool = await loadDump(new URL(`${store}/dump.sql`, SHARED_STORES));
    const prefix = readFileSync(new URL(`${store}/table-prefix.txt`, SHARED_STORES), 'utf8').trim();
    const progress: number[] = [];
    const exported = canonical(await exportWooCommerceSnapshot(pool, { tablePrefix: prefix, pageSize: 7, onProgress: (p) => progress.push(p.orders) }));
    const expected = canonical(JSON.parse(readFileSync(new URL(`${store}/expected-snapshot.json`, SHARED_STORES), 'utf8')));
    expect(exported.store).toEqual(expected.store);
    expect(exported.products).toEqual(expected.products);
    expect(exported.customers).toEqual(expected.customers);
    expect(exported.coupons).toEqual(expected.coupons);
    expect(exported.orders.map((o) => o.id)).toEqual(expected.orders.map((o) => o.id));
    for (let i = 0; i < expected.orders.length; i += 1) expect(exported.orders[i], `order ${expected.orders[i]!.id}`).toEqual(expected.orders[i]);
    expect(progress.at(-1)).toBe(expected.orders.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
