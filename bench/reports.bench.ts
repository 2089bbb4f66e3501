// Sales report and top sellers over 1,000,000 in-memory orders (100,000 with BENCH_QUICK=1) spread over one year,
// with day grouping (365 periods) and month grouping (12 periods): time, orders/s, and heap above the data itself,
// against a bare loop that only tests each order's status and range, measured in the same run on the same orders.
// Two memory layouts, one after the other:
// - pooled: a lean generator shares address/line/amount objects between orders, so a million fit quickly;
// - loaded: the same orders round-tripped through serializeShopSnapshot + loadShopSnapshot (in chunks: one JSON
//   string of a million orders would pass V8's largest string), so each order is its own object graph, as a shop
//   loaded from a file is. The issue's target: the memory repository's sales report at most 2x the bare loop here.
// Run with NODE_OPTIONS="--expose-gc --max-old-space-size=8192" (the loaded layout needs several GB of heap).
import { Decimal } from 'decimal.js';
import { getHeapStatistics } from 'node:v8';
import {
  computeSalesReport,
  createMemoryRepository,
  loadShopSnapshot,
  resolveReportRange,
  serializeShopSnapshot,
  salesReportFor,
  serializeSalesReport,
  topSellersFor,
  topSellersFromOrders,
} from 'wc-legacy-api/shop';
import type { Customer, LineItem, Order, OrderStatus, Product, ReportRange } from 'wc-legacy-api/shop';
import { createRandom } from '../examples/demo-shop';
import { buildAddress, buildBillingAddress, buildStore } from '../test/shop/builders';

const ROUNDS = 2;
const TIME_ZONE = 'Europe/Berlin';
const NOW = new Date('2025-12-31T12:00:00Z');

interface Shop {
  readonly orders: Order[];
  readonly customers: Customer[];
  readonly products: Product[];
}

function generate(count: number): Shop {
  const random = createRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // Amount pools: whole-cent Decimals shared between orders (as values, they are immutable).
  const amounts = Array.from({ length: 2000 }, (_, i) => new Decimal((1 + i * 7.37).toFixed(2)));
  const small = Array.from({ length: 200 }, (_, i) => new Decimal((i * 0.19).toFixed(2)));
  const products = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, sku: `P${i + 1}`, parentId: null }));
  const lineSets: LineItem[][] = Array.from({ length: 5000 }, (_, s) =>
    Array.from({ length: 1 + (s % 4) }, (_, l) => ({
      id: s * 10 + l,
      name: 'Item',
      productId: 1 + Math.floor(random() * 520), // ids above 500 are deleted products
      variationId: null,
      quantity: 1 + Math.floor(random() * 3),
      subtotal: pick(amounts),
      total: pick(amounts),
      tax: pick(small),
      taxClass: '',
    })),
  );
  const couponSets = [[], [], [], [{ id: 1, code: 'spring', amount: pick(small) }], [{ id: 2, code: 'a', amount: pick(small) }, { id: 3, code: 'b', amount: pick(small) }]];
  const refundSets = [[], [], [], [], [], [], [], [], [], [{ id: 1, createdAt: NOW, amount: pick(small), reason: '' }]];
  const statuses: OrderStatus[] = ['completed', 'completed', 'completed', 'processing', 'processing', 'on-hold', 'pending', 'cancelled', 'refunded', 'failed'];
  const billing = buildBillingAddress();
  const shipping = buildAddress();
  const payment = { methodId: 'bacs', methodTitle: 'Bank transfer', paidAt: null };
  const yearStart = Date.UTC(2024, 11, 31, 23); // Jan 1 2025 00:00 in Berlin
  const yearLength = Date.UTC(2025, 11, 31, 23) - yearStart;
  // Creation times are drawn first and sorted, so orders are built (and laid out in memory) in creation order with
  // ascending ids, as a shop's orders are created and as a snapshot lists them.
  const times = Float64Array.from({ length: count }, () => yearStart + Math.floor(random() * yearLength)).sort();
  const orders: Order[] = new Array(count);
  const none: never[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(times[i] as number);
    orders[i] = {
      id: i + 1,
      number: String(i + 1),
      createdAt,
      updatedAt: createdAt,
      completedAt: null,
      status: statuses[i % statuses.length] as OrderStatus,
      currency: 'EUR',
      total: pick(amounts),
      cartTax: pick(small),
      shippingTotal: pick(small),
      shippingTax: pick(small),
      cartDiscount: small[0] as Decimal,
      orderDiscount: small[0] as Decimal,
      payment,
      billing,
      shipping,
      customerNote: '',
      customerIp: '',
      customerUserAgent: '',
      customerId: 0,
      lineItems: pick(lineSets),
      shippingLines: none,
      taxLines: none,
      feeLines: none,
      couponLines: pick(couponSets),
      refunds: pick(refundSets),
      notes: none,
    };
  }
  const customers: Customer[] = Array.from({ length: 20_000 }, (_, i) => ({
    id: i + 1,
    email: `c${i}@example.com`,
    firstName: 'C',
    lastName: String(i),
    username: `c${i}`,
    role: i % 10 === 0 ? 'subscriber' : 'customer',
    registeredAt: new Date(yearStart + Math.floor(random() * yearLength)),
  }));
  return { orders, customers, products };
}

