// The validator CLI over a folder, as build tooling runs it once per build (issue 26: within 1.2x of Node plus
// `yaml.parseDocument` of the same files, as whole processes). The folders the target is for hold real user data: the
// 159 real-world files of ../shared/corpora (read where they are), all of them and the 149 plain `#cloud-config` ones,
// and 100 realistic configs of 1-20 KB (the generator of cloud-config.bench.ts). Two more are comparisons: the plain
// `#cloud-config` files of the test corpus (test/fixtures/cloud-config/: most under 200 bytes and invalid on purpose,
// so the issue path, not reading YAML, is most of each file's work), and as many small files made of its first ten
// over and over (the same per-file work with little code running for the first time after the first files: the
// corpus names a different module or issue in nearly every file), so the two small-file rows tell that first-run cost
// from the work each file needs. The baseline process imports yaml and parses each of the same files. Spawned
// alternately; medians and fastest runs. Each folder's first file is also run alone by both, so the time splits into
// the start (Node, the code loaded, the first file) and each further file: where a gap between the two lies.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from './cloud-config.bench';

const QUICK = Boolean(process.env.BENCH_QUICK);
const root = fileURLToPath(new URL('../', import.meta.url));

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** A new temporary folder with the test corpus's plain `#cloud-config` files (the caller removes it). */
export function plainCorpusFolder(): string {
  const source = join(root, 'test', 'fixtures', 'cloud-config');
  const fixtures = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-folder-'));
  for (const name of readdirSync(source).filter((f) => f.endsWith('.yaml'))) {
    const text = readFileSync(join(source, name), 'utf8');
    if (text.startsWith('#cloud-config') && !/^content-type:/im.test(text)) copyFileSync(join(source, name), join(fixtures, name));
  }
  return fixtures;
}

/**
 * The issue's own measure: the real-world user data of ../shared/corpora (159 files from public repositories), read
 * where they are, never copied into the repository: the folder of all of them, and a temporary folder of the plain
 * `#cloud-config` ones (undefined without the corpora).
 */
export function realWorldFolders(): { wild: string; wildPlain: string | undefined } {
  const wild = join(root, '..', 'shared', 'corpora', 'cloud-config-wild', 'cases');
  const wildPlain = existsSync(wild) ? mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-folder-')) : undefined;
  if (wildPlain !== undefined) {
    for (const name of readdirSync(wild)) {
      if (/^#cloud-config[ \t]*\r?\n/.test(readFileSync(join(wild, name), 'utf8'))) copyFileSync(join(wild, name), join(wildPlain, name));
    }
  }
  return { wild, wildPlain };
}

/** Node's arguments for the baseline process: import yaml, parseDocument each file. */
export function baselineArgs(files: readonly string[]): string[] {
  return [
    '--input-type=module',
    '-e',
    `import { parseDocument } from 'yaml'; import { readFileSync } from 'node:fs'; for (const f of ${JSON.stringify(files)}) parseDocument(readFileSync(f, 'utf8'), { version: '1.1', uniqueKeys: false });`,
  ];
}

export async function run(): Promise<void> {
  const cli = join(root, 'dist', 'cloud-config', 'cli.js');
  if (!existsSync(cli)) return console.log('  skipped: no build (npm run build)');
  const realistic = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-folder-'));
  for (let i = 0; i < 100; i++) writeFileSync(join(realistic, `node-${String(i).padStart(3, '0')}.yaml`), config(1000 + i));
  const fixtures = plainCorpusFolder();
  const plain = readdirSync(fixtures).sort();
  const repeated = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-folder-'));
  plain.forEach((_, i) => {
    const name = plain[i % 10]!;
    copyFileSync(join(fixtures, name), join(repeated, `${String(i).padStart(3, '0')}-${name}`));
  });
  const { wild, wildPlain } = realWorldFolders();
  try {
    if (wildPlain !== undefined) {
      folder(cli, wild, 'real-world user-data files (../shared/corpora/cloud-config-wild: templates and multipart included)');
      folder(cli, wildPlain, 'of them plain #cloud-config files');
    }
    folder(cli, realistic, 'realistic configs');
    folder(cli, fixtures, 'small test-corpus files', 'a comparison: the target is for real user data');
    folder(cli, repeated, 'small files, the first ten corpus files repeated', 'a comparison, no target');
  } finally {
    for (const dir of [realistic, fixtures, repeated, ...(wildPlain === undefined ? [] : [wildPlain])]) rmSync(dir, { recursive: true, force: true });
  }
}

function folder(cli: string, dir: string, what: string, target = 'target <= 1.2x'): void {
  const files = readdirSync(dir).sort().map((n) => join(dir, n));
  const bytes = files.reduce((n, f) => n + readFileSync(f).length, 0);
  const baseline = baselineArgs;
  const wall = (args: string[], okStatuses: readonly number[]) => {
    const start = performance.now();
    const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (!okStatuses.includes(child.status ?? -1)) throw new Error(`child failed (${child.status}): ${child.stderr.slice(0, 400)}`);
    return performance.now() - start;
  };
  // The first file alone, in a folder of its own (the bin takes a folder as the bench gives it one).
  const single = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-folder-'));
  copyFileSync(files[0]!, join(single, basename(files[0]!)));
  const runs = QUICK ? 5 : 21;
  const [b, c, b1, c1]: [number[], number[], number[], number[]] = [[], [], [], []];
  // Exit status 1 is a verdict (some corpus files are invalid on purpose), not a failure of the run.
  try {
    for (let i = 0; i < runs; i++) {
      b.push(wall(baseline(files), [0]));
      c.push(wall([cli, '--quiet', dir], [0, 1]));
      b1.push(wall(baseline(files.slice(0, 1)), [0]));
      c1.push(wall([cli, '--quiet', single], [0, 1]));
    }
  } finally {
    rmSync(single, { recursive: true, force: true });
  }
  const both = (m: number, f: number) => `${m.toFixed(1).padStart(7)} / ${f.toFixed(1).padStart(6)} ms`;
  const [mb, mc, fb, fc] = [median(b), median(c), Math.min(...b), Math.min(...c)];
  console.log(`  ${files.length} ${what} (${(bytes / 1024).toFixed(0)} KB); ${runs} alternating spawns of each; median / fastest:`);
  console.log(`    node + import yaml + parseDocument of each   ${both(mb, fb)}`);
  console.log(`    validate-cloud-config --quiet FOLDER         ${both(mc, fc)}`);
  console.log(`    ratio: ${(mc / mb).toFixed(2)}x / ${(fc / fb).toFixed(2)}x  (${target})`);
  // Medians: the start is the first file's run; each further file, what the whole folder adds to it, per file.
  const [sb, sc] = [median(b1), median(c1)];
  const further = (whole: number, start: number) => (whole - start) / Math.max(1, files.length - 1);
  const [pb, pc] = [further(mb, sb), further(mc, sc)];
  console.log(`    split (medians): start with the first file ${sb.toFixed(1)} / ${sc.toFixed(1)} ms (${(sc / sb).toFixed(2)}x), each further file ${pb.toFixed(3)} / ${pc.toFixed(3)} ms (${(pc / pb).toFixed(2)}x)`);
}
