// Bundles a script that imports the package by its public names, as a user's esbuild would: the names resolve to the
// sources (src/), every dependency is bundled, nothing is stubbed or aliased. What the bundle still imports is listed
// so a test can check that only Node builtins (or nothing, for the browser) are left to the runtime.
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Message, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The package's public names, pointed at their sources (what the package's `exports` point at once built). */
const publicNames: Plugin = {
  name: 'wc-legacy-api-sources',
  setup(b) {
    b.onResolve({ filter: /^wc-legacy-api\/(shop|cloud-config)$/ }, ({ path }) => ({ path: `${root}src/${path.slice('wc-legacy-api/'.length)}/index.ts` }));
  },
};

/** A finished bundle: its code, esbuild's warnings, and the module names left for the runtime to load. */
export interface Bundle {
  readonly code: string;
  readonly warnings: readonly Message[];
  readonly externals: readonly string[];
}

/** Bundles `entry` (a file path) with `options` on top of bundle + metafile; errors reject as esbuild reports them. */
export async function bundle(entry: string, options: BuildOptions): Promise<Bundle> {
  const result = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, logLevel: 'silent', plugins: [publicNames], ...options });
  const externals = new Set<string>();
  for (const output of Object.values(result.metafile?.outputs ?? {})) for (const i of output.imports) if (i.external) externals.add(i.path);
  return { code: result.outputFiles?.[0]?.text ?? '', warnings: result.warnings, externals: [...externals].sort() };
}

/** The repository root (with a trailing slash). */
export const repoRoot = root;
