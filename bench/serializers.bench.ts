// Serializer throughput: 10,000 orders of 5 line items (1,000 with BENCH_QUICK=1). Prints orders/s for
// serializeOrder alone, and the cost of serializeOrder + JSON.stringify against JSON.stringify of the same finished
// resources, measured in the same run (target: at most 2.0x). Several warm rounds; medians are reported.
import { serializeOrder, type Order, type OrderResource } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../examples/demo-shop';

const LINES_PER_ORDER = 5;
const ROUNDS = 7;

/**
 * Demo-shop orders (realistic names, addresses, taxes, coupons, deleted products), each given exactly five line
 * items: its own, topped up with copies of other orders' lines.
 */
function workload(count: number) {
  const shop = generateDemoShop({ orders: count, seed: 7 });
  const pool = shop.orders.flatMap((order) => order.lineItems);
  let nextLineId = 10_000_000;
  const orders: Order[] = shop.orders.map((order, i) => {
    const lineItems = order.lineItems.slice(0, LINES_PER_ORDER);
    for (let k = 0; lineItems.length < LINES_PER_ORDER; k++) {
      const borrowed = pool[(i * 7 + k) % pool.length]!;
      lineItems.push({ ...borrowed, id: nextLineId++ });
    }
    return { ...order, lineItems };
  });
  return { orders, context: { products: new Map(shop.products.map((p) => [p.id, p])), store: shop.store } };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(): Promise<void> {
  const count = process.env.BENCH_QUICK ? 1_000 : 10_000;
  const { orders, context } = workload(count);
  const finished: OrderResource[] = orders.map((order) => serializeOrder(order, context));
  let sink = 0; // consumed results, so no work can be optimised away

  // Each phase is timed on the wall clock and in process CPU time (user + system, all threads): on a busy machine
  // the CPU-time ratio is the steadier of the two.
  const wall = { serialize: [] as number[], both: [] as number[], stringify: [] as number[] };
  const cpu = { serialize: [] as number[], both: [] as number[], stringify: [] as number[] };
  const cpuMs = (): number => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  for (let round = 0; round < ROUNDS + 1; round++) {
    let startWall = performance.now();
    let startCpu = cpuMs();
    sink += JSON.stringify({ orders: finished }).length;
    const stringified = [performance.now() - startWall, cpuMs() - startCpu] as const;

    startWall = performance.now();
    startCpu = cpuMs();
    let resources: OrderResource[] | null = [];
    for (let i = 0; i < orders.length; i++) resources.push(serializeOrder(orders[i]!, context));
    const serialized = [performance.now() - startWall, cpuMs() - startCpu] as const;
    sink += resources.length;
    resources = null; // let the collector take them before the next phase

    startWall = performance.now();
    startCpu = cpuMs();
    const page: OrderResource[] = [];
    for (let i = 0; i < orders.length; i++) page.push(serializeOrder(orders[i]!, context));
    sink += JSON.stringify({ orders: page }).length;
    const both = [performance.now() - startWall, cpuMs() - startCpu] as const;

    if (round === 0) continue; // warm-up
    wall.stringify.push(stringified[0]);
    cpu.stringify.push(stringified[1]);
    wall.serialize.push(serialized[0]);
    cpu.serialize.push(serialized[1]);
    wall.both.push(both[0]);
    cpu.both.push(both[1]);
  }

  const ms = (values: number[]) => `${median(values).toFixed(1).padStart(7)} ms`;
  const ratio = (a: number[], b: number[]) => `${(median(a) / median(b)).toFixed(2)}x`;
  const perSecond = Math.round((orders.length / median(wall.serialize)) * 1000).toLocaleString('en-US');
  console.log(`${orders.length} orders x ${LINES_PER_ORDER} line items (examples/demo-shop.ts, seed 7), median of ${ROUNDS} warm rounds`);
  console.log(`                                     wall        cpu`);
  console.log(`serializeOrder alone:            ${ms(wall.serialize)} ${ms(cpu.serialize)}   ${perSecond} orders/s`);
  console.log(`JSON.stringify (baseline):       ${ms(wall.stringify)} ${ms(cpu.stringify)}   of the same resources, finished beforehand`);
  console.log(`serializeOrder + JSON.stringify: ${ms(wall.both)} ${ms(cpu.both)}`);
  console.log(`ratio to baseline (target <= 2.00x): wall ${ratio(wall.both, wall.stringify)}, cpu ${ratio(cpu.both, cpu.stringify)}`);
  if (sink === 0) console.log('(no output)');
}
