// The report day cache of an HPOS store (docs/woocommerce.md, "Report cache"): after each change a store sees, the
// cached bridge must answer reports exactly as a bridge without the cache reading the same store afresh (whose
// push-downs equal the fold over the orders, woocommerce-report-sql.test.ts). The store is written by the fixture
// writer; changes are made as WooCommerce makes them (a save stamps `date_updated_gmt`), plus the changes the rule
// says are seen later: a hard delete inside the check interval, an edit behind WooCommerce's back.
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { resolveReportRange, salesReportFor, serializeSalesReport, topSellersFor, type ReportRange, type ShopSnapshot } from 'wc-legacy-api/shop';
import { createWooCommerceRepository, type WooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { DEMO_SHOP_NOW, generateDemoShop } from '../../../examples/demo-shop';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { withWooCommerceIds } from './woocommerce-shape';

type Pool = mysql.Pool;
type Order = ShopSnapshot['orders'][number];

const ranges = (timeZone: string): ReportRange[] =>
  [{ period: 'year' }, { period: 'month' }, { date_min: '2026-03-01', date_max: '2026-03-31' }, { date_min: '2025-11-01', date_max: '2026-11-30' }].map((q) => {
    const r = resolveReportRange(q, { now: DEMO_SHOP_NOW, timeZone });
    if (!r.ok) throw new Error(r.error.message);
    return r.range;
  });

async function answers(repository: WooCommerceRepository, timeZone: string) {
  const out: unknown[] = [];
  for (const range of ranges(timeZone)) {
    out.push(serializeSalesReport(await salesReportFor(repository, range)));
    out.push(await topSellersFor(repository, range, 0));
  }
  return out;
}

// The counts a lazy bridge may keep (filters of statuses alone).
const counts = (repository: WooCommerceRepository) =>
  Promise.all([repository.countOrders({}), repository.countOrders({ statuses: ['completed'] }), repository.countOrders({ statuses: ['cancelled', 'processing'] })]);

// Every row of `orderId` (and its refunds) of one HPOS store, table by table: `WHERE` conditions over the order id.
const ORDER_ROWS: [string, string][] = [
  ['wc_orders', 'id = ? OR parent_order_id = ?'],
  ['wc_order_addresses', 'order_id = ?'],
  ['wc_order_operational_data', 'order_id = ? OR order_id IN (SELECT id FROM wp_wc_orders WHERE parent_order_id = ?)'],
  ['wc_orders_meta', 'order_id = ? OR order_id IN (SELECT id FROM wp_wc_orders WHERE parent_order_id = ?)'],
  ['woocommerce_order_itemmeta', 'order_item_id IN (SELECT order_item_id FROM wp_woocommerce_order_items WHERE order_id = ?)'],
  ['woocommerce_order_items', 'order_id = ?'],
];
const params = (where: string, id: number) => Array.from({ length: where.split('?').length - 1 }, () => id);

async function databaseOf(pool: Pool): Promise<string> {
  const [[row]] = (await pool.query('SELECT DATABASE() AS d')) as [{ d: string }[], unknown];
  return row!.d;
}

// A new order, as WooCommerce stores it: written by the fixture writer into a scratch store holding the same shop plus
// the order (so every id before it is the same), then its rows copied over.
async function addOrder(pool: Pool, shop: ShopSnapshot, order: ShopSnapshot['orders'][number]): Promise<void> {
  const scratch = await emptyDatabase();
  await writeWooCommerceShop(scratch, { ...shop, orders: [...shop.orders, order] }, { storage: 'hpos' });
  const from = await databaseOf(scratch);
  for (const [table, where] of [...ORDER_ROWS].reverse()) {
    const qualified = where.replaceAll('wp_', `\`${from}\`.wp_`);
    await pool.query(`INSERT INTO wp_${table} SELECT * FROM \`${from}\`.wp_${table} WHERE ${qualified}`, params(where, order.id));
  }
}

async function hardDelete(pool: Pool, orderId: number): Promise<void> {
  for (const [table, where] of ORDER_ROWS) {
    // MariaDB reads a subquery over the table a DELETE changes only from a derived copy.
    const copied = where.replace(/\(SELECT (\w+) FROM (wp_\w+) WHERE ([^)]*)\)/, '(SELECT $1 FROM (SELECT $1 FROM $2 WHERE $3) c)');
    await pool.query(`DELETE FROM wp_${table} WHERE ${copied}`, params(where, orderId));
  }
}

