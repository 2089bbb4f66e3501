// Whether dist/ was built from the current sources: the import-cost bench rebuilds when it is not, and
// `npm run test:dist` refuses to run on it (a stale build would measure or test old code).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Entry files every build writes. */
export const DIST_ENTRIES = ['index.js', 'shop/index.js', 'cloud-config/index.js', 'express/index.js', 'koa/index.js', 'fetch/index.js', 'index.cjs'];

/** Newest modification time of the TypeScript that goes into the build (src/ and the adapters in examples/). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|js)$/.test(name) && !name.endsWith('.test.ts')) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** `undefined` when dist/ is complete and newer than every source file, else what is wrong with it. */
export function distProblem(): string | undefined {
  const missing = DIST_ENTRIES.filter((entry) => !existsSync(join(root, 'dist', entry)));
  if (missing.length > 0) return `dist/ is missing ${missing.join(', ')}`;
  const built = Math.min(...DIST_ENTRIES.map((entry) => statSync(join(root, 'dist', entry)).mtimeMs));
  const sources = Math.max(newestSource(join(root, 'src')), newestSource(join(root, 'examples')));
  return built < sources ? 'dist/ is older than the sources in src/ or examples/' : undefined;
}