/** The whole year 2025 grouped by day: a range `resolveReportRange` would group by month, built by hand. */
function yearByDay(year: ReportRange): ReportRange {
  const labels: string[] = [];
  for (let d = 0; d < 365; d++) labels.push(new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10));
  return { ...year, grouping: 'day', labels };
}

const gc = (globalThis as { gc?: () => void }).gc;
const heapUsed = (): number => getHeapStatistics().used_heap_size;
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Yields the orders while sampling the heap every 10,000 orders, to find the peak during a fold. */
function* sampled<T>(items: readonly T[], peak: { value: number }): Generator<T> {
  for (let i = 0; i < items.length; i++) {
    if (i % 10_000 === 0) peak.value = Math.max(peak.value, heapUsed());
    yield items[i] as T;
  }
}

/** CPU time of this process (user + system) in ms: steadier than wall time on a shared, loaded machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface Timing {
  readonly wall: number;
  readonly cpu: number;
}

async function time(work: () => unknown, rounds = ROUNDS): Promise<Timing> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    gc?.();
    const cpu = cpuMs();
    const start = performance.now();
    await work();
    if (round === 0 && rounds > 0) continue; // warm-up
    walls.push(performance.now() - start);
    cpus.push(cpuMs() - cpu);
  }
  return { wall: Math.min(...walls), cpu: Math.min(...cpus) };
}

function report(label: string, count: number, t: Timing, baseline?: Timing): void {
  const ratio = baseline === undefined ? '' : `  ${(t.wall / baseline.wall).toFixed(1).padStart(5)}x baseline (cpu ${(t.cpu / baseline.cpu).toFixed(1)}x)`;
  const rate = Math.round((count / t.wall) * 1000).toLocaleString('en-US');
  console.log(
    `${label.padEnd(52)} ${t.wall.toFixed(0).padStart(5)} ms (cpu ${t.cpu.toFixed(0).padStart(5)} ms) ${rate.padStart(11)} orders/s${ratio}`,
  );
}

async function peakAbove(label: string, work: (peak: { value: number }) => Promise<unknown>): Promise<void> {
  gc?.();
  const before = heapUsed();
  const peak = { value: before };
  const result = await work(peak);
  peak.value = Math.max(peak.value, heapUsed());
  gc?.();
  const retained = heapUsed() - before;
  void result;
  console.log(`${label.padEnd(52)} peak ${mb(peak.value - before)} above the data, retained ${mb(retained)}${gc ? '' : ' (no --expose-gc: rough)'}`);
}

/** The orders again, each its own object graph as `loadShopSnapshot` builds it (line ids renumbered: unique per kind). */
function loaded(shop: Shop): Shop {
  const store = buildStore({ timeZone: TIME_ZONE });
  const orders: Order[] = [];
  let lineId = 1;
  const CHUNK = 20_000;
  for (let i = 0; i < shop.orders.length; i += CHUNK) {
    const chunk = shop.orders.slice(i, i + CHUNK).map((o) => ({
      ...o,
      lineItems: o.lineItems.map((l) => ({ ...l, id: lineId++ })),
      couponLines: o.couponLines.map((c) => ({ ...c, id: lineId++ })),
      refunds: o.refunds.map((r) => ({ ...r, id: lineId++ })),
    }));
    const text = JSON.stringify(serializeShopSnapshot({ store, products: shop.products, customers: [], coupons: [], orders: chunk }));
    const result = loadShopSnapshot(text);
    if (!result.ok) throw new Error(`bench: the round trip did not load: ${JSON.stringify(result.issues.slice(0, 3))}`);
    for (const order of result.snapshot.orders) orders.push(order);
  }
  return { orders, customers: shop.customers, products: shop.products };
}

// The counted statuses (REPORT_ORDER_STATUSES) as the fold tests them: interned string comparisons.
const isReportOrderStatus = (s: string): boolean => s === 'completed' || s === 'processing' || s === 'on-hold';

