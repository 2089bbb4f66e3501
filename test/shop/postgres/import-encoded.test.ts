// The streamed COPY import takes orders laid out one per line, as serializeShopSnapshot writes each, straight from
// their bytes (order-json-encoder.ts), and parses the others: the tables must come out exactly as from the same shop
// in memory, whichever way each order went, and a bad order late in the file must still leave nothing written.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importShopSnapshot, InvalidSnapshotError, migratePostgres, serializeShopSnapshot, type PostgresClient } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { OrderJsonEncoder } from '../../../src/shop/repository/postgres/import/order-json-encoder';
import { POOL_TARGET, TARGETS } from './harness';

const demo = generateDemoShop({ orders: 400, seed: 11 });
// Beside the demo orders: one whose rows outgrow the encoder's first buffers (a long note, 40 items of distinct
// products in descending order, more than its few-products grouping holds) and one whose id is near 2^53.
const big = demo.orders[7]!;
const item = big.lineItems[0]!;
const shop = {
  ...demo,
  orders: demo.orders.map((o, i) => {
    if (i === 7) {
      const lineItems = Array.from({ length: 40 }, (_, k) => ({ ...item, id: 9_000_000 + k, productId: 500_000 - k, variationId: null }));
      return { ...big, customerNote: `Grüße ${'a long note; '.repeat(300)}`, lineItems };
    }
    return i === 8 ? { ...o, id: 9_007_199_254_740_945 } : o;
  }),
};
const json = serializeShopSnapshot(shop);

/** The snapshot with one order per line; `edit` may rewrite an order's line (by index). */
function lines(edit: (line: string, i: number) => string = (line) => line): string {
  const { orders, ...head } = json;
  const body = orders.map((o, i) => edit(JSON.stringify(o), i)).join(',\n');
  return `${JSON.stringify(head).slice(0, -1)},"orders":[\n${body}\n]}\n`;
}

async function* chunks(text: string, size = 8192): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const TABLES = ['shop_store', 'shop_products', 'shop_customers', 'shop_coupons', 'shop_orders', 'shop_order_line_items', 'shop_order_shipping_lines',
  'shop_order_tax_lines', 'shop_order_fee_lines', 'shop_order_coupon_lines', 'shop_order_refunds', 'shop_order_notes'];

/** Every row of every shop table as text, sorted: what two imports must agree on. */
async function dump(client: PostgresClient): Promise<string[][]> {
  const out: string[][] = [];
  for (const table of TABLES) {
    const { rows } = await client.query(`SELECT t::text AS row FROM ${table} t ORDER BY 1`);
    out.push(rows.map((r) => String((r as { row: unknown }).row)));
  }
  return out;
}

// Orders the encoder declines, each for another reason, taking the parse path in the same import: the same values
// written otherwise (a space, an escape, pretty-printed, an instant with an offset).
const DETOURS: Record<number, (line: string) => string> = {
  3: (line) => line.replace('"status":', '"status" :'),
  50: (line) => line.replace(/"number":"(\d)/, (_, d: string) => `"number":"\\u003${d}`),
  51: (line) => JSON.stringify(JSON.parse(line), null, 1).replace(/\n/g, ' '),
  399: (line) => line.replace(/"created_at":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z"/, '"created_at":"$1+00:00"'),
};

afterEach(() => vi.restoreAllMocks());

describe.each(TARGETS)('importShopSnapshot of orders laid out one per line on $name', (target) => {
  it('writes the same rows as the import of the same shop in memory, orders encoded from their bytes or parsed alike', async () => {
    const fromMemory = await target.freshClient();
    await migratePostgres(fromMemory);
    await importShopSnapshot(fromMemory, shop);

    const encode = vi.spyOn(OrderJsonEncoder.prototype, 'encode');
    const client = await target.freshClient();
    await migratePostgres(client);
    const text = lines((line, i) => DETOURS[i]?.(line) ?? line);
    const size = 64 * 1024;
    const result = await importShopSnapshot(client, chunks(text, size), { batchSize: 64 });
    expect(result.orders).toBe(shop.orders.length);
    expect(await dump(client)).toEqual(await dump(fromMemory));
    // COPY (a server) encodes; PGlite's INSERT path never does. An order that a chunk cuts is scanned and parsed
    // (at most one per chunk boundary), and the detours are declined.
    const taken = encode.mock.results.filter((r) => r.type === 'return' && r.value !== undefined).length;
    const boundaries = Math.ceil(new TextEncoder().encode(text).length / size) - 1;
    if (target === POOL_TARGET) {
      expect(taken).toBeLessThanOrEqual(shop.orders.length - Object.keys(DETOURS).length);
      expect(taken).toBeGreaterThanOrEqual(shop.orders.length - Object.keys(DETOURS).length - boundaries);
      expect(encode.mock.calls.length - taken).toBeGreaterThanOrEqual(Object.keys(DETOURS).length);
    } else expect(encode).not.toHaveBeenCalled();
  });

  it('leaves nothing written when an encoded order late in the file repeats a line id of an earlier one', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const firstLineId = json.orders[0]!.items![0]!.id;
    const text = lines((line, i) => (i === 390 ? line.replace(/"items":\[\{"id":\d+/, `"items":[{"id":${firstLineId}`) : line));
    const failure = await importShopSnapshot(client, chunks(text), { batchSize: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidSnapshotError);
    expect((failure as InvalidSnapshotError).issues.map((i) => i.path.slice(0, 3))).toContainEqual(['orders', 390, 'items']);
    for (const rows of await dump(client)) expect(rows).toEqual([]);
  });

  it('rolls back when aborted while orders are being encoded', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const controller = new AbortController();
    const reason = new Error('stop');
    const onProgress = (p: { orders: number }) => {
      if (p.orders >= 200) controller.abort(reason);
    };
    await expect(importShopSnapshot(client, chunks(lines()), { batchSize: 50, onProgress, signal: controller.signal })).rejects.toBe(reason);
    for (const rows of await dump(client)) expect(rows).toEqual([]);
  });
});
