// importShopSnapshot on a PostgreSQL server (when one answers; DATABASE_URL or 127.0.0.1:5432) and on PGlite, in
// orders per second, against the import as it was before issue 15 measured in the same run (batched
// INSERT ... SELECT FROM unnest, one batch after the other, every index and foreign key maintained row by row; kept
// below as the baseline), interleaved, each run into a fresh schema: the same 200,000-order demo shop from memory,
// and streamed from its JSON file (reading, validating and writing together, as `wc-legacy-api import` does; one order per
// line, so on the server each order goes from its bytes straight into COPY text, see order-json-encoder.ts).
// With a local server it also prints the CPU seconds each way cost the client and the server together.
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { importShopSnapshot, migratePostgres, type PostgresClient, type ShopSnapshot } from 'wc-legacy-api/shop';
import { insertAll, insertBatch, insertOrders } from '../src/shop/repository/postgres/import/import-rows';
import { createPostgresSession } from '../src/shop/repository/postgres/session';
import { COUPONS_TABLE, CUSTOMERS_TABLE, ORDER_CHILD_TABLES, ORDERS_TABLE, PRODUCTS_TABLE, STORE_TABLE } from '../src/shop/repository/postgres/tables';
import { generateDemoShop } from '../examples/demo-shop';
import { writeDemoSnapshotFile } from './demo-snapshot-file';
import { serverUrl } from './postgres-server';

const QUICK = Boolean(process.env.BENCH_QUICK);
const SERVER_ORDERS = QUICK ? 20_000 : 200_000;
const PGLITE_ORDERS = QUICK ? 5_000 : 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const BATCH = 1000;

/** The import before issue 15, as the baseline: the same row encoding, one statement at a time, indexes kept. */
async function baselineImport(client: PostgresClient, snapshot: ShopSnapshot): Promise<void> {
  const session = createPostgresSession(client);
  await session.transaction(async (tx) => {
    await insertBatch(tx, STORE_TABLE, [snapshot.store]);
    await insertAll(tx, PRODUCTS_TABLE, snapshot.products, BATCH * 10);
    await insertAll(tx, CUSTOMERS_TABLE, snapshot.customers, BATCH * 10);
    await insertAll(tx, COUPONS_TABLE, snapshot.coupons, BATCH * 10);
    for (let i = 0; i < snapshot.orders.length; i += BATCH) await insertOrders(tx, snapshot.orders.slice(i, i + BATCH));
    await tx.query(`SELECT setval('shop_order_note_ids', greatest((SELECT coalesce(max(id), 0) FROM shop_order_notes), 1), true)`);
  });
  const list = [STORE_TABLE, PRODUCTS_TABLE, CUSTOMERS_TABLE, COUPONS_TABLE, ORDERS_TABLE, ...ORDER_CHILD_TABLES.map((c) => c.spec)].map((t) => t.table).join(', ');
  await session.rows(`VACUUM (ANALYZE) ${list}`);
}

type Way = 'baseline' | 'memory' | 'stream';
const WAYS: readonly Way[] = ['baseline', 'memory', 'stream'];
const LABEL: Record<Way, string> = {
  baseline: 'before issue 15 (baseline), ShopSnapshot in memory',
  memory: 'importShopSnapshot, ShopSnapshot in memory',
  stream: 'importShopSnapshot, streamed from the JSON file',
};

/**
 * CPU seconds used so far by the local PostgreSQL server's processes (backends, WAL writer, checkpointer...), from
 * /proc; undefined when none is visible (a remote server, another OS). On a shared machine wall times follow the
 * other load, and a way whose client and server work in parallel loses more to it than one that takes turns: the
 * CPU both sides spend is the figure the load does not move.
 */
function serverCpu(): number | undefined {
  let ticks = 0;
  let seen = false;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      seen = true;
    }
  } catch {
    return undefined;
  }
  return seen ? ticks / 100 : undefined; // USER_HZ is 100 on Linux
}

interface Run {
  readonly ms: number;
  /** Client and (local) server CPU seconds, when the server's are visible. */
  readonly cpu: { readonly client: number; readonly server: number } | undefined;
}

