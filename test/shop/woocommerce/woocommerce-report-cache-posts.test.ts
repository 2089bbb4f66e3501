// The report day cache of a posts-storage store (docs/woocommerce.md, "Report cache"): no index holds its update
// times, so it cannot follow saves; its days are checked by fingerprints (per day: the report's order ids and their
// refunds' ids) at most every `verifyEveryMs`, and read again when older than `maxAgeMs`. Against a bridge without the
// cache reading the same store afresh: equal at first; after a status change, equal at once with `verifyEveryMs: 0`
// and the earlier answer within the interval (the documented delay); after an edit that moves no id, equal once
// `maxAgeMs` has passed.
import { describe, expect, it } from 'vitest';
import { resolveReportRange, salesReportFor, serializeSalesReport, topSellersFor, type ReportRange } from 'wc-legacy-api/shop';
import { createWooCommerceRepository, type WooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { DEMO_SHOP_NOW, generateDemoShop } from '../../../examples/demo-shop';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { withWooCommerceIds } from './woocommerce-shape';

const ranges = (timeZone: string): ReportRange[] =>
  [{ period: 'year' }, { period: 'month' }, { date_min: '2025-11-01', date_max: '2026-11-30' }].map((q) => {
    const r = resolveReportRange(q, { now: DEMO_SHOP_NOW, timeZone });
    if (!r.ok) throw new Error(r.error.message);
    return r.range;
  });

async function answers(repository: WooCommerceRepository, timeZone: string): Promise<string> {
  const out: unknown[] = [];
  for (const range of ranges(timeZone)) {
    out.push(serializeSalesReport(await salesReportFor(repository, range)));
    out.push(await topSellersFor(repository, range, 0));
  }
  return JSON.stringify(out);
}

describe.skipIf(MYSQL_URL === undefined)('the report cache of a posts-storage store', { timeout: 120_000 }, () => {
  it('answers as a fresh read; a status change at once when checking every report, later within the interval', async () => {
    const shop = withWooCommerceIds(generateDemoShop({ seed: 21, orders: 120 }));
    const pool = await emptyDatabase();
    await writeWooCommerceShop(pool, shop, { storage: 'posts', tablePrefix: 'wp_' });
    const fresh = createWooCommerceRepository({ pool, storage: 'posts', reportCache: false });
    const spaced = createWooCommerceRepository({ pool, storage: 'posts' });
    const eager = createWooCommerceRepository({ pool, storage: 'posts', reportCache: { verifyEveryMs: 0 } });
    const exact = createWooCommerceRepository({ pool, storage: 'posts', reportCache: { verifyEveryMs: 0, maxAgeMs: 0 } });
    const zone = (await fresh.getStore()).timeZone;
    const before = await answers(fresh, zone);
    for (const r of [spaced, eager, exact]) {
      expect(await answers(r, zone)).toBe(before);
      expect(await answers(r, zone)).toBe(before); // from the cache
    }

    // A status change as WooCommerce saves it: an order of this year's report leaves it.
    const year = ranges(zone)[0]!;
    const order = shop.orders.find((o) => o.status === 'completed' && o.createdAt >= year.start && o.createdAt < year.end)!;
    await pool.query(`UPDATE wp_posts SET post_status = 'wc-cancelled', post_modified_gmt = UTC_TIMESTAMP() WHERE ID = ?`, [order.id]);
    const changed = await answers(fresh, zone);
    expect(changed).not.toBe(before);
    expect(await answers(eager, zone)).toBe(changed);
    expect(await answers(exact, zone)).toBe(changed);
    expect(await answers(spaced, zone)).toBe(before);

    // An edit that moves no id (a total changed behind WooCommerce's back): seen once the day is older than maxAgeMs.
    const other = shop.orders.find((o) => o.status === 'completed' && o.id !== order.id && o.createdAt >= year.start && o.createdAt < year.end)!;
    await pool.query(`UPDATE wp_postmeta SET meta_value = '12345.67' WHERE post_id = ? AND meta_key = '_order_total'`, [other.id]);
    const edited = await answers(fresh, zone);
    expect(edited).not.toBe(changed);
    expect(await answers(exact, zone)).toBe(edited);
    expect(await answers(eager, zone)).toBe(changed);
  });

  // Counts of statuses alone follow the order notes WooCommerce writes at each status transition and new order ids
  // (posts-counts.ts); a change that leaves neither waits for the next check.
  it('keeps counts that follow new orders and noted status changes, as a fresh read counts', async () => {
    const shop = withWooCommerceIds(generateDemoShop({ seed: 22, orders: 80 }));
    const pool = await emptyDatabase();
    await writeWooCommerceShop(pool, shop, { storage: 'posts', tablePrefix: 'wp_' });
    const fresh = createWooCommerceRepository({ pool, storage: 'posts', reportCache: false });
    const kept = createWooCommerceRepository({ pool, storage: 'posts' });
    const counts = (r: WooCommerceRepository) => Promise.all([r.countOrders({}), r.countOrders({ statuses: ['processing'] }), r.countOrders({ statuses: ['completed', 'on-hold'] })]);
    expect(await counts(kept)).toEqual(await counts(fresh));
    expect(await counts(kept)).toEqual(await counts(fresh));
    const conn = await pool.getConnection();
    // A copy of a row with a new id, as WooCommerce would insert it (every NOT NULL column filled as the original's).
    const copy = async (table: string, id: string, from: number, set: string): Promise<number> => {
      await conn.query(`CREATE TEMPORARY TABLE c LIKE wp_${table}`);
      await conn.query(`INSERT INTO c SELECT * FROM wp_${table} WHERE ${id} = ?`, [from]);
      const [[{ n }]] = (await conn.query(`SELECT MAX(${id}) + 1 AS n FROM wp_${table}`)) as unknown as [[{ n: number }]];
      await conn.query(`UPDATE c SET ${id} = ?, ${set}`, [n]);
      await conn.query(`INSERT INTO wp_${table} SELECT * FROM c`);
      await conn.query('DROP TEMPORARY TABLE c');
      return Number(n);
    };
    const [[note]] = (await conn.query(`SELECT comment_ID AS id, comment_post_ID AS post FROM wp_comments WHERE comment_type = 'order_note' LIMIT 1`)) as unknown as [[{ id: number; post: number }]];
    try {
      // A new order (a higher id) and its note.
      const order = await copy('posts', 'ID', note.post, `post_status = 'wc-processing'`);
      await copy('comments', 'comment_ID', note.id, `comment_post_ID = ${order}`);
      expect(await counts(kept)).toEqual(await counts(fresh));
      // A status change of an existing order as WooCommerce makes it: the row and a note.
      const existing = shop.orders.find((o) => o.status === 'completed')!.id;
      await conn.query(`UPDATE wp_posts SET post_status = 'wc-processing' WHERE ID = ?`, [existing]);
      await copy('comments', 'comment_ID', note.id, `comment_post_ID = ${existing}`);
      expect(await counts(kept)).toEqual(await counts(fresh));
      // A status changed by SQL alone: seen at the next check, not before.
      const before = await counts(fresh);
      await conn.query(`UPDATE wp_posts SET post_status = 'wc-on-hold' WHERE ID = ?`, [existing]);
      expect(await counts(fresh)).not.toEqual(before);
      expect(await counts(kept)).toEqual(before);
    } finally {
      conn.release();
    }
  });
});
