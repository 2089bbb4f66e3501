// The strict consumer type-check of the packed tarball (run by CI after the build: npm run check:consumer-types).
// Packs the package, installs the tarball into an empty project outside the repository (with the same TypeScript,
// @types/node, Express, Koa and their types as ours), and type-checks test/consumer/ under moduleResolution
// node16, nodenext and bundler with skipLibCheck false and exactOptionalPropertyTypes true. Exits 1 on any error,
// including an unused `@ts-expect-error` (how the check notices money types degrading to `any`).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const MODES = [
  { name: 'node16', module: 'node16', moduleResolution: 'node16', files: ['esm.ts', 'cjs.cts'] },
  { name: 'nodenext', module: 'nodenext', moduleResolution: 'nodenext', files: ['esm.ts', 'cjs.cts'] },
  // Bundlers resolve the `import` condition only; CommonJS consumers are covered by the two modes above.
  { name: 'bundler', module: 'esnext', moduleResolution: 'bundler', files: ['esm.ts'] },
] as const;
// What a TypeScript user of the adapters adds next to shopkeep, pinned to the versions this repository tests with.
// The frameworks' types suffice to type-check; their runtimes are left out because Express 5.3 hoists
// content-disposition 2, whose own types then shadow the ones @types/koa expects (an upstream clash with
// skipLibCheck false, whatever the consumer imports).
const CONSUMER_PACKAGES = ['typescript', '@types/node', '@types/express', '@types/koa'];

const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

const work = mkdtempSync(join(tmpdir(), 'shopkeep-consumer-'));
try {
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root)) as { filename: string }[];
  const tarball = join(work, packed[0]!.filename);
  const project = join(work, 'consumer');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  const pinned = CONSUMER_PACKAGES.map((name) => `${name}@${installedVersion(name)}`);
  console.log(`consumer types: installing ${packed[0]!.filename} with ${pinned.join(' ')}`);
  npm(['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--prefer-offline', tarball, ...pinned], project);
  for (const file of ['esm.ts', 'cjs.cts']) copyFileSync(join(root, 'test/consumer', file), join(project, 'src', file));

  let failed = false;
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
    const tsc = spawnSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', tsconfig, '--listFilesOnly'], { cwd: project, encoding: 'utf8' });
    const declarations = tsc.stdout.split('\n').filter((f) => f.includes('/node_modules/shopkeep/')).length;
    const check = spawnSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { cwd: project, encoding: 'utf8' });
    const output = `${check.stdout}${check.stderr}`.trim();
    const ok = check.status === 0;
    failed ||= !ok;
    console.log(`consumer types (${mode.name}, ${mode.files.join(' + ')}): ${ok ? 'ok' : 'FAILED'}, ${declarations} shopkeep declaration files checked`);
    if (output !== '') console.log(output.replaceAll(project, '<consumer>'));
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
