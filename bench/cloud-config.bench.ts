// cloud-config validation. (1) Warm: validateCloudConfig over a corpus of realistic configs of 1-20 KB,
// as a ratio to yaml.parse alone on the same texts in the same run (target: at most 1.5x). (2) Cold start:
// a new node process that imports the BUILT package and validates one config (target: under 100 ms),
// beside a process that only imports yaml and parses the same text. Medians of several rounds/runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Composer, parse, parseDocument } from 'yaml';
import { CLOUD_CONFIG_ANNOTATION_KEYWORDS, cloudConfigSchema, loadCloudInitReleases, validateCloudConfig, type CloudInitVersion, type CloudInitVersions } from 'wc-legacy-api/cloud-config';
import { tokenParser } from '../src/cloud-config/yaml/token-parser';
import { fillUserData } from '../test/cloud-config/fill-user-data';

const QUICK = Boolean(process.env.BENCH_QUICK);
const CONFIGS = QUICK ? 40 : 200;
const ROUNDS = QUICK ? 3 : 7;
const COLD_RUNS = QUICK ? 3 : 9;
const root = fileURLToPath(new URL('../', import.meta.url));

// Deterministic pseudo-random numbers so every run measures the same corpus.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const indent = (text: string, n: number) => text.split('\n').map((l) => ' '.repeat(n) + l).join('\n');

// Realistic building blocks: the sections image pipelines actually write.
function user(i: number, r: () => number): string {
  const keys = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => `      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${'x'.repeat(40)}${i}${k} user${i}@host`);
  return `  - name: user${i}\n    gecos: User ${i}\n    groups: [adm, sudo]\n    shell: /bin/bash\n    sudo: ALL=(ALL) NOPASSWD:ALL\n    lock_passwd: true\n    ssh_authorized_keys:\n${keys.join('\n')}`;
}

function writeFile(i: number, r: () => number): string {
  const lines = Array.from({ length: 5 + Math.floor(r() * 40) }, (_, k) => `setting_${k} = value ${k} for file ${i}`).join('\n');
  return `  - path: /etc/app/conf.d/${i}.conf\n    owner: root:root\n    permissions: '0644'\n    content: |\n${indent(lines, 6)}`;
}

export function config(seed: number): string {
  const r = rng(seed);
  const parts = [
    '#cloud-config',
    `hostname: node-${seed}`,
    `fqdn: node-${seed}.example.internal`,
    'manage_etc_hosts: true',
    'timezone: Etc/UTC',
    'locale: en_US.UTF-8',
    'package_update: true',
    'package_upgrade: true',
    `packages:\n${['nginx', 'curl', 'jq', 'git', 'htop', 'unattended-upgrades', 'fail2ban', 'prometheus-node-exporter'].slice(0, 3 + Math.floor(r() * 5)).map((p) => `  - ${p}`).join('\n')}`,
    `users:\n  - default\n${Array.from({ length: 1 + Math.floor(r() * 6) }, (_, i) => user(i, r)).join('\n')}`,
    'ssh_pwauth: false',
    'disable_root: true',
    'ntp:\n  enabled: true\n  servers: [0.pool.ntp.org, 1.pool.ntp.org]',
    `apt:\n  preserve_sources_list: false\n  primary:\n    - arches: [default]\n      uri: http://archive.ubuntu.com/ubuntu\n  sources:\n    docker.list:\n      source: deb [arch=amd64] https://download.docker.com/linux/ubuntu $RELEASE stable\n      keyid: 9DC858229FC7DD38854AE2D88D81803C0EBFCD88`,
    `write_files:\n${Array.from({ length: 1 + Math.floor(r() * 14) }, (_, i) => writeFile(i, r)).join('\n')}`,
    `bootcmd:\n  - [cloud-init-per, once, mymkfs, mkfs, /dev/vdb]`,
    `runcmd:\n${Array.from({ length: 2 + Math.floor(r() * 10) }, (_, i) => `  - [systemctl, enable, --now, service${i}]`).join('\n')}`,
    "final_message: 'cloud-init finished after $UPTIME seconds'",
  ];
  return `${parts.join('\n')}\n`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** CPU time of this process (all its threads, garbage collection included), in milliseconds. */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Wall time and CPU time of one round of `work` over `texts`. */
function timeRound(texts: readonly string[], work: (text: string) => unknown): [wall: number, cpu: number] {
  const start = performance.now();
  const cpu = cpuNow();
  for (const text of texts) work(text);
  return [performance.now() - start, cpuNow() - cpu];
}

/**
 * Medians of `rounds` interleaved rounds of `baseline` and `work` over `texts`, after `warmups`
 * rounds of each: wall time [baseline, work], then CPU time [baseline, work]. On a shared machine
 * the CPU times are the steadier pair (time spent waiting for a core is not counted).
 */
function interleaved(texts: readonly string[], baseline: (text: string) => unknown, work: (text: string) => unknown, warmups: number, rounds: number): [number, number, number, number] {
  for (let i = 0; i < warmups; i++) {
    timeRound(texts, baseline);
    timeRound(texts, work);
  }
  const b: [number, number][] = [];
  const w: [number, number][] = [];
  for (let round = 0; round < rounds; round++) {
    b.push(timeRound(texts, baseline));
    w.push(timeRound(texts, work));
  }
  return [median(b.map((t) => t[0])), median(w.map((t) => t[0])), median(b.map((t) => t[1])), median(w.map((t) => t[1]))];
}

function warm(): void {
  const texts = Array.from({ length: CONFIGS }, (_, i) => config(i + 1));
  const sizes = texts.map((t) => t.length);
  const invalid = texts.filter((t) => !validateCloudConfig(t).valid).length;
  if (invalid > 0) console.log(`  note: ${invalid} corpus configs are invalid (the corpus should be valid)`);
  const [y, v] = interleaved(texts, parse, validateCloudConfig, 2, ROUNDS);
  const totalKb = sizes.reduce((a, b) => a + b, 0) / 1024;
  console.log(`  corpus: ${CONFIGS} configs, ${(Math.min(...sizes) / 1024).toFixed(1)}-${(Math.max(...sizes) / 1024).toFixed(1)} KB, ${totalKb.toFixed(0)} KB total; median of ${ROUNDS} rounds`);
  console.log(`  yaml.parse alone           ${y.toFixed(1).padStart(8)} ms  (${((totalKb / 1024) / (y / 1000)).toFixed(2)} MB/s)`);
  console.log(`  validateCloudConfig        ${v.toFixed(1).padStart(8)} ms  (${((totalKb / 1024) / (v / 1000)).toFixed(2)} MB/s)`);
  console.log(`  ratio validate / yaml.parse: ${(v / y).toFixed(2)}x  (target <= 1.5x)`);
}

// Each child prints performance.now() at exit: milliseconds since its process started.
function coldRun(script: string): number {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`cold-start child failed: ${child.stderr}`);
  return Number(child.stdout.trim().split('\n').pop());
}

