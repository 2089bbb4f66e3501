// Handler throughput over a 100,000-order demo shop (10,000 with BENCH_QUICK=1):
// 1. in-process `handle()` for GET /orders (a page of 10) and GET /orders/count with filters, in ops/s, each against
//    the same work done by calling the repository and serializers directly (the handler's own overhead);
// 2. HTTP throughput of the Express adapter against a bare Express route that does the same work and returns the
//    same JSON, side by side (target: adapter >= 70% of bare). Keep-alive requests from this process, fixed
//    concurrency, bounded in count and time. Medians of several rounds.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  applyFields,
  createMemoryRepository,
  createShopApi,
  serializeOrder,
  SHOP_MANAGER_CAPABILITIES,
  type Order,
  type OrderFilter,
  type ShopRepository,
  type StoreSettings,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../examples/demo-shop';
import { createMiddleware } from 'wc-legacy-api/express';

const QUICK = process.env.BENCH_QUICK !== undefined && process.env.BENCH_QUICK !== '';
const ORDERS = QUICK ? 10_000 : 100_000;
const ROUND_MS = QUICK ? 300 : 600;
const ROUNDS = 5;
const HTTP_CONCURRENCY = 16;
const HTTP_REQUESTS = QUICK ? 1_000 : 4_000;
const HTTP_MAX_MS = QUICK ? 1_000 : 3_000;

const caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const LIST_URL = '/wc-api/v1/orders?status=completed,processing&filter[created_at_min]=2026-01-01&fields=id,status,total,line_items';
const COUNT_URL = '/wc-api/v1/orders/count?status=completed,processing&filter[created_at_min]=2026-01-01&filter[q]=a';
const LIST_FILTER: OrderFilter = { statuses: ['completed', 'processing'], createdMin: new Date('2026-01-01T00:00:00Z') };
const COUNT_FILTER: OrderFilter = { ...LIST_FILTER, search: ['a'] };

/** Operations per second of `a` and `b`: medians of ROUNDS rounds of ROUND_MS each, alternating so that load from
 * other processes falls on both alike. */
async function opsPerSecond(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const rates: [number[], number[]] = [[], []];
  // Warm-up: let the JIT settle on both paths before anything is measured.
  const warmUntil = performance.now() + 2 * ROUND_MS;
  while (performance.now() < warmUntil) {
    await a();
    await b();
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const k of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const fn = k === 0 ? a : b;
      let ops = 0;
      const start = performance.now();
      let elapsed = 0;
      while (elapsed < ROUND_MS) {
        await fn();
        ops += 1;
        elapsed = performance.now() - start;
      }
      rates[k]!.push((ops * 1000) / elapsed);
    }
  }
  return [median(rates[0]), median(rates[1])];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The same page the handler serves, built by hand: list, count, products, serialize, fields, stringify. */
async function directList(repository: ShopRepository, store: StoreSettings): Promise<{ body: string; total: number }> {
  const paging = { offset: 0, limit: 10 };
  const [rows, total] = await Promise.all([repository.listOrders(LIST_FILTER, paging), repository.countOrders(LIST_FILTER)]);
  const ids = new Set<number>();
  for (const o of rows) for (const i of o.lineItems) ids.add(i.variationId ?? i.productId);
  const products = await repository.getProducts([...ids]);
  const orders = rows.map((o: Order) => applyFields(serializeOrder(o, { products, store }), 'id,status,total,line_items'));
  return { body: JSON.stringify({ orders }), total };
}

/** Sends `count` keep-alive GETs with HTTP_CONCURRENCY in flight (stopping early at HTTP_MAX_MS); requests/s. */
async function httpThroughput(port: number, path: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode} for ${path}`));
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 50; i++) await get(); // warm-up
  let sent = 0;
  const start = performance.now();
  const worker = async () => {
    while (sent < HTTP_REQUESTS && performance.now() - start < HTTP_MAX_MS) {
      sent += 1;
      await get();
    }
  };
  await Promise.all(Array.from({ length: HTTP_CONCURRENCY }, worker));
  const rate = (sent * 1000) / (performance.now() - start);
  agent.destroy();
  return rate;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function run(): Promise<void> {
  const snapshot = generateDemoShop({ orders: ORDERS, seed: 11, now: new Date('2026-11-20T12:00:00Z') });
  const repository = createMemoryRepository(snapshot);
  const store = snapshot.store;
  const api = createShopApi({ repository, store });
  console.log(`${ORDERS.toLocaleString('en-US')} orders; medians of ${ROUNDS} rounds of ${ROUND_MS} ms`);

  // Sanity: the direct route and the handler serve the same JSON.
  const viaHandler = await api.handle({ method: 'GET', url: LIST_URL, caller });
  const direct = await directList(repository, store);
  if (viaHandler.body !== direct.body) throw new Error('handler and direct list differ');

  const [handleList, directListRate] = await opsPerSecond(
    () => api.handle({ method: 'GET', url: LIST_URL, caller }),
    () => directList(repository, store),
  );
  console.log(
    `handle() GET /orders (page of 10, 2 statuses + date): ${fmt(handleList)} ops/s; direct repository+serializers: ${fmt(directListRate)} ops/s; ratio ${(handleList / directListRate).toFixed(2)}`,
  );
  const [handleCount, directCount] = await opsPerSecond(
    () => api.handle({ method: 'GET', url: COUNT_URL, caller }),
    () => repository.countOrders({ ...COUNT_FILTER }),
  );
  console.log(
    `handle() GET /orders/count (2 statuses + date + q): ${fmt(handleCount)} ops/s; direct countOrders: ${fmt(directCount)} ops/s; ratio ${(handleCount / directCount).toFixed(2)}`,
  );

  // HTTP: the adapter (mounted at /shop) against a bare route doing the same work, same process, same client.
  const adapterApp = express();
  adapterApp.use('/shop', createMiddleware(api, { getCaller: () => caller }));
  const bareApp = express();
  bareApp.get('/orders', async (_req, res) => {
    const { body, total } = await directList(repository, store);
    res.set({ 'Content-Type': 'application/json; charset=UTF-8', 'X-WC-Total': String(total), 'X-WC-TotalPages': String(Math.ceil(total / 10)) });
    res.end(body);
  });
  const adapterServer = createServer(adapterApp);
  const bareServer = createServer(bareApp);
  const [adapterPort, barePort] = await Promise.all([listen(adapterServer), listen(bareServer)]);
  try {
    const adapterRates: number[] = [];
    const bareRates: number[] = [];
    // Alternate so drift (GC, CPU contention) hits both alike.
    for (let round = 0; round < 5; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const adapterTurn of order) {
        if (adapterTurn) adapterRates.push(await httpThroughput(adapterPort, `/shop${LIST_URL}`));
        else bareRates.push(await httpThroughput(barePort, '/orders'));
      }
    }
    const adapter = median(adapterRates);
    const bare = median(bareRates);
    console.log(
      `HTTP GET /orders, ${HTTP_CONCURRENCY} keep-alive connections: Express adapter ${fmt(adapter)} req/s; bare Express route ${fmt(bare)} req/s; ratio ${(adapter / bare).toFixed(2)} (target >= 0.70)`,
    );
  } finally {
    adapterServer.closeAllConnections();
    bareServer.closeAllConnections();
    await Promise.all([
      new Promise((r) => adapterServer.close(r)),
      new Promise((r) => bareServer.close(r)),
    ]);
  }
}
