// The bridge's report push-downs (sums in SQL) must equal the fold over the very orders the bridge returns, also
// when meta values are not the clean text WooCommerce writes: amounts and quantities with spaces, `2.0`, `1.`, `.5`,
// words, empty values. Both storages' dumps are loaded and their meta damaged in place (test databases only).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  computeSalesReport,
  REPORT_CUSTOMER_ROLE,
  REPORT_ORDER_STATUSES,
  resolveReportRange,
  salesReportFor,
  salesReportWindow,
  serializeSalesReport,
  topSellersFor,
  topSellersFromOrders,
} from 'wc-legacy-api/shop';
import { createWooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/dump.sql`, SHARED_STORES))) : [];

const QUANTITIES = ['2.0', ' 3 ', 'x', '', '1.5', '1.', '007'];
const AMOUNTS = [' 1.50 ', '.5', 'abc', '-0.25', '1.', '12.345678901234', '', '-', '1.2.3', '1e3', '０'];

describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('report push-downs over %s', (store) => {
  it('equal the fold over the orders the bridge reads, whatever the meta text', { timeout: 120_000 }, async () => {
    const pool = await loadDump(new URL(`${store}/dump.sql`, SHARED_STORES));
    const prefix = readFileSync(new URL(`${store}/table-prefix.txt`, SHARED_STORES), 'utf8').trim();
    const t = (name: string) => `\`${prefix}${name}\``;
    // Every other quantity and coupon amount, and order totals / refund amounts in posts storage, replaced by odd text.
    const [qty] = (await pool.query(`SELECT meta_id FROM ${t('woocommerce_order_itemmeta')} WHERE meta_key = '_qty' ORDER BY meta_id`)) as [{ meta_id: number }[], unknown];
    for (const [i, row] of qty.entries()) if (i % 2 === 0) await pool.query(`UPDATE ${t('woocommerce_order_itemmeta')} SET meta_value = ? WHERE meta_id = ?`, [QUANTITIES[(i / 2) % QUANTITIES.length], row.meta_id]);
    const [amounts] = (await pool.query(
      `SELECT meta_id FROM ${t('woocommerce_order_itemmeta')} WHERE meta_key = 'discount_amount'
       UNION ALL SELECT meta_id FROM ${t('postmeta')} WHERE meta_key IN ('_order_total', '_order_tax', '_refund_amount') ORDER BY meta_id`,
    )) as [{ meta_id: number }[], unknown];
    for (const [i, row] of amounts.entries()) {
      const value = AMOUNTS[i % AMOUNTS.length];
      await pool.query(`UPDATE ${t('woocommerce_order_itemmeta')} SET meta_value = ? WHERE meta_id = ? AND meta_key = 'discount_amount'`, [value, row.meta_id]);
      await pool.query(`UPDATE ${t('postmeta')} SET meta_value = ? WHERE meta_id = ? AND meta_key IN ('_order_total', '_order_tax', '_refund_amount')`, [value, row.meta_id]);
    }
    const repository = createWooCommerceRepository({ pool, tablePrefix: prefix });
    const timeZone = (await repository.getStore()).timeZone;
    for (const [date_min, date_max] of [['2025-01-01', '2026-12-31'], ['2025-10-20', '2025-11-05']] as const) {
      const resolved = resolveReportRange({ date_min, date_max }, { now: new Date('2026-11-20T00:00:00Z'), timeZone });
      if (!resolved.ok) throw new Error(resolved.error.message);
      const range = resolved.range;
      const window = salesReportWindow(range);
      const folded = await computeSalesReport(repository.ordersCreatedIn(window, REPORT_ORDER_STATUSES), repository.customersRegisteredIn(window, REPORT_CUSTOMER_ROLE), range);
      const pushed = serializeSalesReport(await salesReportFor(repository, range));
      expect(pushed).toEqual(serializeSalesReport(folded));
      expect(pushed.total_orders).toBeGreaterThan(0);
      for (const limit of [0, 3]) {
        const fold = await topSellersFromOrders(repository.ordersCreatedIn(window, REPORT_ORDER_STATUSES), range, limit, (ids) => repository.getProducts(ids));
        expect(await topSellersFor(repository, range, limit)).toEqual(fold);
      }
    }
  });
});
