// Issue 27, item 5: the WooCommerce bridge next to the PostgreSQL repository on the same 100,000-order demo shop
// (seed 1). The bridge reads a store written the way WooCommerce stores it (bench/woocommerce-store.ts, HPOS and
// posts, reused when already written); PostgreSQL holds the same shop imported into a throw-away schema. Rows: the
// default page, counts, the year and week sales reports and top sellers; each prints the median of both and the
// ratio bridge / PostgreSQL (goal <= 2x). Runs only when a MySQL/MariaDB server (MYSQL_URL, or 127.0.0.1:3306) and a
// PostgreSQL server answer. WOOCOMMERCE_BENCH_DATABASE_PREFIX names the stores' databases
// (`<prefix>_hpos_<orders>`), default `wcbench`; WOOCOMMERCE_BENCH_STORAGE=hpos|posts measures one storage;
// WOOCOMMERCE_BENCH_NOCACHE=1 adds an HPOS bridge without the report cache.
import mysql from 'mysql2/promise';
import {
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  resolveReportRange,
  salesReportFor,
  topSellersFor,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import { createWooCommerceRepository, type WooCommerceRepository, type WooCommerceRepositoryOptions } from 'wc-legacy-api/woocommerce';
import { DEMO_SHOP_NOW, generateDemoShop } from '../examples/demo-shop';
import { serverUrl, withThrowAwaySchema } from './postgres-server';
import { writeWooCommerceBenchStore } from './woocommerce-store';

const ORDERS = process.env.BENCH_QUICK ? 20_000 : 100_000;
const MYSQL = process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/';

async function mysqlAnswers(): Promise<boolean> {
  try {
    const c = await mysql.createConnection({ uri: MYSQL, connectTimeout: 1500 });
    await c.end();
    return true;
  } catch {
    return false;
  }
}

// Medians of interleaved runs: each round calls every side once, so all sides see the same machine load. Slow
// rows (a first call over a second) get fewer rounds. Rows whose second call is fast get 10 warm-up rounds first:
// without them the first row's 15 rounds measured V8 still compiling the code (a fresh process's bridge page + count
// takes well over its steady time for its first dozens of calls), which weighed on whichever side runs more JavaScript.
async function medians(sides: readonly ((...a: never[]) => Promise<unknown>)[]): Promise<{ first: number[]; median: number[] }> {
  const first: number[] = [];
  for (const fn of sides) {
    const start = performance.now();
    await fn(); // also the warm-up: plans, caches, the bridge's settings
    first.push(performance.now() - start);
  }
  const again: number[] = [];
  for (const fn of sides) {
    const start = performance.now();
    await fn();
    again.push(performance.now() - start);
  }
  if (Math.max(...again) < 100) for (let r = 1; r < 10; r += 1) for (const fn of sides) await fn();
  const rounds = Math.max(...first) > 1000 ? 3 : Math.max(...first) > 100 ? 7 : 15;
  const runs: number[][] = sides.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, fn] of sides.entries()) {
      const start = performance.now();
      await fn();
      runs[i]!.push(performance.now() - start);
    }
  }
  return { first, median: runs.map((xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number) };
}

const fmt = (ms: number) => `${ms >= 100 ? ms.toFixed(0) : ms.toFixed(2)} ms`.padStart(10);

