// Issue 24, item 9: PostgreSQL next to the in-memory repository at 100,000 orders (the demo shop, seed 1) for the
// reports (a year and a week of the sales report and of top sellers), the listing counts (all orders, one status, and
// a filtered count for contrast) and the default page (GET /orders: the newest 10 and X-WC-Total). Both answer the
// same calls on the same shop, measured in the same run; each row prints the ratio server / memory (goal <= 2x for
// the reports). The last rows are what a client sees: the same requests through createShopApi's handle() (consumer
// key auth, routing, the repository, serialization to the JSON body), so the ratio is not against a bare in-memory
// lookup. On a real server only (DATABASE_URL, or one on 127.0.0.1:5432), in a throw-away schema.
import {
  createConsumerKeyAuth,
  createMemoryKeyStore,
  createMemoryRepository,
  createShopApi,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  resolveReportRange,
  salesReportFor,
  SHOP_MANAGER_CAPABILITIES,
  topSellersFor,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../examples/demo-shop';
import { serverUrl, withThrowAwaySchema } from './postgres-server';

const ORDERS = process.env.BENCH_QUICK ? 20_000 : 100_000;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 21);

const middle = (runs: number[]): number => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] as number;

// Medians of `a` and `b`, run alternately (a, b, a, b, ...), so load from other processes falls on both alike.
async function medians(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 6; i += 1) await (i % 2 === 0 ? a : b)(); // warm-up: plans, prepared statements, report columns
  const runs: [number[], number[]] = [[], []];
  for (let i = 0; i < REPEAT; i += 1) {
    for (const k of [0, 1] as const) {
      const start = performance.now();
      await (k === 0 ? a : b)();
      runs[k].push(performance.now() - start);
    }
  }
  return [middle(runs[0]), middle(runs[1])];
}

// One API per repository, as a deployment builds it: consumer keys checked on every request (HTTP Basic over HTTPS;
// the keys in memory on both sides, so the rows compare the repositories, not key stores: a PostgreSQL key store
// adds its own look-up), the store settings given, the demo shop's clock.
function handlerFor(repository: ShopRepository, store: ShopSnapshot['store']): (url: string) => Promise<unknown> {
  const keys = createMemoryKeyStore();
  const pair = keys.createKey({ permissions: 'read', caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } });
  const api = createShopApi({
    repository,
    store,
    now: () => DEMO_SHOP_NOW,
    authenticate: createConsumerKeyAuth({ keys, siteUrl: 'https://shop.example', now: () => DEMO_SHOP_NOW }),
  });
  const authorization = `Basic ${Buffer.from(`${pair.consumerKey}:${pair.consumerSecret}`).toString('base64')}`;
  return async (url) => {
    const res = await api.handle({ method: 'GET', url, secure: true, headers: { authorization } });
    if (res.status !== 200) throw new Error(`bench: ${url} answered ${res.status}: ${res.body}`);
    return res.body;
  };
}

const fmt = (ms: number) => `${ms >= 100 ? ms.toFixed(0) : ms.toFixed(2)} ms`.padStart(10);

