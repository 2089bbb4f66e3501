// Import cost of the BUILT package, as whole processes: `node -e "import('wc-legacy-api/shop')"` against `node -e 0`
// (target: at most 1.6x) and `node -e "import('wc-legacy-api/cloud-config')"` against `node -e "import('yaml')"` (target:
// at most 1.6x). The package is imported by its name from the repository root (Node resolves a package's own name
// through its `exports`), so the exact files a user's `import` loads are measured. Runs are interleaved, one of each
// per round, and each figure is the median of its runs; only ratios travel between machines.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { distProblem } from '../scripts/dist-freshness';

const QUICK = Boolean(process.env.BENCH_QUICK);
const RUNS = QUICK ? 7 : 31;
const root = fileURLToPath(new URL('../', import.meta.url));

interface Case {
  readonly label: string;
  readonly code: string;
}

const CASES = {
  bare: { label: 'node -e 0', code: '0' },
  shop: { label: "import('wc-legacy-api/shop')", code: "import('wc-legacy-api/shop')" },
  shopCjs: { label: "require('wc-legacy-api/shop')", code: "require('wc-legacy-api/shop')" },
  yaml: { label: "import('yaml')", code: "import('yaml')" },
  cloudConfig: { label: "import('wc-legacy-api/cloud-config')", code: "import('wc-legacy-api/cloud-config')" },
  root: { label: "import('wc-legacy-api')", code: "import('wc-legacy-api')" },
} satisfies Record<string, Case>;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall-clock milliseconds of one whole `node -e CODE` process, start to exit. */
function processTime(code: string): number {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`node -e ${JSON.stringify(code)} failed: ${child.stderr.toString()}`);
  return ms;
}

/** Builds when dist/ is missing or older than the sources, so the figures are never of a stale build. */
function ensureBuilt(): boolean {
  const problem = distProblem();
  if (problem === undefined) return true;
  console.log(`  ${problem}; building the package first (npm run build)...`);
  return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status === 0 && distProblem() === undefined;
}

export async function run(): Promise<void> {
  if (!ensureBuilt()) throw new Error('import cost: the build failed (npm run build)');
  const cases = Object.values(CASES);
  for (const c of cases) processTime(c.code); // warm the file system cache
  const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
  for (let round = 0; round < RUNS; round++) for (const c of cases) times.get(c)!.push(processTime(c.code));
  const med = new Map(cases.map((c) => [c, median(times.get(c)!)]));
  console.log(`  whole processes, median of ${RUNS} interleaved runs each:`);
  for (const c of cases) console.log(`  node -e "${c.code}"`.padEnd(46) + `${med.get(c)!.toFixed(1).padStart(8)} ms`);
  const ratio = (a: Case, b: Case, target?: number) => {
    const r = med.get(a)! / med.get(b)!;
    const verdict = target === undefined ? '' : `  (target <= ${target}x${r <= target ? '' : ', MISSED'})`;
    console.log(`  ${a.label} / ${b.label}: ${r.toFixed(2)}x${verdict}`);
  };
  ratio(CASES.shop, CASES.bare, 1.6);
  ratio(CASES.shopCjs, CASES.bare);
  ratio(CASES.cloudConfig, CASES.yaml, 1.6);
  ratio(CASES.root, CASES.bare);
}
