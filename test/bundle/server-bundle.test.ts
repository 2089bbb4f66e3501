// A server bundled with esbuild for Node (ESM and CommonJS) runs from a folder with no node_modules: every module it
// needs is in the bundle (a `createRequire(import.meta.url)('zod')` that esbuild cannot see once made this fail with
// "Cannot find module 'zod'" on the first snapshot load).
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, repoRoot } from './build-bundle';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'wc-legacy-api-server-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether a node_modules folder is visible from `folder` (Node would search it for a missing module). */
function nodeModulesAbove(folder: string): string | undefined {
  for (let d = folder; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) return join(d, 'node_modules');
    if (dirname(d) === d) return undefined;
  }
}

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe.each([
  { format: 'esm' as const, file: 'server.mjs' },
  { format: 'cjs' as const, file: 'server.cjs' },
])('a server bundled with esbuild --platform=node --format=$format', ({ format, file }) => {
  it('needs nothing but Node builtins, and answers from a folder with no node_modules', async () => {
    const built = await bundle(join(repoRoot, 'test/bundle/fixtures/server-script.ts'), { platform: 'node', format, target: 'node20' });
    // A warning here is what a user's build would show (import.meta in CommonJS, a require esbuild cannot follow).
    expect(built.warnings.map((w) => w.text)).toEqual([]);
    expect(built.externals.filter((name) => !builtins.has(name))).toEqual([]);
    expect(nodeModulesAbove(dir)).toBeUndefined();
    writeFileSync(join(dir, file), built.code);
    copyFileSync(join(repoRoot, 'examples/data/small-shop.json'), join(dir, 'shop.json'));
    const { stdout } = await run(process.execPath, [file, 'shop.json'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, timeout: 20_000 });
    const answer = JSON.parse(stdout) as { status: number; body: { store: { name: string } } };
    expect(answer.status).toBe(200);
    expect(answer.body.store.name).toBe('Demo Tea Store');
  });
});