function cold(): void {
  const dist = `${root}dist/cloud-config/index.js`;
  if (!existsSync(dist)) {
    console.log('  building the package first (npm run build)...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0 || !existsSync(dist)) {
      console.log('  cold start: skipped, the build failed');
      return;
    }
  }
  const text = JSON.stringify(config(1));
  const validator = `import { validateCloudConfig } from ${JSON.stringify(dist)}; const r = validateCloudConfig(${text}); if (!r.valid) process.exit(3); console.log(performance.now());`;
  const baseline = `import { parse } from 'yaml'; parse(${text}); console.log(performance.now());`;
  const validatorTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    baselineTimes.push(coldRun(baseline));
    validatorTimes.push(coldRun(validator));
  }
  const b = median(baselineTimes);
  const v = median(validatorTimes);
  console.log(`  cold start (process start to first result, median of ${COLD_RUNS} runs):`);
  console.log(`  node + import yaml + parse          ${b.toFixed(1).padStart(7)} ms`);
  console.log(`  node + import package + validate    ${v.toFixed(1).padStart(7)} ms  (target < 100 ms)`);
  console.log(`  validator's own cost over baseline  ${(v - b).toFixed(1).padStart(7)} ms  (ratio ${(v / b).toFixed(2)}x)`);
}

// The CLI's cold start (target: under 30 ms over the baseline): wall time of `node dist/cloud-config/cli.js FILE`
// against a process that imports yaml and parses the same file, spawned alternately; medians, and the fastest run
// of each, which other work on a shared machine disturbs least.
function coldCli(): void {
  const cli = `${root}dist/cloud-config/cli.js`;
  if (!existsSync(cli)) return console.log('  CLI cold start: skipped, no build');
  const dir = mkdtempSync(`${tmpdir()}/wc-legacy-api-bench-`);
  const file = `${dir}/user-data.yaml`;
  writeFileSync(file, config(1));
  const wall = (args: string[]) => {
    const start = performance.now();
    const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`cold-start child failed: ${child.stderr}${child.stdout}`);
    return performance.now() - start;
  };
  const baseline = ['--input-type=module', '-e', `import { parseDocument } from 'yaml'; import { readFileSync } from 'node:fs'; parseDocument(readFileSync(${JSON.stringify(file)}, 'utf8'));`];
  const runs = QUICK ? 5 : 21;
  const b: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < runs; i++) {
    b.push(wall(baseline));
    c.push(wall([cli, file]));
  }
  rmSync(dir, { recursive: true, force: true });
  const both = (m: number, f: number) => `${m.toFixed(1).padStart(7)} / ${f.toFixed(1).padStart(6)} ms`;
  const [mb, mc, fb, fc] = [median(b), median(c), Math.min(...b), Math.min(...c)];
  console.log(`  CLI cold start (wall time of the process, ${runs} alternating spawns of each; median / fastest):`);
  console.log(`  node + import yaml + parseDocument      ${both(mb, fb)}`);
  console.log(`  validate-cloud-config FILE              ${both(mc, fc)}`);
  console.log(`  the CLI's own cost over the baseline    ${both(mc - mb, fc - fb)}  (target < 30 ms; ratio ${(mc / mb).toFixed(2)}x / ${(fc / fb).toFixed(2)}x)`);
}

