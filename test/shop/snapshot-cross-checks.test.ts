// Duplicate ids are found wherever the registry keeps an id (a typed array for dense ids, a Map for the rest), with
// the first use named: held to a plain Map of first uses on random id sequences mixing dense, sparse and odd ids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossCheckSnapshot } from '../../src/shop/snapshot/cross-checks';

const id = fc.oneof(
  fc.integer({ min: 1, max: 50 }),
  fc.integer({ min: 0, max: 300_000 }),
  fc.constantFrom(0, -1, -0, 2 ** 31, 2 ** 53 - 1, 65_535, 65_536, 65_537, 1e9),
);

describe('cross-checks: duplicate ids', () => {
  it('report every reuse with its first use, as a Map of first uses would (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(id, fc.array(id, { maxLength: 40 })), { maxLength: 60 }), (orders) => {
        const raw = { orders: orders.map(([orderId, lines]) => ({ id: orderId, items: lines.map((l) => ({ id: l })) })) };
        const expected: unknown[] = [];
        const firstOrder = new Map<number, number>();
        orders.forEach(([orderId], o) => {
          const first = firstOrder.get(orderId);
          if (first === undefined) firstOrder.set(orderId, o);
          else expected.push({ code: 'duplicate_id', path: ['orders', o, 'id'], message: `duplicate order id ${orderId} (first used at orders[${first}])` });
        });
        const firstLine = new Map<number, string>();
        orders.forEach(([, lines], o) => {
          lines.forEach((lineId, l) => {
            const first = firstLine.get(lineId);
            if (first === undefined) firstLine.set(lineId, `orders[${o}].items[${l}]`);
            else expected.push({ code: 'duplicate_id', path: ['orders', o, 'items', l, 'id'], message: `duplicate order line id ${lineId} (first used at ${first})` });
          });
        });
        expect(crossCheckSnapshot(raw)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('find a reuse of an id kept in the Map after the array has grown past it', () => {
    const lines = Array.from({ length: 140_000 }, (_, i) => ({ id: i + 1 }));
    const raw = { orders: [{ id: 1, items: [{ id: 200_000 }] }, { id: 2, items: lines }, { id: 3, items: [{ id: 200_000 }, { id: 139_999 }] }] };
    expect(crossCheckSnapshot(raw).map((i) => i.message)).toEqual([
      'duplicate order line id 200000 (first used at orders[0].items[0])',
      'duplicate order line id 139999 (first used at orders[1].items[139998])',
    ]);
  });

  it('keeps ids that arrive just inside the dense array room without copying it for each (300,000 at stride 4)', () => {
    // The array once grew by a few entries per new id here, copying itself each time: quadratic, about 10 s for
    // 100,000 ids, so this many would outlast the test timeout.
    const orders = Array.from({ length: 300_000 }, (_, i) => ({ id: 65_539 + 4 * i }));
    const raw = { orders: [...orders, { id: 65_539 + 4 * 299_999 }] };
    expect(crossCheckSnapshot(raw).map((i) => i.message)).toEqual([`duplicate order id ${65_539 + 4 * 299_999} (first used at orders[299999])`]);
  });
});
