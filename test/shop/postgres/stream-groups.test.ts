// How a streamed import hands orders to its writer (streamOrders): in document order, in groups no larger than asked
// that never straddle a batch, a batch's end marked exactly after every `batchSize` orders and after the last order.
// The import's own tests see this only through onProgress, and on PGlite (no COPY) the groups are the batches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeShopSnapshot } from 'wc-legacy-api/shop';
import type { OrderIdSkeleton } from '../../../src/shop/repository/postgres/import/order-json-encoder';
import { streamOrders } from '../../../src/shop/repository/postgres/import/stream-orders';
import { generateDemoShop } from '../../../examples/demo-shop';

const shop = generateDemoShop({ orders: 150, seed: 9 });

async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('streamOrders', () => {
  // `mixed`: an encoder takes the orders with even ids from their bytes (as the COPY import's does, when it can), so
  // a group holds models and ids of written orders; they count alike, and each comes once.
  it('writes every order once, in order, in groups within batches, ending each batch and the last (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 100 }), fc.boolean(), async (n, batch, group, mixed) => {
        // One order per line, so the layout shows where each ends and the encoder is offered them.
        const { orders, ...head } = serializeShopSnapshot({ ...shop, orders: shop.orders.slice(0, n) });
        const text = `${JSON.stringify(head).slice(0, -1)},"orders":[\n${orders.map((o) => JSON.stringify(o)).join(',\n')}\n]}`;
        const calls: { ids: number[]; end: boolean }[] = [];
        const encode = (bytes: Uint8Array) => {
          const order = JSON.parse(new TextDecoder().decode(bytes)) as OrderIdSkeleton;
          return order.id % 2 === 0 ? order : undefined;
        };
        const write = async (orders: readonly { id: number }[], encoded: readonly { id: number }[], end: boolean) =>
          void calls.push({ ids: [...orders, ...encoded].map((o) => o.id), end });
        let offered = 0;
        const counted = (bytes: Uint8Array) => {
          offered += 1;
          return encode(bytes);
        };
        const read = await streamOrders(chunks(text, 4096), batch, group, {}, write, () => undefined, mixed ? counted : undefined);
        expect(read.products).toHaveLength(shop.products.length);
        // (Orders a chunk cuts are read byte by byte, not offered: at most one per chunk.)
        if (mixed && n > 0) expect(offered).toBeGreaterThanOrEqual(n - Math.ceil(text.length / 4096));
        const ids = calls.flatMap((c) => c.ids);
        const expected = shop.orders.slice(0, n).map((o) => o.id);
        if (mixed) expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
        else expect(ids).toEqual(expected);
        let written = 0;
        calls.forEach((call, k) => {
          const last = k === calls.length - 1;
          expect(call.ids.length).toBeLessThanOrEqual(group);
          const batchOf = (i: number) => Math.floor(i / batch);
          if (call.ids.length > 0) expect(batchOf(written)).toBe(batchOf(written + call.ids.length - 1));
          else expect(last).toBe(true); // (the stream's end closes a batch whose orders were all written)
          written += call.ids.length;
          // A batch ends when it is full, and the last one when the stream does.
          expect(call.end).toBe(written % batch === 0 || last);
        });
        expect(written).toBe(n);
        expect(calls.filter((c) => c.end)).toHaveLength(Math.ceil(n / batch));
      }),
      { numRuns: 60 },
    );
  });
});
