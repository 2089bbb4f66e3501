// The folders of cloud-config-cli.bench.ts, counted in instructions instead of timed: each process (Node plus
// `yaml.parseDocument` of the files, and `validate-cloud-config --quiet FOLDER`) runs once under valgrind
// (`--tool=cachegrind --cache-sim=no`), with V8 on one thread (`--single-threaded`: its compiler and garbage
// collector threads would count elsewhere or not at all). A count moves by about 0.3% between runs whatever else the
// machine is doing, so a change of 1% to the CLI's per-file work shows here where the wall-clock bench, on a shared
// machine, cannot tell it from noise. Slow (a minute or so a process): run only when named
// (`npm run bench -- cloud-config-cli-instructions`, after `npm run build`); skipped without valgrind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from './cloud-config.bench';
import { baselineArgs, plainCorpusFolder, realWorldFolders } from './cloud-config-cli.bench';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Instructions the process ran (valgrind's `I refs`), or undefined when valgrind cannot run it. */
function instructions(args: readonly string[]): number | undefined {
  const child = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const count = /I\s+refs:\s+([\d,]+)/.exec(child.stderr ?? '');
  return count ? Number(count[1]!.replaceAll(',', '')) : undefined;
}

export async function run(): Promise<void> {
  if (!process.argv.includes('cloud-config-cli-instructions')) return console.log('  skipped: slow, run it by name (npm run bench -- cloud-config-cli-instructions)');
  const cli = join(root, 'dist', 'cloud-config', 'cli.js');
  if (!existsSync(cli)) return console.log('  skipped: no build (npm run build)');
  if (spawnSync('valgrind', ['--version']).status !== 0) return console.log('  skipped: no valgrind');
  const realistic = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-folder-'));
  for (let i = 0; i < 100; i++) writeFileSync(join(realistic, `node-${String(i).padStart(3, '0')}.yaml`), config(1000 + i));
  const small = plainCorpusFolder();
  const { wild, wildPlain } = realWorldFolders();
  try {
    const folders: [string, string][] = [
      ...(wildPlain === undefined ? [] : ([[wild, 'real-world user-data files'], [wildPlain, 'of them plain #cloud-config files']] as [string, string][])),
      [realistic, 'realistic configs'],
      [small, 'small test-corpus files'],
    ];
    console.log('  instructions of each process (valgrind, node --single-threaded), in millions:');
    for (const [dir, what] of folders) {
      const files = readdirSync(dir).sort().map((n) => join(dir, n));
      const base = instructions(baselineArgs(files));
      const validated = instructions([cli, '--quiet', dir]);
      if (base === undefined || validated === undefined) return console.log('  skipped: valgrind did not run node');
      const m = (n: number) => (n / 1e6).toFixed(0).padStart(6);
      console.log(`  ${String(files.length).padStart(3)} ${what.padEnd(36)} parseDocument ${m(base)}  validate-cloud-config ${m(validated)}  ratio ${(validated / base).toFixed(3)}x`);
    }
  } finally {
    for (const dir of [realistic, small, ...(wildPlain === undefined ? [] : [wildPlain])]) rmSync(dir, { recursive: true, force: true });
  }
}
