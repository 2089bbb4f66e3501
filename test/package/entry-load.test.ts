// What importing the BUILT shop entry loads (run by `npm run test:dist` after the build): Node's crypto modules are
// loaded on the first authentication, not by the import (they were a tenth of its cost; `npm run bench --
// import-cost`). Each case runs in a fresh Node process from a script file (`node -e` itself loads crypto).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'wc-legacy-api-entry-load-'));
const esm = JSON.stringify(pathToFileURL(join(root, 'dist', 'shop', 'index.js')).href);
const cjs = JSON.stringify(join(root, 'dist', 'shop', 'index.cjs'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(name: string, source: string): unknown {
  const file = join(scratch, name);
  writeFileSync(file, source);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8' }));
}

const cryptoLoaded = `process.moduleLoadList.some((m) => /^NativeModule crypto$/.test(m))`;

describe('the built shop entry', () => {
  it.each([
    ['ESM', 'load.mjs', `const shop = await import(${esm});`],
    ['CommonJS', 'load.cjs', `const shop = require(${cjs});`],
  ])('%s: the import loads no node:crypto; the first key check does, and it works', (_format, name, load) => {
    const result = run(
      name,
      `(async () => {
        ${load}
        const before = ${cryptoLoaded};
        const hash = shop.hashConsumerKey('ck_0123456789abcdef0123456789abcdef01234567');
        console.log(JSON.stringify({ before, after: ${cryptoLoaded}, hash }));
      })();`,
    );
    expect(result).toEqual({ before: false, after: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('says what it needs where process.getBuiltinModule is missing, instead of failing on an import', () => {
    const result = run(
      'missing.mjs',
      `delete process.getBuiltinModule;
      const shop = await import(${esm});
      let message = null;
      try { shop.hashConsumerKey('ck_x'); } catch (error) { message = error.message; }
      console.log(JSON.stringify({ message }));`,
    );
    expect(result).toEqual({ message: expect.stringMatching(/needs node:crypto through process\.getBuiltinModule \(Node 20\.16\+/) });
  });
});
