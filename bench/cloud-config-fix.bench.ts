// fixCloudConfig at the default 1 MiB limit beside validateCloudConfig of the same text (the baseline, in the same
// run): a fix validates the input and the fixed text once each, so about 2x is expected whatever the input; more
// would mean the fixing itself (planning, edits) is not linear. A chpasswd.list rewrite is the exception: the input
// is one string, cheap to validate, and the fixed text a list of thousands of user mappings, validated as such.
// Medians of RUNS interleaved runs.
import { fixCloudConfig, validateCloudConfig, type FixCloudConfigResult } from 'wc-legacy-api/cloud-config';
import { fillUserData } from '../test/cloud-config/fill-user-data';

const QUICK = process.env.BENCH_QUICK !== undefined && process.env.BENCH_QUICK !== '';
const RUNS = QUICK ? 1 : 3;
const LIMIT = QUICK ? 256 * 1024 : 1024 * 1024;
const V = { cloudInitVersion: '26.2' } as const;

const fill = (head: string, item: (i: number) => string): string => fillUserData(LIMIT, head, item);

const CASES: readonly (readonly [string, () => string])[] = [
  ['users: 2 fixes each (rename, value)', () => fill('#cloud-config\nusers:\n', (i) => `  - name: u${i}\n    lock-passwd: true\n    sudo: false\n`)],
  ['users: flow, 1 rename each', () => fill('#cloud-config\nusers:\n', (i) => `  - {name: u${i}, 'no-create-home': true}\n`)],
  // A quarter of the limit: rewritten as chpasswd.users the text grows about 3.5x, and must still fit in it.
  ['chpasswd.list: 1 rewrite of 18k lines', () => fillUserData(LIMIT / 4, '#cloud-config\nchpasswd:\n  list: |\n', (i) => `    u${i}:p${i}\n`)],
  ['chpasswd.list: 60k lines (would not fit)', () => fill('#cloud-config\nchpasswd:\n  list: |\n', (i) => `    u${i}:p${i}\n`)],
  ['users: lock-passwd and lock_passwd (remove)', () => fill('#cloud-config\nusers:\n', (i) => `  - name: u${i}\n    lock-passwd: true\n    lock_passwd: true\n`)],
  ['runcmd: 260k items, nothing deprecated', () => fill('#cloud-config\nruncmd:\n', () => '- 5\n')],
];

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  fixCloudConfig('#cloud-config\napt_update: true\n', V);
  console.log(`inputs up to ${LIMIT / 1024} KiB, target 26.2; median of ${RUNS} interleaved runs; baseline = validateCloudConfig of the input`);
  for (const [name, make] of CASES) {
    const text = make();
    const validate: number[] = [];
    const fix: number[] = [];
    let outcome: FixCloudConfigResult | undefined;
    for (let i = 0; i < RUNS; i++) {
      validate.push(time(() => validateCloudConfig(text, V)));
      fix.push(time(() => (outcome = fixCloudConfig(text, V))));
    }
    const v = median(validate);
    const f = median(fix);
    console.log(
      `${name.padEnd(44)} ${`${(text.length / 1024).toFixed(0)} KiB`.padStart(9)}  fix ${f.toFixed(0).padStart(6)} ms  validate ${v.toFixed(0).padStart(6)} ms  ratio ${(f / v).toFixed(1).padStart(4)}x  | ${outcome!.fixed.length} fixed, ${outcome!.unfixable.length} left, ${outcome!.result.valid ? 'valid' : 'invalid'}`,
    );
  }
}