/** The baseline: a loop that only tests each order's status and creation time against the range. */
function bareLoop(orders: readonly Order[], range: ReportRange): number {
  const start = range.start.getTime();
  const end = range.end.getTime();
  let n = 0;
  for (const order of orders) {
    if (!isReportOrderStatus(order.status)) continue;
    const t = order.createdAt.getTime();
    if (t >= start && t < end) n++;
  }
  return n;
}

async function measure(layout: string, shop: Shop, count: number, heapFigures: boolean): Promise<void> {
  const resolved = resolveReportRange({ period: 'year' }, { now: NOW, timeZone: TIME_ZONE });
  if (!resolved.ok) throw new Error(resolved.error.message);
  const byMonth = resolved.range;
  const byDay = yearByDay(byMonth);
  const lookup = async (ids: readonly number[]) => {
    const found = new Map<number, Product>();
    for (const id of ids) if (id <= shop.products.length) found.set(id, shop.products[id - 1] as Product);
    return found;
  };

  let sink = 0;
  const baseline = await time(() => {
    sink += bareLoop(shop.orders, byMonth);
  });
  report(`${layout}: bare loop, status and range (baseline)`, count, baseline);

  const runs: Array<[string, () => Promise<unknown>]> = [
    ['computeSalesReport, year by month (12 periods)', async () => {
      sink += serializeSalesReport(await computeSalesReport(shop.orders, shop.customers, byMonth)).total_orders;
    }],
    ['computeSalesReport, year by day (365 periods)', async () => {
      sink += serializeSalesReport(await computeSalesReport(shop.orders, shop.customers, byDay)).total_orders;
    }],
    ['topSellersFromOrders, year (limit 12)', async () => {
      sink += (await topSellersFromOrders(shop.orders, byMonth, 12, lookup)).length;
    }],
  ];
  const repository = createMemoryRepository({
    store: buildStore({ timeZone: TIME_ZONE }),
    products: shop.products,
    customers: shop.customers,
    coupons: [],
    orders: shop.orders,
  });
  // The repository builds its per-order report columns on the first report: timed here, and left out of the runs.
  // Typed arrays live outside the JavaScript heap: count their buffers too.
  const footprint = () => heapUsed() + process.memoryUsage().arrayBuffers;
  gc?.();
  const before = footprint();
  const built = await time(async () => salesReportFor(repository, byMonth), 0);
  gc?.();
  console.log(
    `${`${layout}: first report (builds the report columns)`.padEnd(52)} ${built.wall.toFixed(0).padStart(5)} ms (cpu ${built.cpu.toFixed(0).padStart(5)} ms), columns ${mb(footprint() - before)}${gc ? '' : ' (no --expose-gc: rough)'}`,
  );
  runs.push(
    ['salesReportFor(memory repository), by month', async () => {
      sink += (await salesReportFor(repository, byMonth)).totals.orders;
    }],
    ['salesReportFor(memory repository), by day', async () => {
      sink += (await salesReportFor(repository, byDay)).totals.orders;
    }],
    ['topSellersFor(memory repository)', async () => {
      sink += (await topSellersFor(repository, byMonth, 12)).length;
    }],
  );
  for (const [label, work] of runs) report(`${layout}: ${label}`, count, await time(work), baseline);

  if (heapFigures) {
    await peakAbove(`${layout}: computeSalesReport by day, heap`, async (peak) =>
      computeSalesReport(sampled(shop.orders, peak), shop.customers, byDay),
    );
    await peakAbove(`${layout}: topSellersFromOrders, heap`, async (peak) => topSellersFromOrders(sampled(shop.orders, peak), byMonth, 12, lookup));
  }
  if (sink === 0) console.log('(no work done?)');
}

export async function run(): Promise<void> {
  const count = process.env.BENCH_QUICK ? 100_000 : 1_000_000;
  gc?.();
  const empty = heapUsed();
  let start = performance.now();
  let shop: Shop | undefined = generate(count);
  const generated = performance.now() - start;
  gc?.();
  console.log(
    `${count.toLocaleString('en-US')} orders over 2025 (${TIME_ZONE}), 70% in counted statuses; generated in ${generated.toFixed(0)} ms, data ${mb(heapUsed() - empty)} of heap`,
  );
  await measure('pooled', shop, count, true);

  start = performance.now();
  const own = loaded(shop);
  shop = undefined; // only the loaded layout from here on
  const roundTrip = performance.now() - start;
  gc?.();
  console.log(`loaded layout: serializeShopSnapshot + loadShopSnapshot in ${roundTrip.toFixed(0)} ms, data ${mb(heapUsed() - empty)} of heap`);
  await measure('loaded', own, count, false);
}
