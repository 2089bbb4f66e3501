// What a V8 code cache made after a run would give `validate-cloud-config` over the small-files folder, on the Node
// running the bench: data for the choice in docs/decisions.md ("Node's compile cache where Node has one"), not a
// shipped feature. Node's own compile cache (Node 22+) leaves the per-file cost where it is
// (docs/cloud-config.md, "CLI over a folder"); a cache made by `vm.Script#createCachedData()` when a run ends also
// holds the functions V8 compiled on their first call. The bench builds its own one-file copy of the CLI in a
// temporary folder (esbuild, as tsup does; `vm.Script` runs classic scripts only, so the bundle's Node built-in imports
// become `require` calls and its body an async function), makes the cache with one run over the folder (or over its
// first file alone), checks that the copy prints what the built CLI prints, then spawns the baseline, the built CLI
// and the copy with each cache in turn.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { baselineArgs, median, plainCorpusFolder } from './cloud-config-cli.bench';

const QUICK = Boolean(process.env.BENCH_QUICK);
const root = fileURLToPath(new URL('../', import.meta.url));

/** The CLI (src/cloud-config/output/cli.ts) as one script: an async function of `require` and the module's URL. */
async function bundleCli(): Promise<string> {
  const minifyGenerated: esbuild.Plugin = {
    name: 'minify-generated',
    setup(build) {
      // As tsup.config.ts does: the generated validators minified.
      build.onLoad({ filter: /[\\/]generated[\\/][^\\/]+\.js$/ }, async ({ path }) => {
        const { code } = await esbuild.transform(readFileSync(path, 'utf8'), { loader: 'js', format: 'esm', target: 'node20', minifyWhitespace: true, minifyIdentifiers: true, minifySyntax: true });
        return { contents: code, loader: 'js' };
      });
    },
  };
  const built = await esbuild.build({
    entryPoints: [join(root, 'src/cloud-config/output/cli.ts')],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    alias: { yaml: join(root, 'node_modules/yaml/browser/index.js') },
    external: ['wc-legacy-api/examples/data/small-shop.json'],
    plugins: [minifyGenerated],
  });
  const code = built.outputFiles[0]!.text
    .replace(/^import (\w+) from "([\w:/]+)";$/gm, 'const $1 = require("$2");')
    .replace(/^import \{([^}]*)\} from "([\w:/]+)";$/gm, (_, names: string, from: string) => `const {${names.replace(/(\w+) as (\w+)/g, '$1: $2')}} = require("${from}");`)
    .replace(/^import \* as (\w+) from "([\w:/]+)";$/gm, 'const $1 = require("$2");')
    .replace(/import\.meta\.url/g, 'moduleUrl');
  if (/^import /m.test(code)) throw new Error('the bundle has an import this bench does not rewrite');
  return `(async function (require, moduleUrl) {\n${code}\n})`;
}

// Runs the bundle next to it with the cache file named by CLI_CACHE (read it, or with CLI_CACHE_WRITE=1 write it when
// the run ends). The CLI's module URL is the built bin's, so it finds the package as the bin does.
const LOADER = `const fs = require('node:fs');
const vm = require('node:vm');
const cacheFile = process.env.CLI_CACHE;
const write = process.env.CLI_CACHE_WRITE === '1';
const cachedData = cacheFile && !write && fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile) : undefined;
const script = new vm.Script(fs.readFileSync(__dirname + '/cli-bundle.js', 'utf8'), { filename: __dirname + '/cli-bundle.js', cachedData });
if (cachedData && script.cachedDataRejected) throw new Error('cached data rejected');
if (write) process.on('exit', () => fs.writeFileSync(cacheFile, script.createCachedData()));
script.runInThisContext()(require, process.env.CLI_MODULE_URL);
`;

export async function run(): Promise<void> {
  const cli = join(root, 'dist', 'cloud-config', 'cli.js');
  if (!existsSync(cli)) return console.log('  skipped: no build (npm run build)');
  const work = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-cache-'));
  const folder = plainCorpusFolder();
  const files = readdirSync(folder).sort().map((n) => join(folder, n));
  const single = join(work, 'first');
  mkdirSync(single);
  copyFileSync(files[0]!, join(single, basename(files[0]!)));
  try {
    writeFileSync(join(work, 'cli-bundle.js'), await bundleCli());
    writeFileSync(join(work, 'loader.cjs'), LOADER);
    const env = (cache: string, write = false) => ({ ...process.env, CLI_CACHE: join(work, cache), CLI_CACHE_WRITE: write ? '1' : '0', CLI_MODULE_URL: pathToFileURL(cli).href });
    const spawn = (args: string[], environment: NodeJS.ProcessEnv = process.env) => {
      const start = performance.now();
      const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: environment, maxBuffer: 64 * 1024 * 1024 });
      if (child.status !== 0 && child.status !== 1) throw new Error(`child failed (${child.status}): ${child.stderr.slice(0, 400)}`);
      return { ms: performance.now() - start, out: child.stdout + child.stderr };
    };
    const loader = join(work, 'loader.cjs');
    spawn([loader, '--quiet', folder], env('folder.cache', true));
    spawn([loader, '--quiet', single], env('first.cache', true));
    const expected = spawn([cli, '--quiet', folder]).out;
    for (const cache of ['folder.cache', 'first.cache']) {
      if (spawn([loader, '--quiet', folder], env(cache)).out !== expected) throw new Error(`the bundled copy (${cache}) prints something else than the built CLI`);
    }
    const rows: [string, () => number][] = [
      ['node + import yaml + parseDocument of each', () => spawn(baselineArgs(files)).ms],
      ['validate-cloud-config --quiet FOLDER (dist)', () => spawn([cli, '--quiet', folder]).ms],
      ['one-file copy, cache made by a run over it', () => spawn([loader, '--quiet', folder], env('folder.cache')).ms],
      ['one-file copy, cache made on its first file', () => spawn([loader, '--quiet', folder], env('first.cache')).ms],
    ];
    const runs = QUICK ? 5 : 21;
    const times = rows.map(() => [] as number[]);
    for (let i = 0; i < runs; i++) rows.forEach(([, time], r) => times[r]!.push(time()));
    const base = median(times[0]!);
    console.log(`  ${files.length} small test-corpus files; ${runs} alternating spawns of each; median / fastest, ratio of medians to the first row:`);
    rows.forEach(([what], r) => {
      const [m, f] = [median(times[r]!), Math.min(...times[r]!)];
      console.log(`    ${what.padEnd(46)} ${m.toFixed(1).padStart(7)} / ${f.toFixed(1).padStart(6)} ms  ${(m / base).toFixed(2)}x`);
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}
