// The packed tarball as a new user meets it (CI runs this after the build: npm run check:consumer). Packs the
// package and installs the tarball into an empty project outside the repository, with the same TypeScript,
// @types/node, Express and Koa types and tsx as ours; then
// 1. type-checks test/consumer/ under moduleResolution node16, nodenext and bundler with skipLibCheck false and
//    exactOptionalPropertyTypes true (an unused `@ts-expect-error` fails it: how money degrading to `any` shows);
// 2. runs every README code block whose first line names a file (`// quick-start.mts ...`) with tsx, exactly as
//    pasted, and compares what it prints with the `// ` lines that end the block.
// Exits 1 on any failure.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const MODES = [
  { name: 'node16', module: 'node16', moduleResolution: 'node16', files: ['esm.mts', 'cjs.cts'] },
  { name: 'nodenext', module: 'nodenext', moduleResolution: 'nodenext', files: ['esm.mts', 'cjs.cts'] },
  // Bundlers resolve the `import` condition only; CommonJS consumers are covered by the two modes above.
  { name: 'bundler', module: 'esnext', moduleResolution: 'bundler', files: ['esm.mts'] },
] as const;
// What a TypeScript user of the adapters adds next to wc-legacy-api, pinned to the versions this repository tests with.
// The frameworks' types suffice to type-check; their runtimes are left out because Express 5.3 hoists
// content-disposition 2, whose own types then shadow the ones @types/koa expects (an upstream clash with
// skipLibCheck false, whatever the consumer imports). tsx runs the README's quick starts as a reader would.
const CONSUMER_PACKAGES = ['typescript', '@types/node', '@types/express', '@types/koa', 'tsx'];

const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/** README code blocks that are whole files: the first line is `// NAME.mts ...`; trailing `// ` lines are its output. */
function readmeFiles(readme: string): { name: string; code: string; expected: string }[] {
  return [...readme.matchAll(/```ts\n(\/\/ ([\w-]+\.mts)\b[^\n]*\n[\s\S]*?)```/g)].map((m) => {
    const lines = m[1]!.trimEnd().split('\n');
    let end = lines.length;
    while (end > 0 && lines[end - 1]!.startsWith('// ')) end--;
    return { name: m[2]!, code: `${lines.join('\n')}\n`, expected: lines.slice(end).map((l) => l.slice(3)).join('\n') };
  });
}

function checkTypes(project: string): boolean {
  for (const file of ['esm.mts', 'cjs.cts']) copyFileSync(join(root, 'test/consumer', file), join(project, 'src', file));
  let ok = true;
  for (const mode of MODES) {
    const tsconfig = `tsconfig.${mode.name}.json`;
    const compilerOptions = {
      module: mode.module,
      moduleResolution: mode.moduleResolution,
      target: 'es2022',
      lib: ['es2023'],
      types: ['node'],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      noEmit: true,
    };
    writeFileSync(join(project, tsconfig), `${JSON.stringify({ compilerOptions, files: mode.files.map((f) => `src/${f}`) }, null, 2)}\n`);
    const tsc = (...args: string[]) => spawnSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, ...args], { cwd: project, encoding: 'utf8' });
    const declarations = tsc('--listFilesOnly').stdout.split('\n').filter((f) => f.includes('/node_modules/wc-legacy-api/')).length;
    const check = tsc();
    const output = `${check.stdout}${check.stderr}`.trim();
    ok &&= check.status === 0;
    console.log(`consumer types (${mode.name}, ${mode.files.join(' + ')}): ${check.status === 0 ? 'ok' : 'FAILED'}, ${declarations} wc-legacy-api declaration files checked`);
    if (output !== '') console.log(output.replaceAll(project, '<consumer>'));
  }
  return ok;
}

function runReadme(project: string): boolean {
  const files = readmeFiles(readFileSync(join(root, 'README.md'), 'utf8'));
  if (files.length === 0) {
    console.log('README quick starts: FAILED, no runnable block found (a block starting with `// NAME.mts`)');
    return false;
  }
  let ok = true;
  for (const file of files) {
    writeFileSync(join(project, file.name), file.code);
    const run = spawnSync(process.execPath, [join(project, 'node_modules/tsx/dist/cli.mjs'), file.name], { cwd: project, encoding: 'utf8' });
    const printed = `${run.stdout}${run.stderr}`.trimEnd();
    const same = run.status === 0 && printed === file.expected;
    ok &&= same;
    console.log(`README ${file.name} (npx tsx ${file.name}): ${same ? 'ok, printed what the README shows' : 'FAILED'}`);
    if (!same) console.log(`  exit ${run.status}; expected:\n${file.expected}\n  printed:\n${printed}`);
  }
  return ok;
}

/** The installed `wc-legacy-api` bin serves the example shop shipped in the tarball when no data is named. */
async function runBin(project: string): Promise<boolean> {
  const child = spawn(join(project, 'node_modules/.bin/wc-legacy-api'), ['serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const banner = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Stop with Ctrl-C')) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => resolve(false));
  });
  child.kill('SIGINT');
  const ok = banner && output.includes('serving the example shop shipped with wc-legacy-api');
  console.log(`bin wc-legacy-api serve (no data named): ${ok ? 'ok, serves the example shop shipped in the package' : 'FAILED'}`);
  if (!ok) console.log(output);
  return ok;
}

const work = mkdtempSync(join(tmpdir(), 'wc-legacy-api-consumer-'));
try {
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root)) as { filename: string }[];
  const tarball = join(work, packed[0]!.filename);
  const project = join(work, 'consumer');
  mkdirSync(join(project, 'src'), { recursive: true });
  // As `npm init` leaves it: no "type", so .mts is ESM and .cts CommonJS whatever the default.
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true }, null, 2)}\n`);
  const pinned = CONSUMER_PACKAGES.map((name) => `${name}@${installedVersion(name)}`);
  console.log(`consumer project: an empty project installs ${packed[0]!.filename} and ${pinned.join(' ')}`);
  npm(['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--prefer-offline', tarball, ...pinned], project);
  const typesOk = checkTypes(project);
  const readmeOk = runReadme(project);
  const binOk = await runBin(project);
  process.exitCode = typesOk && readmeOk && binOk ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