export async function run(): Promise<void> {
  const url = await serverUrl();
  if (url === undefined || !(await mysqlAnswers())) {
    console.log('woocommerce: skipped, needs a MySQL/MariaDB server (MYSQL_URL) and a PostgreSQL server (DATABASE_URL)');
    return;
  }
  const wanted = process.env.WOOCOMMERCE_BENCH_STORAGE;
  const storages = (['hpos', 'posts'] as const).filter((s) => wanted === undefined || wanted === s);
  const prefix = process.env.WOOCOMMERCE_BENCH_DATABASE_PREFIX || 'wcbench';
  const bridges: { storage: string; repo: WooCommerceRepository }[] = [];
  for (const storage of storages) {
    let last = 0;
    const store = await writeWooCommerceBenchStore({
      orders: ORDERS,
      storage,
      database: `${prefix}_${storage}_${ORDERS}`,
      onProgress: (n) => {
        if (n - last >= 20_000) process.stderr.write(`  ${storage}: ${(last = n).toLocaleString('en-US')} orders written\n`);
      },
    });
    console.log(`${storage}: ${store.database} ${store.reused ? 'reused' : `written in ${store.writeSeconds.toFixed(0)} s`}`);
    // The budget raised so the slow rows are measured, not answered 503; as many connections as the PostgreSQL
    // side's pool (bench/postgres-server.ts: max 4).
    const open = (reportCache: WooCommerceRepositoryOptions['reportCache']) => createWooCommerceRepository({ url: store.url, statementTimeoutMs: 600_000, connectionLimit: 4, reportCache });
    if (storage === 'hpos') {
      // The default (fingerprint checks at most every 5 minutes: a bench row's rounds fit in that), and fingerprints
      // checked on every report (`verifyEveryMs: 0`, the default before). WOOCOMMERCE_BENCH_NOCACHE=1 adds the bridge
      // without the report cache (every report read in full: a year's report takes seconds).
      bridges.push({ storage: 'hpos', repo: open(undefined) }, { storage: 'hpos/verify0', repo: open({ verifyEveryMs: 0 }) });
      if (process.env.WOOCOMMERCE_BENCH_NOCACHE) bridges.push({ storage: 'hpos/nocache', repo: open(false) });
    } else bridges.push({ storage, repo: open(undefined) });
  }

  const shop = generateDemoShop({ orders: ORDERS, seed: 1 });
  const clock = { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone };
  const year = resolveReportRange({ period: 'year' }, clock);
  const week = resolveReportRange({ period: 'week' }, clock);
  if (!year.ok || !week.ok) throw new Error('bench: report ranges did not resolve');
  const rows: [string, (repo: ShopRepository) => Promise<unknown>][] = [
    ['default page + count (GET /orders)', (r) => Promise.all([r.listOrders({}, { offset: 0, limit: 10 }), r.countOrders({})])],
    ['default page: newest 10', (r) => r.listOrders({}, { offset: 0, limit: 10 })],
    ['count, all orders', (r) => r.countOrders({})],
    ['count, status=processing', (r) => r.countOrders({ statuses: ['processing'] })],
    [`sales report for a year (${year.range.labels.length} months)`, (r) => salesReportFor(r, year.range)],
    ['sales report for a week (7 days)', (r) => salesReportFor(r, week.range)],
    ['top sellers for a year, limit 12', (r) => topSellersFor(r, year.range, 12)],
    ['top sellers for a week, limit 12', (r) => topSellersFor(r, week.range, 12)],
  ];

  try {
    await withThrowAwaySchema(url, 'bench_wc', async (pool) => {
      await migratePostgres(pool);
      await importShopSnapshot(pool, shop, { batchSize: 2000 });
      const postgres = createPostgresRepository({ client: pool });
      console.log(`bridge vs PostgreSQL: ${ORDERS.toLocaleString('en-US')} orders (demo shop, seed 1), medians of interleaved runs; ratio = bridge / PostgreSQL (goal <= 2x)`);
      console.log(`  ${''.padEnd(40)} ${'postgres'.padStart(10)}   ${bridges.map((b) => `${b.storage.padStart(12)} ratio  `).join(' ')}`);
      const firsts: string[] = [];
      for (const [what, fn] of rows) {
        const { first, median } = await medians([() => fn(postgres), ...bridges.map((x) => () => fn(x.repo))]);
        const [p, ...b] = median;
        console.log(`  ${what.padEnd(40)} ${fmt(p!)}   ${b.map((ms) => `${fmt(ms).padStart(12)} x${(ms / p!).toFixed(1).padEnd(6)}`).join(' ')}`);
        firsts.push(`  ${what.padEnd(40)} ${fmt(first[0]!)}   ${first.slice(1).map((ms) => `${fmt(ms).padStart(12)}        `).join(' ')}`);
      }
      // The first call of each row: for the cached columns of the reports, the days read and kept.
      console.log('first calls (cache fill):');
      for (const line of firsts) console.log(line);
    });
  } finally {
    for (const b of bridges) await b.repo.close();
  }
}
