// Reading a JSON shop snapshot from disk: peak RSS (and time) of readShopSnapshot streaming a 200,000-order demo
// snapshot, next to the same stream over a quarter of it (memory should not follow the file) and next to the
// whole-file path, loadShopSnapshot(readFileSync(...)), on that quarter (it cannot read 200,000 at all past ~230k,
// and needs GBs well before). Each figure is a separate process (peak RSS is per process), median of the runs,
// interleaved. The files are generated once into the OS temp directory (bench/demo-snapshot-file.ts).
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDemoSnapshotFile } from './demo-snapshot-file';

const QUICK = Boolean(process.env.BENCH_QUICK);
const BIG = QUICK ? 40_000 : 200_000;
const SMALL = BIG / 4;
const RUNS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const root = fileURLToPath(new URL('../', import.meta.url));

interface Sample {
  readonly orders: number;
  readonly ms: number;
  readonly maxRssMb: number;
}

function measure(mode: 'stream' | 'whole', file: string): Sample {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/snapshot-stream-child.ts', mode, file], { cwd: root, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`snapshot-stream child (${mode}) failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Sample;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  const big = await writeDemoSnapshotFile(join(tmpdir(), `wc-legacy-api-demo-${BIG}.json`), BIG);
  const small = await writeDemoSnapshotFile(join(tmpdir(), `wc-legacy-api-demo-${SMALL}.json`), SMALL);
  const cases = { streamBig: [big, 'stream'], streamSmall: [small, 'stream'], wholeSmall: [small, 'whole'] } as const;
  const samples = new Map<string, Sample[]>(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const [name, [file, mode]] of Object.entries(cases)) samples.get(name)!.push(measure(mode, file));
  }
  const fig = (name: string) => {
    const s = samples.get(name)!;
    return { orders: s[0]!.orders, ms: median(s.map((x) => x.ms)), rss: median(s.map((x) => x.maxRssMb)) };
  };
  const sb = fig('streamBig');
  const ss = fig('streamSmall');
  const ws = fig('wholeSmall');
  const line = (label: string, f: ReturnType<typeof fig>) =>
    console.log(`  ${label.padEnd(52)} ${f.orders.toLocaleString('en-US').padStart(8)} orders  peak RSS ${f.rss.toFixed(0).padStart(5)} MB  ${(f.ms / 1000).toFixed(1).padStart(5)} s  ${Math.round((f.orders * 1000) / f.ms).toLocaleString('en-US').padStart(7)} orders/s`);
  console.log(`  median of ${RUNS} run(s) each, one process per run, interleaved`);
  line('readShopSnapshot, streamed from disk', sb);
  line('readShopSnapshot, streamed from disk', ss);
  line('loadShopSnapshot(readFileSync(file))', ws);
  console.log(`  stream peak RSS, ${BIG.toLocaleString('en-US')} vs ${SMALL.toLocaleString('en-US')} orders: x${(sb.rss / ss.rss).toFixed(2)} (4x the orders)`);
  console.log(`  peak RSS at ${SMALL.toLocaleString('en-US')} orders, stream / whole file: x${(ss.rss / ws.rss).toFixed(2)}`);
}
