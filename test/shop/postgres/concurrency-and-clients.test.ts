// Status changes under concurrency lose no note, on every client kind: a pg Pool (many connections, row locks),
// a single pg Client (the repository serialises its own work), and PGlite as users pass it (its transaction()).
import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import {
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  ORDER_STATUSES,
  type OrderStatus,
  type PostgresClient,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { ALL_CLIENT_TARGETS, ownPglite, SUITE_BUDGET_MS, type PostgresTarget } from './harness';

const shop = generateDemoShop({ orders: 40, seed: 5 });
const CHANGE_PATTERN: readonly OrderStatus[] = ['completed', 'on-hold', 'processing', 'cancelled', 'refunded', 'failed'];

const NOTE_TEXT = /^(?:w\d+ )?Order status changed from ([a-z-]+) to ([a-z-]+)\.$/;

async function hammer(client: PostgresClient): Promise<void> {
  await migratePostgres(client);
  await importShopSnapshot(client, shop);
  const repo = createPostgresRepository({ client, statementTimeoutMs: SUITE_BUDGET_MS });
  const order = shop.orders[0]!;
  const others = shop.orders.slice(1, 5);
  const at = new Date('2026-11-21T09:00:00Z');

  // 30 changes of one order and 20 of four others, all at once.
  const changes = Array.from({ length: 30 }, (_, i) =>
    repo.updateOrderStatus(order.id, { status: CHANGE_PATTERN[i % CHANGE_PATTERN.length]!, note: `w${i}`, at }),
  );
  const side = Array.from({ length: 20 }, (_, i) =>
    repo.updateOrderStatus(others[i % others.length]!.id, { status: ORDER_STATUSES[i % ORDER_STATUSES.length]!, note: '', at }),
  );
  const results = await Promise.all([...changes, ...side]);
  expect(results.every((r) => r !== undefined)).toBe(true);

  const after = (await repo.getOrder(order.id))!;
  const added = after.notes.slice(order.notes.length);
  // Every change whose target differed from the status it found added exactly one note, and the notes form one
  // unbroken chain of transitions from the original status to the final one: nothing lost, nothing interleaved.
  let status: OrderStatus = order.status;
  for (const note of added) {
    const m = NOTE_TEXT.exec(note.content);
    expect(m, note.content).not.toBeNull();
    expect(m![1]).toBe(status);
    status = m![2] as OrderStatus;
  }
  expect(after.status).toBe(status);
  // A change that found its target status already set returns the order unchanged (its last note is someone else's).
  const changedCount = results.slice(0, 30).filter((r, i) => r!.notes.at(-1)?.content.startsWith(`w${i} `)).length;
  expect(added.length).toBe(changedCount);
  expect(added.length).toBeGreaterThan(0);

  // Note ids are unique across every order, even when written concurrently.
  const ids: number[] = [];
  for (const o of [order, ...others]) ids.push(...(await repo.getOrder(o.id))!.notes.map((n) => n.id));
  expect(new Set(ids).size).toBe(ids.length);
}

describe.each(ALL_CLIENT_TARGETS)('concurrent status changes on $name', (target: PostgresTarget) => {
  it('lose no note and keep one unbroken chain of transitions', async () => {
    await hammer(await target.freshClient());
  }, 120_000);
});

describe('PGlite passed as it is', () => {
  let db: PGlite;

  it('migrates, imports, serves and changes status through its own transaction()', async () => {
    db = await ownPglite();
    await hammer(db);
  }, 120_000);

  it('a failing status change rolls back: the status and notes stay as they were', async () => {
    const repo = createPostgresRepository({ client: db });
    const order = shop.orders[10]!; // not touched by the previous test
    // Sabotage the note insert only (a CHECK constraint the note violates), so the UPDATE before it must roll back.
    await db.query(`ALTER TABLE shop_order_notes ADD CONSTRAINT no_notes CHECK (content = '') NOT VALID`);
    const next = order.status === 'completed' ? 'processing' : 'completed';
    await expect(repo.updateOrderStatus(order.id, { status: next, note: 'x', at: new Date() })).rejects.toThrow();
    await db.query('ALTER TABLE shop_order_notes DROP CONSTRAINT no_notes');
    expect(await repo.getOrder(order.id)).toEqual(order);
  });
});