// The test corpus of issue 11 (test/fixtures/cloud-config/: real-world and edge-case files, most of them invalid),
// as a mixed corpus and split into its valid and invalid files, against yaml.parseDocument with the options
// validation parses with. Rounds interleave baseline and validation; medians of wall and of CPU time (targets: mixed
// <= 1.5x, valid <= 1.2x).
function corpus(): void {
  const dir = `${root}test/fixtures/cloud-config/`;
  const texts = readdirSync(dir)
    .filter((f) => f !== 'expectations.json')
    .sort()
    .map((f) => readFileSync(`${dir}${f}`, 'utf8'));
  const valid = texts.filter((t) => validateCloudConfig(t).valid);
  const invalid = texts.filter((t) => !valid.includes(t));
  const baseline = (text: string) => parseDocument(text, { version: '1.1', uniqueKeys: false });
  const rounds = QUICK ? 5 : 15;
  // Warm means warm: the validators of a config are many small generated functions, each called a
  // few times per round, and V8 needs many rounds of this corpus to optimise them (validation time
  // falls over those rounds, then stays flat; the baseline is flat from the first few).
  const warmups = 40;
  console.log(`  corpus of issue 11: ${texts.length} files (${invalid.length} invalid), ${(texts.reduce((n, t) => n + t.length, 0) / 1024).toFixed(0)} KB; median of ${rounds} interleaved rounds after ${warmups} of each to warm up`);
  for (const [name, set, target] of [['mixed', texts, 1.5], ['valid', valid, 1.2], ['invalid', invalid, undefined]] as const) {
    const [y, v, yCpu, vCpu] = interleaved(set, baseline, validateCloudConfig, warmups, rounds);
    console.log(
      `  ${`${name} (${set.length})`.padEnd(15)} parseDocument ${y.toFixed(1).padStart(7)} ms  validate ${v.toFixed(1).padStart(7)} ms  ratio ${(v / y).toFixed(2)}x` +
        `  (CPU time: ${yCpu.toFixed(1)} / ${vCpu.toFixed(1)} ms, ${(vCpu / yCpu).toFixed(2)}x)${target ? `  (target <= ${target}x)` : ''}`,
    );
  }
  // Part of the margin above is work parseDocument does and validation skips: yaml's Parser reads
  // process.env.LOG_TOKENS once per token (see src/cloud-config/yaml/token-parser.ts). Against a parse
  // without that read, the ratio is what validation adds to parsing alone.
  const quiet = (text: string) => {
    const composer = new Composer({ version: '1.1', uniqueKeys: false });
    for (const doc of composer.compose(tokenParser().parse(text), true, text.length)) return doc;
    return undefined;
  };
  console.log(`  the same, against yaml's parse without its per-token LOG_TOKENS read (Composer over the tokens validation reads):`);
  for (const [name, set] of [['mixed', texts], ['valid', valid], ['invalid', invalid]] as const) {
    const [y, v, yCpu, vCpu] = interleaved(set, quiet, validateCloudConfig, warmups, rounds);
    console.log(
      `  ${`${name} (${set.length})`.padEnd(15)} quiet parse   ${y.toFixed(1).padStart(7)} ms  validate ${v.toFixed(1).padStart(7)} ms  ratio ${(v / y).toFixed(2)}x` +
        `  (CPU time: ${yCpu.toFixed(1)} / ${vCpu.toFixed(1)} ms, ${(vCpu / yCpu).toFixed(2)}x)`,
    );
  }
}

