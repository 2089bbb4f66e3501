// importShopSnapshot from a streamed JSON snapshot, with progress and cancellation: all or nothing.
import { describe, expect, it } from 'vitest';
import {
  createPostgresRepository,
  importShopSnapshot,
  InvalidSnapshotError,
  migratePostgres,
  serializeShopSnapshot,
  type ImportProgress,
  type PostgresClient,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { TARGETS } from './harness';

const shop = generateDemoShop({ orders: 150, seed: 5 });
const text = JSON.stringify(serializeShopSnapshot(shop));

/** The text in chunks of `size` bytes, as a file stream would give it. */
async function* chunks(source: string, size = 4096): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(source);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const TABLES = ['shop_store', 'shop_products', 'shop_customers', 'shop_coupons', 'shop_orders', 'shop_order_line_items', 'shop_order_notes'];

async function counts(client: PostgresClient): Promise<number[]> {
  const out: number[] = [];
  for (const table of TABLES) {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
    out.push(Number((rows[0] as { n: unknown }).n));
  }
  return out;
}

describe.each(TARGETS)('importShopSnapshot of a stream on $name', (target) => {
  it('imports a streamed snapshot exactly as the same snapshot in memory, reporting monotonic progress', async () => {
    const fromMemory = await target.freshClient();
    await migratePostgres(fromMemory);
    await importShopSnapshot(fromMemory, shop);

    const client = await target.freshClient();
    await migratePostgres(client);
    const seen: ImportProgress[] = [];
    const result = await importShopSnapshot(client, chunks(text), { batchSize: 40, onProgress: (p) => seen.push(p) });
    expect(result).toEqual({ products: shop.products.length, customers: shop.customers.length, coupons: shop.coupons.length, orders: 150 });
    expect(await counts(client)).toEqual(await counts(fromMemory));
    const a = createPostgresRepository({ client });
    const b = createPostgresRepository({ client: fromMemory });
    const page = { offset: 0, limit: 200 };
    expect(await a.listOrders({}, page)).toEqual(await b.listOrders({}, page));
    expect(await a.getStore()).toEqual(await b.getStore());

    expect(seen.map((p) => p.orders)).toEqual([40, 80, 120, 150, 150]);
    expect(seen.map((p) => p.done)).toEqual([false, false, false, false, true]);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]!.bytesRead).toBeGreaterThanOrEqual(seen[i - 1]!.bytesRead);
    expect(seen.at(-1)!.bytesRead).toBe(new TextEncoder().encode(text).length);
  });

  it('reports a streamed import after every batch and at the end, whatever the batch size', async () => {
    const cases: [orders: number, batchSize: number | undefined, expected: number[]][] = [
      [150, 100, [100, 150, 150]],
      [150, undefined, [150, 150]],
      [128, undefined, [128, 128]],
      [150, 64, [64, 128, 150, 150]],
      [150, 150, [150, 150]],
      [150, 7, [...Array.from({ length: 21 }, (_, i) => 7 * (i + 1)), 150, 150]],
    ];
    for (const [n, batchSize, expected] of cases) {
      const client = await target.freshClient();
      await migratePostgres(client);
      const seen: number[] = [];
      const part = JSON.stringify(serializeShopSnapshot({ ...shop, orders: shop.orders.slice(0, n) }));
      const result = await importShopSnapshot(client, chunks(part, 1000), { batchSize, onProgress: (p) => seen.push(p.orders) });
      expect(result.orders).toBe(n);
      expect(seen).toEqual(expected);
      expect((await counts(client))[4]).toBe(n);
    }
  });

  it('reports progress against the total for a snapshot in memory', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const seen: ImportProgress[] = [];
    await importShopSnapshot(client, shop, { batchSize: 100, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { orders: 100, totalOrders: 150, bytesRead: 0, done: false },
      { orders: 150, totalOrders: 150, bytesRead: 0, done: false },
      { orders: 150, totalOrders: 150, bytesRead: 0, done: true },
    ]);
  });

  it('leaves zero rows when aborted mid-import, and the schema imports afterwards', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    for (const source of [() => shop, () => chunks(text)]) {
      const controller = new AbortController();
      const reason = new Error('cancelled by the test');
      const onProgress = (p: ImportProgress) => {
        if (p.orders >= 60) controller.abort(reason);
      };
      await expect(importShopSnapshot(client, source(), { batchSize: 30, onProgress, signal: controller.signal })).rejects.toBe(reason);
      expect(await counts(client)).toEqual(TABLES.map(() => 0));
    }
    const done = new AbortController();
    done.abort();
    await expect(importShopSnapshot(client, shop, { signal: done.signal })).rejects.toThrow();
    await importShopSnapshot(client, chunks(text));
    expect((await counts(client))[4]).toBe(150);
  });

  it('writes nothing from an invalid stream and lists its issues, even when the problem comes late', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const json = serializeShopSnapshot(shop) as any;
    json.orders[140].items[0].quantity = -1;
    json.orders[145].status = 'lost';
    const error = await importShopSnapshot(client, chunks(JSON.stringify(json)), { batchSize: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidSnapshotError);
    expect((error as InvalidSnapshotError).issues.map((i) => i.path.join('.'))).toEqual(['orders.140.items.0.quantity', 'orders.145.status']);
    expect(await counts(client)).toEqual(TABLES.map(() => 0));
    const late = await importShopSnapshot(client, chunks(`${text.slice(0, -1)},"unknown":1}`)).catch((e: unknown) => e);
    expect((late as InvalidSnapshotError).issues.map((i) => i.code)).toEqual(['unknown_field']);
    expect(await counts(client)).toEqual(TABLES.map(() => 0));
    // One order longer than maxValueBytes, the longest of the others exactly as long: refused after two batches were
    // written, and rolled back.
    const fine = serializeShopSnapshot(shop) as any;
    const longest = Math.max(...fine.orders.map((o: unknown) => Buffer.byteLength(JSON.stringify(o))));
    fine.orders[120].customer_note = 'x'.repeat(longest);
    const seen: number[] = [];
    const big = await importShopSnapshot(client, chunks(JSON.stringify(fine)), { batchSize: 50, maxValueBytes: longest, onProgress: (p) => seen.push(p.orders) }).catch(
      (e: unknown) => e,
    );
    expect((big as InvalidSnapshotError).issues.map((i) => [i.code, i.path.join('.')])).toEqual([['too_large', 'orders.120']]);
    expect(seen).toEqual([50, 100]);
    expect(await counts(client)).toEqual(TABLES.map(() => 0));
  });

  it('leaves every index and foreign key as the migration made them, after an import and after a failed one', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    const schemaObjects = async () => {
      const indexes = await client.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`,
      );
      const constraints = await client.query(
        `SELECT conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
          WHERE connamespace = current_schema()::regnamespace ORDER BY conname`,
      );
      return [indexes.rows, constraints.rows];
    };
    const before = await schemaObjects();
    expect((before[1] as { def: string }[]).filter((c) => c.def.startsWith('FOREIGN KEY')).length).toBeGreaterThanOrEqual(7);
    const json = serializeShopSnapshot(shop) as any;
    json.orders[149].id = json.orders[0].id;
    await expect(importShopSnapshot(client, chunks(JSON.stringify(json)), { batchSize: 50 })).rejects.toThrow();
    expect(await schemaObjects()).toEqual(before);
    await importShopSnapshot(client, shop, { batchSize: 50 });
    expect(await schemaObjects()).toEqual(before);
    // The foreign keys are checked again: a line item of a missing order is refused.
    await expect(
      client.query(`INSERT INTO shop_order_notes (order_id, position, id, created_at, content, customer_note, approved, type)
                    VALUES (999999999, 0, 999999999, now(), 'x', false, true, 'order_note')`),
    ).rejects.toThrow();
  });
});

describe.each(TARGETS.filter((t) => t.name !== 'pglite'))('the COPY load on $name', (target) => {
  const statsOf = async (client: PostgresClient) => {
    const { rows } = await client.query(
      `SELECT c.relpages, c.relallvisible, c.reltuples,
              (SELECT count(*) FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = 'shop_orders' AND s.attname = 'status')::int AS status_stats
         FROM pg_class c WHERE c.oid = 'shop_orders'::regclass`,
    );
    return rows[0] as { relpages: number; relallvisible: number; reltuples: number; status_stats: number };
  };

  it('writes frozen, all-visible pages with fresh statistics: nothing left for VACUUM', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, shop, { batchSize: 40 });
    const stats = await statsOf(client);
    expect(stats.relpages).toBeGreaterThan(0);
    expect(stats.relallvisible).toBe(stats.relpages);
    expect(stats.reltuples).toBe(shop.orders.length);
    expect(stats.status_stats).toBe(1);
  });

  it('loads without truncating when a table outside the shop references the orders, and keeps that reference', async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await client.query('CREATE TABLE outside_ref (order_id bigint REFERENCES shop_orders (id))');
    await importShopSnapshot(client, chunks(text), { batchSize: 40 });
    expect(await counts(client)).toEqual(await counts(await loaded()));
    await client.query(`INSERT INTO outside_ref VALUES (${shop.orders[0]!.id})`);
    await expect(client.query('INSERT INTO outside_ref VALUES (999999999)')).rejects.toThrow();
    const stats = await statsOf(client);
    expect(stats.status_stats).toBe(1);
  });

  const loaded = async () => {
    const client = await target.freshClient();
    await migratePostgres(client);
    await importShopSnapshot(client, shop);
    return client;
  };
});

