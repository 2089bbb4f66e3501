import { describe, expect, it } from 'vitest';
import { createMemoryRepository } from 'wc-legacy-api/shop';
import type { Order } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';
import { contractShop } from './builders-core';
import { describeRepositoryContract } from './repository-contract';

describeRepositoryContract('memory', (snapshot) => createMemoryRepository(snapshot));

describe('memory repository specifics', () => {
  it('applies 50 concurrent alternating changes in call order: exactly 50 transitions, 50 notes', async () => {
    const repo = createMemoryRepository(contractShop());
    const before = (await repo.getOrder(103)) as Order; // pending
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        repo.updateOrderStatus(103, { status: i % 2 === 0 ? 'processing' : 'on-hold', note: '', at: new Date(Date.UTC(2026, 2, 1, 0, 0, i)) }),
      ),
    );
    const after = (await repo.getOrder(103)) as Order;
    // pending -> processing, then 49 flips between processing and on-hold: 50 real transitions.
    expect(after.notes.length - before.notes.length).toBe(50);
    expect(after.status).toBe('on-hold'); // the 50th change (i = 49) asked for on-hold
  });

  it('never modifies the snapshot it was built from', async () => {
    const snapshot = contractShop();
    const original = snapshot.orders.find((o) => o.id === 102) as Order;
    const repo = createMemoryRepository(snapshot);
    await repo.updateOrderStatus(102, { status: 'cancelled', note: '', at: new Date('2026-02-01T00:00:00Z') });
    expect(snapshot.orders.find((o) => o.id === 102)).toBe(original);
    expect(original.status).toBe('processing');
    expect(original.notes.length).toBe(1);
  });

  it('gives new notes ids above every note id in the shop, not just the order', async () => {
    const snapshot = contractShop();
    const repo = createMemoryRepository(snapshot);
    const highest = Math.max(...snapshot.orders.flatMap((o) => o.notes.map((n) => n.id)));
    const a = await repo.updateOrderStatus(101, { status: 'refunded', note: '', at: new Date('2026-02-01T00:00:00Z') });
    const b = await repo.updateOrderStatus(107, { status: 'pending', note: '', at: new Date('2026-02-01T00:00:00Z') });
    expect(a?.notes.at(-1)?.id).toBe(highest + 1);
    expect(b?.notes.at(-1)?.id).toBe(highest + 2);
  });

  it('serves the stored order objects without copying them', async () => {
    const snapshot = generateDemoShop({ orders: 50, seed: 3 });
    const repo = createMemoryRepository(snapshot);
    const newest = [...snapshot.orders].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)[0] as Order;
    const [first] = await repo.listOrders({}, { offset: 0, limit: 1 });
    expect(first).toBe(newest);
    expect(await repo.getOrder(newest.id)).toBe(newest);
    const streamed: Order[] = [];
    for await (const o of repo.ordersCreatedIn({ start: new Date(0), end: new Date('2100-01-01T00:00:00Z') }, ['completed'])) streamed.push(o);
    expect(streamed.every((o) => snapshot.orders.includes(o))).toBe(true);
    expect(streamed.length).toBe(snapshot.orders.filter((o) => o.status === 'completed').length);
  });

  it('streams report sources that are sync-iterable too, each iteration starting afresh', async () => {
    const snapshot = generateDemoShop({ orders: 80, seed: 5 });
    const repo = createMemoryRepository(snapshot);
    const window = { start: new Date(0), end: new Date('2100-01-01T00:00:00Z') };
    const orders = repo.ordersCreatedIn(window, ['completed', 'processing']);
    const customers = repo.customersRegisteredIn(window, 'customer');
    expect(Symbol.iterator in orders && Symbol.iterator in customers).toBe(true);
    const viaSync = [...(orders as unknown as Iterable<Order>)].map((o) => o.id);
    const viaAsync: number[] = [];
    for await (const o of orders) viaAsync.push(o.id);
    expect(viaAsync).toEqual(viaSync);
    expect(new Set(viaSync)).toEqual(
      new Set(snapshot.orders.filter((o) => o.status === 'completed' || o.status === 'processing').map((o) => o.id)),
    );
    expect([...(customers as unknown as Iterable<{ id: number }>)].map((c) => c.id).sort((a, b) => a - b)).toEqual(
      snapshot.customers.filter((c) => c.role === 'customer').map((c) => c.id).sort((a, b) => a - b),
    );
  });

  it('keeps an iteration of ordersCreatedIn consistent while statuses change', async () => {
    const snapshot = contractShop();
    const repo = createMemoryRepository(snapshot);
    const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-02-01T00:00:00Z') };
    const seen: number[] = [];
    for await (const order of repo.ordersCreatedIn(window, ['completed', 'processing'])) {
      seen.push(order.id);
      // Moving 102 between the two statuses mid-iteration must neither drop nor repeat it.
      await repo.updateOrderStatus(102, { status: order.id % 2 === 0 ? 'completed' : 'processing', note: '', at: new Date('2026-03-01T00:00:00Z') });
    }
    // Completed at the start: 99, 101; processing: 102.
    expect(seen.sort((a, b) => a - b)).toEqual([99, 101, 102]);
  });

  it('rejects nothing and treats a non-positive limit as an empty page', async () => {
    const repo = createMemoryRepository(contractShop());
    expect(await repo.listOrders({}, { offset: 0, limit: 0 })).toEqual([]);
    expect((await repo.listOrders({}, { offset: -5, limit: 1 })).map((o) => o.id)).toEqual([99]);
  });
});
