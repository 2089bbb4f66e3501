// An order page of the WooCommerce bridge is two statements: head rows read straight from the page's id query, then
// every other part of the page's orders (items with meta, notes with meta, refunds with meta, posts meta) in one
// UNION (docs/woocommerce.md, "How a page is read"). Here pages holding the parts' edge cases (an order without any
// line, one with many notes, one with several refunds, one refund without `_refund_amount`) must answer as the memory
// repository answers for the same shop, in both storages, also when the store's tables have different collations
// (WooCommerce creates its tables years after WordPress's, under the server's default of the day; a UNION of
// columns of different collations is an error unless the bridge makes them one).
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Order, type OrderFilter, type Paging, type ShopRepository, type ShopSnapshot } from 'wc-legacy-api/shop';
import { createWooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { Decimal } from 'decimal.js';
import { generateDemoShop } from '../../../examples/demo-shop';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { asStoredByWooCommerce, withWooCommerceIds } from './woocommerce-shape';

const at = (s: string) => new Date(s);

/** The demo shop with the edge cases on its newest orders (the default page's). */
function edgeCaseShop(): ShopSnapshot {
  const shop = generateDemoShop({ seed: 11, orders: 30 });
  const newest = [...shop.orders].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const [bare, chatty, refunded] = [newest[0]!.id, newest[3]!.id, newest[6]!.id];
  const orders = shop.orders.map((o): Order => {
    if (o.id === bare) return { ...o, lineItems: [], shippingLines: [], taxLines: [], feeLines: [], couponLines: [], refunds: [], notes: [] };
    if (o.id === chatty) {
      const notes = Array.from({ length: 40 }, (_, i) => ({
        id: 900_000 + i,
        createdAt: at(`2026-11-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i).padStart(2, '0')}:00Z`),
        content: `Note ${i}: ${'ü'.repeat(i)} "quoted" \\ back\nline`,
        customerNote: i % 3 === 0,
        approved: true,
        type: 'order_note',
      }));
      return { ...o, notes };
    }
    if (o.id === refunded) {
      const refunds = ['1.5', '0.25', '10', '3.333'].map((amount, i) => ({ id: 800_000 + i, createdAt: at(`2026-11-1${i}T08:00:00Z`), amount: new Decimal(amount), reason: i === 1 ? '' : `Reason ${i}` }));
      return { ...o, refunds };
    }
    return o;
  });
  return withWooCommerceIds({ ...shop, orders });
}

const pages: [OrderFilter, Paging][] = [
  [{}, { offset: 0, limit: 10 }],
  [{}, { offset: 3, limit: 5 }],
  [{}, { offset: 25, limit: 10 }],
  [{}, { offset: 0, limit: null }],
  [{}, { offset: 0, limit: 0 }],
  [{ statuses: ['processing', 'completed', 'refunded'] }, { offset: 0, limit: 4 }],
  [{ search: ['nothing-matches-this'] }, { offset: 0, limit: 10 }],
];

// Orders as plain data (Decimal and Date as their JSON), so both repositories' answers compare field by field.
const plain = (orders: readonly (Order | undefined)[]) => JSON.parse(JSON.stringify(orders)) as unknown;

async function expectSamePages(bridge: ShopRepository, memory: ShopRepository, shop: ShopSnapshot): Promise<void> {
  for (const [filter, paging] of pages) {
    expect(plain(await bridge.listOrders(filter, paging)), JSON.stringify([filter, paging])).toEqual(plain(await memory.listOrders(filter, paging)));
  }
  const ids = shop.orders.map((o) => o.id);
  expect(plain(await Promise.all(ids.map((id) => bridge.getOrder(id))))).toEqual(plain(await Promise.all(ids.map((id) => memory.getOrder(id)))));
}

describe.skipIf(MYSQL_URL === undefined)('the WooCommerce bridge reads an order page', () => {
  const shop = edgeCaseShop();
  for (const storage of ['posts', 'hpos'] as const) {
    it(`with orders without lines, with many notes and with refunds, as the memory repository does (${storage})`, async () => {
      const pool = await emptyDatabase();
      await writeWooCommerceShop(pool, shop, { storage, tablePrefix: 'wp_' });
      // A refund whose `_refund_amount` meta is gone: HPOS reads its row's total (stored negative), as WooCommerce does.
      const refund = shop.orders.flatMap((o) => o.refunds).find((r) => r.id >= 800_000 && r.amount.eq('0.25'))!;
      if (storage === 'hpos') await pool.query(`DELETE FROM wp_wc_orders_meta WHERE order_id = ? AND meta_key = '_refund_amount'`, [refund.id]);
      const bridge = createWooCommerceRepository({ pool, storage });
      const memory = createMemoryRepository(asStoredByWooCommerce(shop, storage));
      const newest = await bridge.listOrders({}, { offset: 0, limit: 10 });
      // The page does hold the edge cases.
      expect(newest.some((o) => o.lineItems.length + o.shippingLines.length + o.taxLines.length === 0)).toBe(true);
      expect(newest.some((o) => o.notes.length === 40 && o.notes.some((n) => n.customerNote))).toBe(true);
      expect(newest.some((o) => o.refunds.length === 4)).toBe(true);
      await expectSamePages(bridge, memory, shop);
    });

    // A page read again reads its parts beside its head rows for the ids it answered with last time; when the page
    // changed (here: its newest order and one of the last page's trashed), the answer is still the page's own.
    it(`a page read again after its orders changed (${storage})`, async () => {
      const pool = await emptyDatabase();
      await writeWooCommerceShop(pool, shop, { storage, tablePrefix: 'wp_' });
      const bridge = createWooCommerceRepository({ pool, storage });
      const reads: [OrderFilter, Paging][] = [
        [{}, { offset: 0, limit: 10 }],
        [{}, { offset: 25, limit: 10 }],
      ];
      const memory = createMemoryRepository(asStoredByWooCommerce(shop, storage));
      for (let round = 0; round < 2; round++) {
        for (const [filter, paging] of reads) expect(plain(await bridge.listOrders(filter, paging))).toEqual(plain(await memory.listOrders(filter, paging)));
      }
      const first = await bridge.listOrders({}, { offset: 0, limit: 10 });
      const last = await bridge.listOrders({}, { offset: 25, limit: 10 });
      const trashed = [first[0]!.id, last[1]!.id];
      for (const id of trashed) {
        await pool.query(storage === 'hpos' ? `UPDATE wp_wc_orders SET status = 'trash' WHERE id = ?` : `UPDATE wp_posts SET post_status = 'trash' WHERE ID = ?`, [id]);
      }
      const after = createMemoryRepository(asStoredByWooCommerce({ ...shop, orders: shop.orders.filter((o) => !trashed.includes(o.id)) }, storage));
      for (const [filter, paging] of reads) {
        const page = await bridge.listOrders(filter, paging);
        expect(page.map((o) => o.id).some((id) => trashed.includes(id))).toBe(false);
        expect(plain(page)).toEqual(plain(await after.listOrders(filter, paging)));
      }
    });

    // The line items of a page's orders are kept between reads, and used only while the order's head row shows the
    // same modification time (order-parts-cache.ts): WooCommerce saves the order whenever it changes its items.
    it(`a page read again uses kept lines only while the order is unmodified, never for an order modified just now (${storage})`, async () => {
      const pool = await emptyDatabase();
      await writeWooCommerceShop(pool, shop, { storage, tablePrefix: 'wp_' });
      const bridge = createWooCommerceRepository({ pool, storage });
      const memory = createMemoryRepository(asStoredByWooCommerce(shop, storage));
      const page: [OrderFilter, Paging] = [{}, { offset: 0, limit: 10 }];
      expect(plain(await bridge.listOrders(...page))).toEqual(plain(await memory.listOrders(...page)));
      const order = (await bridge.listOrders(...page)).find((o) => o.lineItems.length > 0)!;
      const item = order.lineItems[0]!;
      const quantityOf = async () => (await bridge.listOrders(...page)).find((o) => o.id === order.id)!.lineItems.find((i) => i.id === item.id)!.quantity;
      const setQuantity = (q: number) => pool.query(`UPDATE wp_woocommerce_order_itemmeta SET meta_value = ? WHERE order_item_id = ? AND meta_key = '_qty'`, [String(q), item.id]);
      const touch = (sql: string) =>
        pool.query(storage === 'hpos' ? `UPDATE wp_wc_orders SET date_updated_gmt = ${sql} WHERE id = ?` : `UPDATE wp_posts SET post_modified_gmt = ${sql} WHERE ID = ?`, [order.id]);
      // A write that does not save the order (a plugin's): the kept lines answer until the order is saved.
      const unkept = createWooCommerceRepository({ pool, storage, keepOrderParts: false });
      await unkept.listOrders(...page);
      await setQuantity(item.quantity + 70);
      expect(await quantityOf()).toBe(item.quantity);
      // Unless told to keep nothing.
      expect((await unkept.listOrders(...page)).find((o) => o.id === order.id)!.lineItems.find((i) => i.id === item.id)!.quantity).toBe(item.quantity + 70);
      // Saved: its modification time moved, so its lines are read again.
      await touch(storage === 'hpos' ? 'date_updated_gmt + INTERVAL 1 SECOND' : 'post_modified_gmt + INTERVAL 1 SECOND');
      expect(await quantityOf()).toBe(item.quantity + 70);
      // Modified just now (a second change could share its second): never kept, every read reads its lines.
      await touch('UTC_TIMESTAMP()');
      expect(await quantityOf()).toBe(item.quantity + 70);
      await setQuantity(item.quantity + 71);
      expect(await quantityOf()).toBe(item.quantity + 71);
      // The rest of the page is as memory's for the same change.
      const others = (await bridge.listOrders(...page)).filter((o) => o.id !== order.id);
      expect(plain(others)).toEqual(plain((await memory.listOrders(...page)).filter((o) => o.id !== order.id)));
    });

    // Posts storage narrows a page to the index range of `post_date` the page's orders must lie in (read-order-page.ts),
    // never leaving one out: orders across the night daylight saving time ends (the local hour repeats, so `post_date`
    // and `post_date_gmt` order them differently), in the zones furthest ahead of and behind UTC, and with an order
    // whose dates disagree (then the page is read as before). Every page of 5 equals memory's.
    it(`pages sorted by the GMT time whatever the local dates say (${storage})`, { timeout: 120_000 }, async () => {
      const base = generateDemoShop({ seed: 13, orders: 40 });
      const shift = (o: Order, at: Date): Order => {
        const d = at.getTime() - o.createdAt.getTime();
        const move = (x: Date) => new Date(x.getTime() + d);
        return {
          ...o,
          createdAt: at,
          updatedAt: move(o.updatedAt),
          completedAt: o.completedAt && move(o.completedAt),
          payment: { ...o.payment, paidAt: o.payment.paidAt && move(o.payment.paidAt) },
          notes: o.notes.map((n) => ({ ...n, createdAt: move(n.createdAt) })),
          refunds: o.refunds.map((r) => ({ ...r, createdAt: move(r.createdAt) })),
        };
      };
      const cases: [string, number][] = [['Europe/Berlin', Date.parse('2026-10-25T00:00:00Z')], ['Pacific/Kiritimati', Date.parse('2026-06-01T00:00:00Z')], ['Etc/GMT+12', Date.parse('2026-06-01T00:00:00Z')]];
      for (const [timeZone, start] of cases) {
        // Every 7 minutes from `start`: over Berlin's repeated hour 02:00-03:00 (00:00-02:00 UTC).
        const orders = base.orders.map((o, i) => shift(o, new Date(start + i * 7 * 60_000)));
        const shop = withWooCommerceIds({ ...base, store: { ...base.store, timeZone }, orders });
        const pool = await emptyDatabase();
        await writeWooCommerceShop(pool, shop, { storage, tablePrefix: 'wp_' });
        const bridge = createWooCommerceRepository({ pool, storage });
        const memory = createMemoryRepository(asStoredByWooCommerce(shop, storage));
        const pageOf = async (r: ShopRepository, offset: number) => (await r.listOrders({}, { offset, limit: 5 })).map((o) => o.id);
        for (let offset = 0; offset < 40; offset += 3) expect(await pageOf(bridge, offset), `${timeZone} offset ${offset}`).toEqual(await pageOf(memory, offset));
      }
      if (storage === 'posts') {
        // Orders two days apart (the window of 26 hours holds only the page's own) and the newest one's GMT date
        // WordPress's zero date: the window's argument fails for it, so the page is read without the window, and the
        // order it sorts last is replaced by the next one.
        const sparse = withWooCommerceIds({ ...base, orders: base.orders.map((o, i) => shift(o, new Date(Date.parse('2026-01-01T12:00:00Z') + i * 2 * 86_400_000))) });
        const pool = await emptyDatabase();
        await writeWooCommerceShop(pool, sparse, { storage, tablePrefix: 'wp_' });
        const bridge = createWooCommerceRepository({ pool, storage });
        const newest = (await createMemoryRepository(asStoredByWooCommerce(sparse, storage)).listOrders({}, { offset: 0, limit: 1 }))[0]!;
        await pool.query(`UPDATE wp_posts SET post_date_gmt = '0000-00-00 00:00:00' WHERE ID = ?`, [newest.id]);
        const page = (await bridge.listOrders({}, { offset: 0, limit: 5 })).map((o) => o.id);
        expect(page).not.toContain(newest.id);
        expect(page).toHaveLength(5);
      }
    });

    if (storage === 'posts') {
      // The window's bound is kept per statuses and depth and the next page is read with it while the window is read
      // again beside it (read-order-page.ts). Orders two days apart, so each change below moves the N-th newest `post_date`
      // back by more than the window's 26 hours: a status change leaving a status page, a trash, an order moved back
      // in time. Each time the page read with the kept bound would miss an order, and must be read again.
      it('a page read again after the kept window bound stopped holding (posts)', async () => {
        const base = generateDemoShop({ seed: 17, orders: 30 });
        const day = 86_400_000;
        const orders = base.orders.map((o, i): Order => ({ ...o, status: i % 2 === 0 ? 'processing' : 'completed', createdAt: new Date(Date.parse('2026-03-01T12:00:00Z') + i * 2 * day) }));
        const sparse = withWooCommerceIds({ ...base, orders });
        const pool = await emptyDatabase();
        await writeWooCommerceShop(pool, sparse, { storage, tablePrefix: 'wp_' });
        const bridge = createWooCommerceRepository({ pool, storage });
        let current = sparse;
        const reads: [OrderFilter, Paging][] = [
          [{ statuses: ['processing'] }, { offset: 0, limit: 4 }],
          [{}, { offset: 2, limit: 3 }],
        ];
        const expectSame = async (what: string) => {
          const memory = createMemoryRepository(asStoredByWooCommerce(current, storage));
          for (const [filter, paging] of reads) {
            expect((await bridge.listOrders(filter, paging)).map((o) => o.id), `${what} ${JSON.stringify([filter, paging])}`).toEqual((await memory.listOrders(filter, paging)).map((o) => o.id));
          }
        };
        const change = (id: number, f: (o: Order) => Order) => (current = { ...current, orders: current.orders.map((o) => (o.id === id ? f(o) : o)) });
        await expectSame('first read');
        await expectSame('read again');
        const newest = (await bridge.listOrders({ statuses: ['processing'] }, { offset: 0, limit: 1 }))[0]!;
        await pool.query(`UPDATE wp_posts SET post_status = 'wc-completed' WHERE ID = ?`, [newest.id]);
        change(newest.id, (o) => ({ ...o, status: 'completed' }));
        await expectSame('after a status change');
        const top = (await bridge.listOrders({}, { offset: 0, limit: 1 }))[0]!;
        await pool.query(`UPDATE wp_posts SET post_status = 'trash' WHERE ID = ?`, [top.id]);
        current = { ...current, orders: current.orders.filter((o) => o.id !== top.id) };
        await expectSame('after a trash');
        const moved = (await bridge.listOrders({}, { offset: 0, limit: 1 }))[0]!;
        await pool.query(`UPDATE wp_posts SET post_date = post_date - INTERVAL 400 DAY, post_date_gmt = post_date_gmt - INTERVAL 400 DAY WHERE ID = ?`, [moved.id]);
        change(moved.id, (o) => ({ ...o, createdAt: new Date(o.createdAt.getTime() - 400 * day) }));
        await expectSame('after an order moved back');
      });

      // Posts storage keeps an order's own meta (totals, addresses) with its line items, under the same rule: used only
      // while `post_modified_gmt` stands (WooCommerce moves it on every save before it writes the meta).
      it('a page read again uses kept order meta only while the order is unmodified (posts)', async () => {
        const pool = await emptyDatabase();
        await writeWooCommerceShop(pool, shop, { storage, tablePrefix: 'wp_' });
        const bridge = createWooCommerceRepository({ pool, storage });
        const page: [OrderFilter, Paging] = [{}, { offset: 0, limit: 10 }];
        const order = (await bridge.listOrders(...page))[2]!;
        const emailOf = async (r: ShopRepository) => (await r.listOrders(...page)).find((o) => o.id === order.id)!.billing.email;
        expect(await emailOf(bridge)).toBe(order.billing.email);
        await pool.query(`UPDATE wp_postmeta SET meta_value = 'changed@example.com' WHERE post_id = ? AND meta_key = '_billing_email'`, [order.id]);
        // A plugin's write that does not save the order: the kept meta answers until the order is saved.
        expect(await emailOf(bridge)).toBe(order.billing.email);
        expect(await emailOf(createWooCommerceRepository({ pool, storage, keepOrderParts: false }))).toBe('changed@example.com');
        await pool.query(`UPDATE wp_posts SET post_modified_gmt = post_modified_gmt + INTERVAL 1 SECOND WHERE ID = ?`, [order.id]);
        expect(await emailOf(bridge)).toBe('changed@example.com');
      });
    }

    // The parts of more than 1,000 orders are read 1,000 orders a statement (each statement repeats the ids).
    it(`a list of all orders past 1,000 (${storage})`, { timeout: 120_000 }, async () => {
      const big = withWooCommerceIds(generateDemoShop({ seed: 5, orders: 1_050 }));
      const pool = await emptyDatabase();
      await writeWooCommerceShop(pool, big, { storage, tablePrefix: 'wp_', batchSize: 500 });
      const bridge = createWooCommerceRepository({ pool, storage });
      const memory = createMemoryRepository(asStoredByWooCommerce(big, storage));
      const all = await bridge.listOrders({}, { offset: 0, limit: null });
      expect(all).toHaveLength(big.orders.length);
      expect(plain(all)).toEqual(plain(await memory.listOrders({}, { offset: 0, limit: null })));
      // The posts window at its limit (a page reaching 1,000 orders deep, read twice: the second with the kept bound)
      // and just past it (read as before).
      for (const paging of [{ offset: 990, limit: 10 }, { offset: 990, limit: 10 }, { offset: 991, limit: 10 }]) {
        expect((await bridge.listOrders({}, paging)).map((o) => o.id), JSON.stringify(paging)).toEqual((await memory.listOrders({}, paging)).map((o) => o.id));
      }
    });

    it(`when the store's tables have different collations (${storage})`, async () => {
      const pool = await emptyDatabase();
      await writeWooCommerceShop(pool, shop, { storage, tablePrefix: 'wp_' });
      const collations: [string, string][] = [
        ['wp_woocommerce_order_items', 'utf8mb4_general_ci'],
        ['wp_woocommerce_order_itemmeta', 'utf8mb4_unicode_520_ci'],
        ['wp_comments', 'utf8mb4_bin'],
        ['wp_postmeta', 'utf8mb4_general_ci'],
        ...(storage === 'hpos' ? ([['wp_wc_orders_meta', 'utf8mb4_bin']] as [string, string][]) : []),
      ];
      for (const [table, collation] of collations) await pool.query(`ALTER TABLE ${table} CONVERT TO CHARACTER SET utf8mb4 COLLATE ${collation}`);
      const bridge = createWooCommerceRepository({ pool, storage });
      await expectSamePages(bridge, createMemoryRepository(asStoredByWooCommerce(shop, storage)), shop);
    });
  }
});
