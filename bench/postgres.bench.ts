// The PostgreSQL repository next to the in-memory one, on the same demo shop: importing the orders, a
// `GET /orders`-style page plus count with filters (and the count alone), and the sales report and top sellers for a
// week and for a year. Runs on
// embedded PGlite always and on a real server when DATABASE_URL is set or one answers on 127.0.0.1:5432 (a
// throw-away schema is created and dropped; BENCH_PGLITE=0 measures the server only). Every figure is printed with its
// ratio to the in-memory figure.
import { PGlite } from '@electric-sql/pglite';
import {
  createMemoryRepository,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  resolveReportRange,
  salesReportFor,
  topSellersFor,
  type OrderFilter,
  type PostgresClient,
  type ReportRange,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../examples/demo-shop';
import { serverUrl, withThrowAwaySchema } from './postgres-server';

const QUICK = Boolean(process.env.BENCH_QUICK);
// Both engines import the 200,000 orders. PGlite (single-threaded WebAssembly) inserts roughly ten times
// slower than the server, so this bench takes a few minutes; BENCH_QUICK=1 shrinks both. Each engine is compared with
// the in-memory repository on the SAME shop, so the ratios stay comparable.
const SERVER_ORDERS = QUICK ? 20_000 : 200_000;
const PGLITE_ORDERS = QUICK ? 5_000 : 200_000;
const REPEAT = QUICK ? 5 : 9;

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: plans, caches, JIT
  const runs: number[] = [];
  for (let i = 0; i < REPEAT; i += 1) runs.push(await time(fn));
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] as number;
}

const fmt = (ms: number) => `${ms >= 100 ? ms.toFixed(0) : ms.toFixed(2)} ms`.padStart(11);

interface Figures {
  load: number;
  page: number;
  count: number;
  searchPage: number;
  weekReport: number;
  report: number;
  weekTopSellers: number;
  topSellers: number;
}

async function measure(repo: ShopRepository, load: number, q: Queries): Promise<Figures> {
  return {
    load,
    page: await median(() => Promise.all([repo.listOrders(q.filter, q.paging), repo.countOrders(q.filter)])),
    count: await median(() => repo.countOrders(q.filter)),
    searchPage: await median(() => Promise.all([repo.listOrders(q.search, q.paging), repo.countOrders(q.search)])),
    weekReport: await median(() => salesReportFor(repo, q.week)),
    report: await median(() => salesReportFor(repo, q.range)),
    weekTopSellers: await median(() => topSellersFor(repo, q.week, 12)),
    topSellers: await median(() => topSellersFor(repo, q.range, 12)),
  };
}

interface Queries {
  readonly week: ReportRange;
  readonly range: ReportRange;
  readonly paging: { offset: number; limit: number };
  readonly filter: OrderFilter;
  readonly search: OrderFilter;
}

/** Measures memory and one PostgreSQL engine on a demo shop of `orders` orders; prints both. */
async function compare(name: string, orders: number, client: () => Promise<PostgresClient>): Promise<void> {
  const shop = generateDemoShop({ orders, seed: 1 });
  const resolved = resolveReportRange({ period: 'year' }, { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone });
  const week = resolveReportRange({ period: 'week' }, { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone });
  if (!resolved.ok || !week.ok) throw new Error('bench: report ranges did not resolve');
  const filter: OrderFilter = {
    statuses: ['processing', 'completed', 'on-hold'],
    createdMin: new Date(DEMO_SHOP_NOW.getTime() - 180 * 86_400_000),
  };
  const q: Queries = { week: week.range, range: resolved.range, paging: { offset: 20, limit: 10 }, filter, search: { ...filter, search: ['müller', 'hoodie'] } };

  let memoryRepo: ShopRepository | undefined;
  const memoryLoad = await time(async () => {
    memoryRepo = createMemoryRepository(shop);
    await salesReportFor(memoryRepo, q.week); // the memory repository builds its report columns on the first report
  });
  const memory = await measure(memoryRepo!, memoryLoad, q);
  memoryRepo = undefined;

  const c = await client();
  const load = await time(async () => {
    await migratePostgres(c);
    await importShopSnapshot(c, shop, { batchSize: 2000 });
  });
  const engine = await measure(createPostgresRepository({ client: c }), load, q);

  const n = orders.toLocaleString('en-US');
  console.log(`${name}: ${n} orders (demo shop, seed 1), median of ${REPEAT}; ratio = ${name} / memory`);
  const row = (what: string, m: number, e: number) =>
    console.log(`  ${what.padEnd(58)} memory ${fmt(m)}   ${name} ${fmt(e)}   x${(e / m).toFixed(1)}`);
  row(`load ${n} orders (memory: index + report columns; SQL: migrate + import)`, memory.load, engine.load);
  row('GET /orders page 3 + count, 3 statuses, 180 days', memory.page, engine.page);
  row('  the count alone (X-WC-Total)', memory.count, engine.count);
  row('  same page plus filter[q] with two terms', memory.searchPage, engine.searchPage);
  row('sales report for a week (7 days)', memory.weekReport, engine.weekReport);
  row(`sales report for a year (${q.range.labels.length} months)`, memory.report, engine.report);
  row('top sellers for a week, limit 12', memory.weekTopSellers, engine.weekTopSellers);
  row('top sellers for a year, limit 12', memory.topSellers, engine.topSellers);
}

export async function run(): Promise<void> {
  if (process.env.BENCH_PGLITE === '0') {
    console.log('pglite: skipped (BENCH_PGLITE=0)');
  } else {
    await runPglite();
  }
  await runServer();
}

async function runPglite(): Promise<void> {
  const db = new PGlite();
  try {
    // Started before timing: the load figure is migrate + import, not the WebAssembly start-up.
    await compare('pglite', PGLITE_ORDERS, async () => {
      await db.waitReady;
      return db;
    });
  } finally {
    await db.close();
  }
}

async function runServer(): Promise<void> {
  const url = await serverUrl();
  if (url === undefined) {
    console.log('server: skipped, no PostgreSQL server reachable (set DATABASE_URL)');
    return;
  }
  await withThrowAwaySchema(url, 'bench', async (pool) => {
    await compare('server', SERVER_ORDERS, async () => pool);
  });
}
