// The fixture writer against the ground truth: each store real WooCommerce generated (../shared/woocommerce), written
// again by writeWooCommerceShop from its expected snapshot, reads back (exportWooCommerceSnapshot) as that snapshot:
// in the store's own storage, in the other storage, and under another table prefix.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pool } from 'mysql2/promise';
import { loadShopSnapshot, type ShopSnapshot } from 'wc-legacy-api/shop';
import { exportWooCommerceSnapshot } from 'wc-legacy-api/woocommerce';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';
import { expectSameShop } from './shop-equality';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/expected-snapshot.json`, SHARED_STORES))) : [];

function load(json: unknown): ShopSnapshot {
  const loaded = loadShopSnapshot(json);
  if (!loaded.ok) throw new Error(loaded.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  return loaded.snapshot;
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

/** Each table's columns (name, type, nullability, default) and keys (name, uniqueness, columns with prefix lengths). */
async function tableLayouts(pool: Pool): Promise<Record<string, unknown>> {
  const [columns] = await pool.query(
    `SELECT TABLE_NAME t, COLUMN_NAME c, COLUMN_TYPE ty, IS_NULLABLE n, COLUMN_DEFAULT d, EXTRA x FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  );
  const [keys] = await pool.query(
    `SELECT TABLE_NAME t, INDEX_NAME k, NON_UNIQUE u, GROUP_CONCAT(CONCAT(COLUMN_NAME, IFNULL(CONCAT('(', SUB_PART, ')'), '')) ORDER BY SEQ_IN_INDEX) cols
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() GROUP BY TABLE_NAME, INDEX_NAME, NON_UNIQUE ORDER BY TABLE_NAME, INDEX_NAME`,
  );
  const out: Record<string, { columns: string[]; keys: string[] }> = {};
  const table = (t: string) => (out[t] ??= { columns: [], keys: [] });
  for (const r of columns as Record<string, unknown>[]) table(String(r.t)).columns.push(`${r.c} ${r.ty} ${r.n === 'YES' ? 'NULL' : 'NOT NULL'} ${r.d ?? ''} ${r.x}`.trim());
  for (const r of keys as Record<string, unknown>[]) table(String(r.t)).keys.push(`${Number(r.u) === 0 ? 'UNIQUE ' : ''}${r.k} (${r.cols})`);
  return out;
}

// The layout facts (extracted from WordPress's and WooCommerce's schema code) against the tables real WooCommerce made.
describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('the fixture writer\'s tables against %s', (store) => {
  it('have the columns and keys of the tables WooCommerce created', { timeout: 120_000 }, async () => {
    const real = await tableLayouts(await loadDump(new URL(`${store}/dump.sql`, SHARED_STORES)));
    const pool = await emptyDatabase();
    await writeWooCommerceShop(pool, { store: load(JSON.parse(readFileSync(new URL(`${store}/expected-snapshot.json`, SHARED_STORES), 'utf8'))).store, products: [], customers: [], coupons: [], orders: [] }, { storage: storageOf(store) });
    const written = await tableLayouts(pool);
    for (const table of Object.keys(real)) expect.soft(written[table], table).toEqual(real[table]);
  });
});