describe.skipIf(MYSQL_URL === undefined)('the report day cache (HPOS)', () => {
  it('answers as a fresh read after each change WooCommerce makes, and after the ones the rule defers', { timeout: 300_000 }, async () => {
    const shop = withWooCommerceIds(generateDemoShop({ orders: 400, seed: 11 }));
    const pool = await emptyDatabase();
    await writeWooCommerceShop(pool, shop, { storage: 'hpos' });
    // `cached` checks fingerprints on every report; `lazy` at most hourly; the default every 5 minutes (this test's
    // steps run within seconds, so it must behave as `lazy`).
    // A budget far past the default: this test is about what the cache answers, and on a loaded 2-core machine (the
    // whole suite beside other work) a fresh year's top sellers has run past the default 5 s.
    const statementTimeoutMs = 60_000;
    const cached = createWooCommerceRepository({ pool, statementTimeoutMs, reportCache: { verifyEveryMs: 0 } });
    const fresh = createWooCommerceRepository({ pool, statementTimeoutMs, reportCache: false });
    const lazy = createWooCommerceRepository({ pool, statementTimeoutMs, reportCache: { verifyEveryMs: 3_600_000 } });
    const byDefault = createWooCommerceRepository({ pool, statementTimeoutMs });
    const timeZone = shop.store.timeZone;
    let last: unknown[] | undefined;
    // Each change must move the answers (else a cache that missed it would pass), and the cache must follow.
    const expectSame = async (what: string) => {
      const truth = await answers(fresh, timeZone);
      if (last !== undefined) expect(truth, `${what} changes the reports`).not.toEqual(last);
      expect(await answers(cached, timeZone), what).toEqual(truth);
      return (last = truth);
    };
    const before = await expectSame('first read');
    await answers(lazy, timeZone);
    await counts(lazy);
    await answers(byDefault, timeZone);
    await counts(byDefault);
    expect(await answers(cached, timeZone)).toEqual(before); // served from the cache

    const stamp = (minutes: number) => new Date(DEMO_SHOP_NOW.getTime() + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const inYear = shop.orders.filter((o) => o.createdAt.getUTCFullYear() === 2026 && ['completed', 'processing'].includes(o.status));
    if (inYear.length < 5) throw new Error('test shop: too few orders in 2026');
    const [a, b, c, d, e] = inYear as [Order, Order, Order, Order, Order];

    // A status change out of the report's statuses, saved as WooCommerce saves it.
    await pool.query(`UPDATE wp_wc_orders SET status = 'wc-cancelled', date_updated_gmt = ? WHERE id = ?`, [stamp(1), a.id]);
    await expectSame('status change');
    expect(await answers(lazy, timeZone), 'lazy: a save is followed at once').toEqual(await answers(fresh, timeZone));
    expect(await counts(lazy), 'lazy counts: a save is followed at once').toEqual(await counts(fresh));
    expect(await answers(byDefault, timeZone), 'default: a save is followed at once').toEqual(await answers(fresh, timeZone));
    expect(await counts(byDefault), 'default counts: a save is followed at once').toEqual(await counts(fresh));

    // An edit that keeps the status: a total and a line quantity, the order saved.
    await pool.query(`UPDATE wp_wc_orders SET total_amount = total_amount + 10, date_updated_gmt = ? WHERE id = ?`, [stamp(2), b.id]);
    await pool.query(
      `UPDATE wp_woocommerce_order_itemmeta m JOIN wp_woocommerce_order_items i ON i.order_item_id = m.order_item_id
          SET m.meta_value = '7' WHERE i.order_id = ? AND i.order_item_type = 'line_item' AND m.meta_key = '_qty'`,
      [b.id],
    );
    await expectSame('edit');
    expect(await answers(lazy, timeZone)).toEqual(await answers(fresh, timeZone));

    // A refund added to an order (a new row, stamped) and one hard-deleted (its order not saved again).
    const refunded = shop.orders.find((o) => o.refunds.length > 0 && o.createdAt.getUTCFullYear() === 2026 && ['completed', 'processing', 'on-hold'].includes(o.status));
    if (refunded === undefined) throw new Error('test shop: no refunded order in 2026');
    await pool.query(`DELETE FROM wp_wc_orders WHERE id = ?`, [refunded.refunds[0]!.id]);
    await expectSame('refund deleted');

    // A hard delete (no save anywhere): seen by the fingerprints at once; by the lazy bridge after its interval only.
    const lazyBefore = await answers(lazy, timeZone);
    const lazyCounts = await counts(lazy);
    expect(lazyCounts).toEqual(await counts(fresh));
    // (The default bridge may be fresher than `lazy` here: it re-read other days since the refund went.)
    const defaultBefore = await answers(byDefault, timeZone);
    const defaultCounts = await counts(byDefault);
    expect(defaultCounts).toEqual(lazyCounts);
    await hardDelete(pool, c.id);
    await expectSame('hard delete');
    expect(await answers(lazy, timeZone), 'lazy: a hard delete waits for the next check').toEqual(lazyBefore);
    expect(await counts(lazy), 'lazy counts: a hard delete waits for the next check').toEqual(lazyCounts);
    expect(await counts(fresh)).not.toEqual(lazyCounts);
    expect(await answers(byDefault, timeZone), 'default: a hard delete waits for the next check').toEqual(defaultBefore);
    expect(await counts(byDefault), 'default counts: a hard delete waits for the next check').toEqual(defaultCounts);

    // A new order in a cached day, written the way WooCommerce writes it.
    let next = 900_000;
    const renumber = <T extends { id: number }>(lines: readonly T[]) => lines.map((l) => ({ ...l, id: (next += 1) }));
    const added = {
      ...d,
      id: 900_000,
      number: '900000',
      updatedAt: new Date(DEMO_SHOP_NOW.getTime() + 3 * 60_000),
      lineItems: renumber(d.lineItems),
      shippingLines: renumber(d.shippingLines),
      taxLines: renumber(d.taxLines),
      feeLines: renumber(d.feeLines),
      couponLines: renumber(d.couponLines),
      notes: renumber(d.notes),
      refunds: [],
    };
    await addOrder(pool, shop, added);
    await expectSame('new order');
    // A new order (an id above any counted) is added to the kept counts rather than counted again: the hard-deleted
    // order still waits for the next check. Each count must move (else one re-read or one left alone would pass too).
    const addedTo = (statuses: string[]) => (statuses.includes(added.status) ? 1 : 0);
    const plusNew = [defaultCounts[0] + 1, defaultCounts[1] + addedTo(['completed']), defaultCounts[2] + addedTo(['cancelled', 'processing'])];
    expect(await counts(fresh)).toEqual(plusNew.map((n, i) => n - (i === 0 || c.status === (i === 1 ? 'completed' : 'processing') ? 1 : 0)));
    expect(await counts(lazy), 'lazy counts: a new order is added').toEqual(plusNew);
    expect(await counts(byDefault), 'default counts: a new order is added').toEqual(plusNew);
    // The new order saved again, cancelled: moved between the kept counts by the status it was last seen with.
    await pool.query(`UPDATE wp_wc_orders SET status = 'wc-cancelled', date_updated_gmt = ? WHERE id = ?`, [stamp(3.5), added.id]);
    const cancelled = [plusNew[0]!, plusNew[1]! - addedTo(['completed']), plusNew[2]! + 1 - addedTo(['cancelled', 'processing'])];
    expect(await counts(byDefault), 'default counts: a new order saved again').toEqual(cancelled);
    expect(await counts(lazy), 'lazy counts: a new order saved again').toEqual(cancelled);
    await expectSame('new order cancelled');

    // An order moved to another day (its creation time edited and saved).
    await pool.query(`UPDATE wp_wc_orders SET date_created_gmt = DATE_SUB(date_created_gmt, INTERVAL 40 DAY), date_updated_gmt = ? WHERE id = ?`, [stamp(4), e.id]);
    await expectSame('moved');
    // An existing order saved: its status before is not known, so the default bridge counts again.
    expect(await counts(byDefault), 'default counts: an existing order saved').toEqual(await counts(fresh));
    expect(await counts(lazy), 'lazy counts: an existing order saved').toEqual(await counts(fresh));

    // A best-selling product trashed: no order changes, the kept sums are reused, the names are read again.
    const [best] = await topSellersFor(fresh, ranges(timeZone)[0]!, 1);
    await pool.query(`UPDATE wp_posts SET post_status = 'trash' WHERE ID = ?`, [best!.productId]);
    await expectSame('product trashed');

    // Behind WooCommerce's back (no date_updated_gmt): not seen while the day's entry is younger than maxAgeMs...
    const stale = await answers(cached, timeZone);
    await pool.query(`UPDATE wp_wc_orders SET total_amount = total_amount + 1000 WHERE id = ?`, [d.id]);
    expect(await answers(cached, timeZone), 'an unstamped edit waits for maxAgeMs').toEqual(stale);
    // ... and seen by a bridge whose entries never outlive a report.
    const unaged = createWooCommerceRepository({ pool, reportCache: { maxAgeMs: 0, verifyEveryMs: 0 } });
    await answers(unaged, timeZone);
    await pool.query(`UPDATE wp_wc_orders SET total_amount = total_amount + 1000 WHERE id = ?`, [d.id]);
    expect(await answers(unaged, timeZone)).toEqual(await answers(fresh, timeZone));
    expect(await answers(unaged, timeZone)).not.toEqual(stale);

    // At the memory bound: a range longer than maxDays is read in full, shorter ones evict each other's days.
    const small = createWooCommerceRepository({ pool, reportCache: { maxDays: 31, verifyEveryMs: 0 } });
    const truth = await answers(fresh, timeZone);
    expect(await answers(small, timeZone)).toEqual(truth);
    expect(await answers(small, timeZone)).toEqual(truth);
  });

  it('refuses bad options', () => {
    const pool = { query: async () => [[], []] as [unknown, unknown] };
    expect(() => createWooCommerceRepository({ pool, reportCache: { maxAgeMs: -1 } })).toThrow(RangeError);
    expect(() => createWooCommerceRepository({ pool, reportCache: { maxDays: 0 } })).toThrow(RangeError);
    expect(() => createWooCommerceRepository({ pool, reportCache: { verifyEveryMs: Number.NaN } })).toThrow(RangeError);
  });
});
