// The worst requests a stranger with a read key can send (issue 13), each beside an ordinary request of the same
// endpoint measured in the same run, on a 100,000-order demo shop (10,000 with BENCH_QUICK=1), in-process handle():
// - GET /orders?filter[limit]=-1 and =1000000000 (clamped to maxPageSize) against a default page of 10;
// - GET /reports/sales over 0001-01-01..9999-12-31 (refused before any report work) against filter[period]=year.
// Prints the median time of interleaved runs, its ratio to the baseline, the status and the body size.
import { createMemoryRepository, createShopApi, SHOP_MANAGER_CAPABILITIES, type ShopApi } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../examples/demo-shop';

const QUICK = process.env.BENCH_QUICK !== undefined && process.env.BENCH_QUICK !== '';
const ORDERS = QUICK ? 10_000 : 100_000;
const RUNS = 5;
const caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };

interface Sample {
  readonly ms: number;
  readonly status: number;
  readonly bytes: number;
}

async function once(api: ShopApi, url: string): Promise<Sample> {
  const start = performance.now();
  const res = await api.handle({ method: 'GET', url, caller });
  const ms = performance.now() - start;
  return { ms, status: res.status, bytes: Buffer.byteLength(res.body ?? '') };
}

/** Medians of RUNS runs of each, alternating which goes first so that load from other processes falls on both. */
async function pair(api: ShopApi, worst: string, baseline: string): Promise<[Sample, Sample]> {
  await once(api, baseline); // warm-up
  const runs: [Sample[], Sample[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) runs[k]!.push(await once(api, k === 0 ? worst : baseline));
  }
  const median = (samples: Sample[]) => [...samples].sort((a, b) => a.ms - b.ms)[Math.floor(samples.length / 2)]!;
  return [median(runs[0]), median(runs[1])];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function run(): Promise<void> {
  const shop = generateDemoShop({ orders: ORDERS, seed: 13, now: new Date('2026-06-01T00:00:00Z') });
  const api = createShopApi({ repository: createMemoryRepository(shop), now: () => new Date('2026-06-01T00:00:00Z') });
  console.log(`${ORDERS.toLocaleString('en-US')} orders, in-process handle(), medians of ${RUNS} interleaved runs (machine shared: compare ratios)`);
  const cases: [string, string, string][] = [
    ['GET /orders filter[limit]=-1', '/wc-api/v1/orders?filter[limit]=-1', '/wc-api/v1/orders'],
    ['GET /orders filter[limit]=1000000000', '/wc-api/v1/orders?filter[limit]=1000000000', '/wc-api/v1/orders'],
    [
      'GET /reports/sales 0001-01-01..9999-12-31',
      '/wc-api/v1/reports/sales?filter[date_min]=0001-01-01&filter[date_max]=9999-12-31',
      '/wc-api/v1/reports/sales?filter[period]=year',
    ],
  ];
  for (const [name, worst, baseline] of cases) {
    const [w, b] = await pair(api, worst, baseline);
    console.log(
      `${name.padEnd(42)} ${w.ms.toFixed(1).padStart(9)} ms  status ${w.status}  ${kb(w.bytes).padStart(11)}` +
        `  | baseline ${b.ms.toFixed(1).padStart(7)} ms, ${kb(b.bytes).padStart(8)}  | ratio ${(w.ms / b.ms).toFixed(1)}x`,
    );
  }
}
