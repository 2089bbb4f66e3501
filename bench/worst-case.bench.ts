// The worst requests a stranger with a read key can send (issue 13), each beside an ordinary request of the same
// endpoint measured in the same run, on a 100,000-order demo shop (10,000 with BENCH_QUICK=1), in-process handle():
// - GET /orders?filter[limit]=-1 and =1000000000 (clamped to maxPageSize) against a default page of 10;
// - GET /reports/sales over 0001-01-01..9999-12-31 (refused before any report work) against filter[period]=year;
// (issue 24) the edges a stranger or a key holder reaches:
// - the longest URL Node accepts (16 KiB) full of `a[]` (refused at the 1,001st parameter), and 1,000 `a[]=x` appends
//   (the parameter cap, parsed and served), each against a plain request of the same size (one long parameter);
// - filter[q] at the term cap (16 distinct terms every order holds; 16 terms of 100 characters) against one term;
// - a PUT body at the 64 KiB limit, a 1 MiB body (413) and 64 KiB of `[` (depth, 400) against a small body.
// Prints the median time of interleaved runs, its ratio to the baseline, the status and the body size.
import {
  createMemoryRepository,
  createShopApi,
  DEFAULT_MAX_BODY_BYTES,
  MAX_QUERY_PARAMETERS,
  MAX_SEARCH_TERM_LENGTH,
  MAX_SEARCH_TERMS,
  SHOP_MANAGER_CAPABILITIES,
  type ShopApi,
} from 'wc-legacy-api/shop';
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

/** A GET of a URL, or a PUT of a body (`PUT <url>\n<body>`). */
async function once(api: ShopApi, request: string): Promise<Sample> {
  const put = request.startsWith('PUT ');
  const newline = request.indexOf('\n');
  const url = put ? request.slice(4, newline) : request;
  const body = put ? request.slice(newline + 1) : undefined;
  const start = performance.now();
  const res = await api.handle({ method: put ? 'PUT' : 'GET', url, caller, body });
  const ms = performance.now() - start;
  return { ms, status: res.status, bytes: Buffer.byteLength(res.body ?? '') };
}

/** Medians of RUNS runs of each, alternating which goes first so that load from other processes falls on both. */
async function pair(api: ShopApi, worst: string, baseline: string): Promise<[Sample, Sample]> {
  // Warm-up of both, so the optimised code is measured, not the first calls' compilation.
  for (let i = 0; i < 10; i++) {
    await once(api, baseline);
    await once(api, worst);
  }
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
  const first = shop.orders[0]!;
  const order = `/wc-api/v1/orders/${first.id}`;
  // The order keeps its status: every PUT reads and parses its body, and none writes.
  const putBody = (note: string) => `PUT ${order}\n{"status":"${first.status}","note":"${note}"}`;
  const small = putBody('Packed.');
  const atLimit = putBody('n'.repeat(DEFAULT_MAX_BODY_BYTES - putBody('').length + order.length + 5));
  // The same length, one parameter: what a URL of that size costs to parse plainly.
  const plain = (url: string) => `${url.slice(0, url.indexOf('?') + 1)}pad=${'p'.repeat(url.length - url.indexOf('?') - 5)}`;
  const longest = `/wc-api/v1/orders/count?status=completed&${'a[]&'.repeat(4000)}`.slice(0, 16 * 1024 - 200);
  const atCap = `/wc-api/v1/orders/count?status=completed&${'a[]=x&'.repeat(MAX_QUERY_PARAMETERS - 1)}`;
  const everyOrderHolds = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '.', 'e', 'a', 'o', 'n'];
  const longTerms = Array.from({ length: MAX_SEARCH_TERMS }, (_, i) => `${i.toString(16)}${'z'.repeat(MAX_SEARCH_TERM_LENGTH - 1)}`);
  const cases: [string, string, string][] = [
    ['GET 16 KiB URL of a[] (400, cap)', longest, plain(longest)],
    ['GET 1,000 a[]=x (the parameter cap)', atCap, plain(atCap)],
    ['count filter[q] 16 terms every order holds', `/wc-api/v1/orders/count?filter[q]=${everyOrderHolds.join('+')}`, '/wc-api/v1/orders/count?filter[q]=e'],
    ['count filter[q] 16 terms x 100 chars', `/wc-api/v1/orders/count?filter[q]=${longTerms.join('+')}`, '/wc-api/v1/orders/count?filter[q]=e'],
    ['PUT body of 64 KiB (the limit)', atLimit, small],
    ['PUT body of 1 MiB (413)', putBody('n'.repeat(1024 * 1024)), small],
    ['PUT 64 KiB of [ (400, depth)', `PUT ${order}\n${'['.repeat(DEFAULT_MAX_BODY_BYTES)}`, small],
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