export async function run(): Promise<void> {
  const url = await serverUrl();
  if (url === undefined) {
    console.log('server: skipped, no PostgreSQL server reachable (set DATABASE_URL)');
    return;
  }
  const shop = generateDemoShop({ orders: ORDERS, seed: 1 });
  const clock = { now: DEMO_SHOP_NOW, timeZone: shop.store.timeZone };
  const year = resolveReportRange({ period: 'year' }, clock);
  const week = resolveReportRange({ period: 'week' }, clock);
  if (!year.ok || !week.ok) throw new Error('bench: report ranges did not resolve');
  const offHour = { ...year.range, start: new Date(year.range.start.getTime() + 3_600_000) };
  const filtered = { statuses: ['processing', 'completed', 'on-hold'] as const, createdMin: new Date(DEMO_SHOP_NOW.getTime() - 180 * 86_400_000) };
  const handlers = new Map<ShopRepository, (url: string) => Promise<unknown>>();
  const via = (url: string) => (r: ShopRepository) => handlers.get(r)!(url);
  const rows: [string, (repo: ShopRepository) => Promise<unknown>][] = [
    // The floor of any request on the server: one one-row SELECT in its budget transaction (BEGIN, the settings, the
    // statement, COMMIT: one query, one round trip, on a pool), against a memory lookup.
    ['store settings (one-row SELECT: the fixed cost of a request)', (r) => r.getStore()],
    [`sales report for a year (${year.range.labels.length} months)`, (r) => salesReportFor(r, year.range)],
    // The same year from 01:00: not whole days, so the server sums one index entry per order (migration 3's path).
    ['  the year from 01:00 (per order, as before the day rows)', (r) => salesReportFor(r, offHour)],
    ['sales report for a week (7 days)', (r) => salesReportFor(r, week.range)],
    ['top sellers for a year, limit 12', (r) => topSellersFor(r, year.range, 12)],
    ['  the year from 01:00 (per order, as before the day rows)', (r) => topSellersFor(r, offHour, 12)],
    ['top sellers for a week, limit 12', (r) => topSellersFor(r, week.range, 12)],
    ['count, all orders (GET /orders X-WC-Total)', (r) => r.countOrders({})],
    ['count, status=processing', (r) => r.countOrders({ statuses: ['processing'] })],
    ['count, 3 statuses + 180 days (per order, for contrast)', (r) => r.countOrders(filtered)],
    ['default page: newest 10', (r) => r.listOrders({}, { offset: 0, limit: 10 })],
    ['default page + count (GET /orders)', (r) => Promise.all([r.listOrders({}, { offset: 0, limit: 10 }), r.countOrders({})])],
    // What GET /orders asks where the repository has orderPage (both do): page, total and products in one call.
    ['orderPage: default page + count + products (one statement)', (r) => r.orderPage!({}, { offset: 0, limit: 10 })],
    // What a client sees (auth, routing, serialization included): the JSON body of each request.
    ['handle() GET /orders (default page, X-WC-Total)', via('/wc-api/v1/orders')],
    ['handle() GET /orders/count', via('/wc-api/v1/orders/count')],
    ['handle() GET /reports/sales?filter[period]=year', via('/wc-api/v1/reports/sales?filter[period]=year')],
    ['handle() GET /reports/sales?filter[period]=week', via('/wc-api/v1/reports/sales?filter[period]=week')],
    ['handle() GET /reports/sales/top_sellers, year', via('/wc-api/v1/reports/sales/top_sellers?filter[period]=year')],
    ['handle() GET /reports/sales/top_sellers, week', via('/wc-api/v1/reports/sales/top_sellers?filter[period]=week')],
  ];

  const memory = createMemoryRepository(shop);
  await withThrowAwaySchema(url, 'bench', async (pool) => {
    await migratePostgres(pool);
    await importShopSnapshot(pool, shop, { batchSize: 2000 });
    const server = createPostgresRepository({ client: pool });
    handlers.set(memory, handlerFor(memory, shop.store));
    handlers.set(server, handlerFor(server, shop.store));
    // The two APIs must serve the same bodies for the rows to compare the same work.
    for (const url of ['/wc-api/v1/orders', '/wc-api/v1/reports/sales?filter[period]=year', '/wc-api/v1/reports/sales/top_sellers?filter[period]=week']) {
      if ((await handlers.get(memory)!(url)) !== (await handlers.get(server)!(url))) throw new Error(`bench: ${url} differs between memory and server`);
    }
    // orderPage answers what the three calls answer.
    const three = await Promise.all([server.listOrders({}, { offset: 0, limit: 10 }), server.countOrders({})]);
    const one = await server.orderPage!({}, { offset: 0, limit: 10 });
    if (JSON.stringify([one.orders, one.total]) !== JSON.stringify(three)) throw new Error('bench: orderPage differs from listOrders + countOrders');
    const n = ORDERS.toLocaleString('en-US');
    console.log(`server vs memory: ${n} orders (demo shop, seed 1), medians of ${REPEAT}, run alternately; ratio = server / memory`);
    for (const [what, fn] of rows) {
      const [m, s] = await medians(() => fn(memory), () => fn(server));
      console.log(`  ${what.padEnd(60)} memory ${fmt(m)}   server ${fmt(s)}   x${(s / m).toFixed(1)}`);
    }
    // The same server with and without named prepared statements, alternately: what they save per call, measured
    // against a baseline taken in the same moments (the rows above move with the machine's load).
    const plain = createPostgresRepository({ client: pool, preparedStatements: false });
    console.log(`prepared vs plain statements, same server and pool, medians of ${REPEAT}, run alternately; ratio = prepared / plain`);
    for (const [what, fn] of rows) {
      if (what.startsWith('  ') || what.startsWith('handle()') || what.startsWith('count, 3')) continue;
      const [u, p] = await medians(() => fn(plain), () => fn(server));
      console.log(`  ${what.padEnd(60)} plain  ${fmt(u)}   prepared ${fmt(p)}   x${(p / u).toFixed(2)}`);
    }
    // What one round trip per prepared read saves: the same statements as the driver's named statements (BEGIN with
    // the settings, then the statement), against the default (all in one query).
    const protocol = createPostgresRepository({ client: pool, preparedStatements: 'protocol' });
    console.log(`one query vs two round trips per prepared read, same server and pool, medians of ${REPEAT}, run alternately; ratio = one / two`);
    for (const [what, fn] of rows) {
      if (what.startsWith('  ') || what.startsWith('handle()') || what.startsWith('count, 3')) continue;
      const [u, p] = await medians(() => fn(protocol), () => fn(server));
      console.log(`  ${what.padEnd(60)} two    ${fmt(u)}   one      ${fmt(p)}   x${(p / u).toFixed(2)}`);
    }
    // What `serve --database-url` runs: the same repository with its read cache (answers kept until a change is
    // notified), against memory. Repeated reads of an unchanged shop: after the warm-up, every read is a hit.
    const cached = createPostgresRepository({ client: pool, readCache: true });
    handlers.set(cached, handlerFor(cached, shop.store));
    try {
      for (let i = 0; i < 200 && cached.readCacheStats()?.live !== true; i += 1) {
        await cached.getStore();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (cached.readCacheStats()?.live !== true) throw new Error('bench: the read cache did not go live');
      console.log(`server with readCache (serve's default) vs memory, medians of ${REPEAT}, run alternately; ratio = cached / memory`);
      for (const [what, fn] of rows) {
        if (what.startsWith('  ')) continue;
        const [m, c] = await medians(() => fn(memory), () => fn(cached));
        console.log(`  ${what.padEnd(60)} memory ${fmt(m)}   cached ${fmt(c)}   x${(c / m).toFixed(1)}`);
      }
      // The price of a change: each run changes one order's status (and back, on the next run) through the
      // repository, then asks GET /orders and the count, so every read after it misses the cache.
      const order = shop.orders[0]!;
      let flip = false;
      const changeThenRead = (r: ShopRepository) => async () => {
        flip = !flip;
        await r.updateOrderStatus(order.id, { status: flip ? 'on-hold' : order.status, note: '', at: DEMO_SHOP_NOW });
        await handlers.get(r)!('/wc-api/v1/orders');
        return handlers.get(r)!('/wc-api/v1/orders/count');
      };
      const before = cached.readCacheStats()!;
      const [u, c] = await medians(changeThenRead(server), changeThenRead(cached));
      const after = cached.readCacheStats()!;
      console.log(`  ${'a status change, then GET /orders and /orders/count'.padEnd(60)} uncached ${fmt(u)}   cached ${fmt(c)}   x${(c / u).toFixed(2)}`);
      console.log(`  read cache over the whole section: ${after.hits} hits, ${after.misses} misses (${after.misses - before.misses} in the change row)`);
    } finally {
      await cached.close();
    }
  });
}