async function importOnce(way: Way, client: PostgresClient, shop: ShopSnapshot, file: string, server: boolean): Promise<Run> {
  await migratePostgres(client);
  const serverBefore = server ? serverCpu() : undefined;
  const clientBefore = process.cpuUsage();
  const start = performance.now();
  if (way === 'baseline') await baselineImport(client, shop);
  else await importShopSnapshot(client, way === 'memory' ? shop : createReadStream(file, { highWaterMark: 1 << 20 }), { batchSize: BATCH });
  const ms = performance.now() - start;
  const used = process.cpuUsage(clientBefore);
  const serverAfter = server ? serverCpu() : undefined;
  const cpu =
    serverBefore === undefined || serverAfter === undefined ? undefined : { client: (used.user + used.system) / 1e6, server: serverAfter - serverBefore };
  return { ms, cpu };
}

async function compare(name: string, orders: number, fresh: () => Promise<{ client: PostgresClient; done: () => Promise<void> }>): Promise<void> {
  const shop = generateDemoShop({ orders, seed: 1 });
  const file = await writeDemoSnapshotFile(join(tmpdir(), `wc-legacy-api-demo-${orders}.json`), orders);
  const times = new Map<Way, number[]>(WAYS.map((w) => [w, []]));
  const cpus = new Map<Way, number[]>(WAYS.map((w) => [w, []]));
  const splits = new Map<Way, { client: number; server: number }[]>(WAYS.map((w) => [w, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const way of WAYS) {
      const { client, done } = await fresh();
      try {
        const run = await importOnce(way, client, shop, file, name === 'server');
        times.get(way)!.push(run.ms);
        if (run.cpu !== undefined) {
          cpus.get(way)!.push(run.cpu.client + run.cpu.server);
          splits.get(way)!.push(run.cpu);
        }
      } finally {
        await done();
      }
    }
  }
  const middle = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const median = (w: Way) => middle(times.get(w)!);
  const rate = (w: Way) => (orders * 1000) / median(w);
  console.log(`${name}: ${orders.toLocaleString('en-US')} orders (demo shop, seed 1), batches of ${BATCH}, median of ${ROUNDS} interleaved run(s) each`);
  for (const way of WAYS) {
    const ratio = way === 'baseline' ? '' : `   x${(rate(way) / rate('baseline')).toFixed(1)} the baseline's orders/s`;
    console.log(`  ${LABEL[way].padEnd(52)} ${(median(way) / 1000).toFixed(1).padStart(6)} s  ${Math.round(rate(way)).toLocaleString('en-US').padStart(7)} orders/s${ratio}`);
  }
  // Issue 15's target (on the server), in this run's seconds.
  if (name === 'server') console.log(`  five times the baseline's orders/s is ${(median('baseline') / 5000).toFixed(1)} s or less`);
  if (WAYS.every((w) => cpus.get(w)!.length === ROUNDS)) {
    console.log(`  CPU seconds, client + local PostgreSQL server (median), whatever else the machine runs:`);
    for (const way of WAYS) {
      const cpu = middle(cpus.get(way)!);
      const ratio = way === 'baseline' ? '' : `   x${(middle(cpus.get('baseline')!) / cpu).toFixed(1)} less than the baseline`;
      const split = middle(splits.get(way)!.map((r) => r.client));
      const parts = `(client ${split.toFixed(1)} s, server ${middle(splits.get(way)!.map((r) => r.server)).toFixed(1)} s)`;
      console.log(`  ${LABEL[way].padEnd(52)} ${cpu.toFixed(1).padStart(6)} s CPU ${parts}${ratio}`);
    }
  }
}

export async function run(): Promise<void> {
  const url = await serverUrl();
  if (url === undefined) console.log('server: skipped, no PostgreSQL server reachable (set DATABASE_URL)');
  else {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      let n = 0;
      await compare('server', SERVER_ORDERS, async () => {
        const schema = `bench_import_${Date.now().toString(36)}_${(n += 1)}`;
        await admin.query(`CREATE SCHEMA ${schema}`);
        const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
        return {
          client: pool,
          done: async () => {
            await pool.end();
            await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          },
        };
      });
    } finally {
      await admin.end();
    }
  }
  await compare('pglite', PGLITE_ORDERS, async () => {
    const db = new PGlite();
    await db.waitReady;
    return { client: db, done: () => db.close() };
  });
}
