// Adversarial cloud-config inputs (issue 12), each inside the default 1 MiB limit: validateCloudConfig's time beside
// yaml.parseDocument of the same text (with the options validation uses: YAML 1.1, duplicate keys allowed; yaml's
// default duplicate-key check is itself quadratic), in one process. Medians of RUNS interleaved runs; the ratio is
// what the validator adds to parsing. The verdict and the issue counts (listed + unlisted) are printed to show each
// input was read to the end.
import { parseDocument } from 'yaml';
import { validateCloudConfig, type CloudConfigResult } from 'wc-legacy-api/cloud-config';
import { fillUserData } from '../test/cloud-config/fill-user-data';

const QUICK = process.env.BENCH_QUICK !== undefined && process.env.BENCH_QUICK !== '';
const RUNS = QUICK ? 1 : 3;
const LIMIT = QUICK ? 256 * 1024 : 1024 * 1024;

const fill = (head: string, item: (i: number) => string): string => fillUserData(LIMIT, head, item);

const nestedBlock = (depth: number) => `#cloud-config\nruncmd:\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;

const CASES: readonly (readonly [string, () => string])[] = [
  ['runcmd: 260k items "- 5"', () => fill('#cloud-config\nruncmd:\n', () => '- 5\n')],
  ['runcmd: [5,5,...] 524k items', () => `${fill('#cloud-config\nruncmd: [', () => '5,')}5]\n`],
  ['100k unknown top-level keys', () => fill('#cloud-config\n', (i) => `k${i}: 1\n`)],
  ['110k bad module names', () => fill('#cloud-config\ncloud_init_modules:\n', (i) => `- m${i}\n`)],
  ['swap size: 50k digits + "x"', () => `#cloud-config\nswap: {size: "${'1'.repeat(50_000)}x"}\n`],
  ['chpasswd.list: 50k colons + "\\nx"', () => `#cloud-config\nchpasswd: {list: ["${':'.repeat(50_000)}\\nx"]}\n`],
  ['runcmd: 10,000-deep [[[...]]]', () => `#cloud-config\nruncmd: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`],
  ['runcmd: 1,400-deep block lists', () => nestedBlock(QUICK ? 700 : 1_400)],
  ['runcmd: 150k mappings "- a: 1"', () => fill('#cloud-config\nruncmd:\n', () => '- a: 1\n')],
  ['users: 39k with shell: 5', () => fill('#cloud-config\nusers:\n', (i) => `- {name: u${i}, shell: 5}\n`)],
  ['87k repeated keys', () => fill('#cloud-config\n', () => 'hostname: x\n')],
  ['50k keys, then repeats of the last', () => fill('#cloud-config\n', (i) => (i < 50_000 ? `k${i}: 1\n` : 'k49999: 1\n'))],
  ['90k near-miss keys (did you mean)', () => fill('#cloud-config\n', (i) => `runcmd${i}: 1\n`)],
  ['runcmd: 200k aliases of one anchor', () => fill('#cloud-config\na: &x [1, 2]\nruncmd:\n', () => '- *x\n')],
  ['a 1 MB explicit key', () => `#cloud-config\n? ${'k'.repeat(LIMIT - 100)}\n: 1\n`],
  ['"---" repeated (262k documents)', () => fill('#cloud-config\n', () => '---\n')],
];

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function counts(result: CloudConfigResult): string {
  const errors = result.errors.length + (result.unlisted?.errors ?? 0);
  const warnings = result.warnings.length + (result.unlisted?.warnings ?? 0);
  const codes = [...new Set(result.errors.map((e) => e.code))].join(',');
  return `${result.valid ? 'valid' : 'invalid'}, ${errors} errors${codes ? ` (${codes})` : ''}, ${warnings} warnings`;
}

export async function run(): Promise<void> {
  // Warm both code paths on a small valid file first, as a long-running service would be.
  validateCloudConfig('#cloud-config\nruncmd: [ls]\n');
  console.log(`inputs up to ${LIMIT / 1024} KiB; median of ${RUNS} interleaved runs; parse = yaml.parseDocument(text, { version: '1.1', uniqueKeys: false })`);
  for (const [name, make] of CASES) {
    const text = make();
    const parse: number[] = [];
    const validate: number[] = [];
    let result: CloudConfigResult | undefined;
    for (let i = 0; i < RUNS; i++) {
      parse.push(time(() => parseDocument(text, { version: '1.1', uniqueKeys: false })));
      validate.push(time(() => (result = validateCloudConfig(text))));
    }
    const p = median(parse);
    const v = median(validate);
    console.log(
      `${name.padEnd(36)} ${`${(text.length / 1024).toFixed(0)} KiB`.padStart(9)}  validate ${v.toFixed(0).padStart(6)} ms  parse ${p.toFixed(0).padStart(6)} ms  ratio ${(v / p).toFixed(1).padStart(5)}x  | ${counts(result!)}`,
    );
  }
}