// Issue 25: the corpus of issue 11 (mixed) under each kind of target, against parseDocument in the same
// run: the spec (the only target of the first validator, so "today's" cost), single releases old and new,
// and validation against several releases at once. Target: a single release at most 1.2x the spec's ratio.
function targets(): void {
  const dir = `${root}test/fixtures/cloud-config/`;
  const texts = readdirSync(dir)
    .filter((f) => f !== 'expectations.json')
    .sort()
    .map((f) => readFileSync(`${dir}${f}`, 'utf8'));
  const baseline = (text: string) => parseDocument(text, { version: '1.1', uniqueKeys: false });
  const rounds = QUICK ? 5 : 9;
  console.log(`  corpus of issue 11 (${texts.length} files) per target, against parseDocument; median of ${rounds} interleaved rounds`);
  const rows: readonly (readonly [label: string, version: CloudInitVersion | CloudInitVersions, warmups: number])[] = [
    ['spec', 'spec', 40],
    ['22.1', '22.1', 40],
    ['22.4', '22.4', 40],
    ['23.4', '23.4', 40],
    ['24.4', '24.4', 40],
    ['26.2 (latest)', '26.2', 40],
    ['22.4,26.2', ['22.4', '26.2'], 20],
    ['>=22.1 (17 releases)', '>=22.1', 5],
  ];
  let spec = 0;
  for (const [label, cloudInitVersion, warmups] of rows) {
    const [y, v] = interleaved(texts, baseline, (t) => validateCloudConfig(t, { cloudInitVersion }), warmups, rounds);
    const ratio = v / y;
    if (label === 'spec') spec = ratio;
    console.log(`  ${label.padEnd(21)} parseDocument ${y.toFixed(1).padStart(7)} ms  validate ${v.toFixed(1).padStart(8)} ms  ratio ${ratio.toFixed(2)}x  (${(ratio / spec).toFixed(2)}x the spec's)`);
  }
}

// Issue 25: one input at the 1 MiB limit (users, each with a key 26.2 deprecates and older releases do not know, so
// every release reports on every user) against every release at once ('>=22.1', 17 releases), beside one release
// and parseDocument of the same text, interleaved. The input is read and parsed once for all the releases
// (src/cloud-config/input/loaded-input.ts); what is left per release is its schema and issue steps.
function multiRelease(): void {
  const text = fillUserData(QUICK ? 256 * 1024 : 1024 * 1024, '#cloud-config\nusers:\n', (i) => `  - name: u${i}\n    lock-passwd: true\n    shell: /bin/bash\n`);
  const runs = QUICK ? 3 : 5;
  const rows: readonly (readonly [label: string, work: () => unknown])[] = [
    ['parseDocument', () => parseDocument(text, { version: '1.1', uniqueKeys: false })],
    ['single target (26.2)', () => validateCloudConfig(text, { cloudInitVersion: '26.2' })],
    ['single target (22.4)', () => validateCloudConfig(text, { cloudInitVersion: '22.4' })],
    ['>=22.1 (17 releases)', () => validateCloudConfig(text, { cloudInitVersion: '>=22.1' })],
  ];
  const times = rows.map(() => [] as number[]);
  for (const [, work] of rows) work();
  for (let run = 0; run < runs; run++) {
    rows.forEach(([, work], i) => {
      const start = performance.now();
      work();
      times[i]!.push(performance.now() - start);
    });
  }
  const base = median(times[0]!);
  console.log(`  multi-release at the size limit: ${(text.length / 1024).toFixed(0)} KiB of users; median of ${runs} interleaved runs after one of each`);
  rows.forEach(([label], i) => {
    const m = median(times[i]!);
    console.log(`  ${label.padEnd(21)} ${m.toFixed(0).padStart(7)} ms  ratio to parseDocument ${(m / base).toFixed(2)}x`);
  });
}

// What the precompiled validators save: compiling the schema with ajv in the running process.
function runtimeCompile(): void {
  type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
  const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;
  const start = performance.now();
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true, verbose: true });
  addFormats(ajv, ['uri', 'date']);
  ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
  ajv.compile(cloudConfigSchema);
  console.log(`  for comparison, compiling the schema with ajv at run time: ${(performance.now() - start).toFixed(1)} ms (avoided by precompiling)`);
}

export async function run(): Promise<void> {
  // The releases before the newest load on demand; without this, naming one is an invalid_input result.
  await loadCloudInitReleases();
  if (process.env.BENCH_ONLY === 'multi') return multiRelease();
  if (process.env.BENCH_ONLY === 'corpus') return corpus();
  if (process.env.BENCH_ONLY === 'cold') return coldCli();
  if (process.env.BENCH_ONLY === 'targets') return targets();
  warm();
  corpus();
  targets();
  multiRelease();
  cold();
  coldCli();
  runtimeCompile();
}
