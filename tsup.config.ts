import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

// Every public entry point. The adapters are built from their sources in examples/ (the design keeps them there);
// their `wc-legacy-api/shop` import resolves to src/ through tsconfig `paths`, so they share the shop's chunks.
const entry = {
  index: 'src/index.ts',
  'shop/index': 'src/shop/index.ts',
  'cloud-config/index': 'src/cloud-config/index.ts',
  'express/index': 'examples/express/index.ts',
  'koa/index': 'examples/koa/index.ts',
  'woocommerce/index': 'src/shop/repository/woocommerce/index.ts',
  // The Web-standard adapter imports no framework, so it lives in src/ (docs/decisions.md).
  'fetch/index': 'src/fetch/index.ts',
};

// One runtime copy of every module whatever the entry point: code splitting puts each module in exactly one file
// per format (an entry or a shared chunk), so `wc-legacy-api` and `wc-legacy-api/shop` hand out the same classes and the
// validator's code is in the tarball once per format. Both configs write disjoint files into dist/, which the build
// script empties first (tsup's own `clean` would race between two configs).
const common: Options = {
  target: 'node20',
  splitting: true,
  treeshake: true,
  sourcemap: true,
  clean: false,
  // Bundled (see THIRD-PARTY-NOTICES.md): the few date functions the shop uses (devDependencies), and the parts of
  // zod/mini the snapshot schemas use, so importing the shop does not resolve and load their module trees file by file
  // (zod's alone costs about as much as starting Node).
  noExternal: ['@date-fns/tz', /^date-fns(\/|$)/, /^zod(\/|$)/, 'yaml'],
  // yaml too, for the same reason: `require('yaml')` resolves, reads and wraps 72 CommonJS files one by one, on every
  // run of the validate-cloud-config bin (issue 26; docs/cloud-config.md, "CLI over a folder").
  // Its ESM build (the one its exports give browsers; the same code, without Node's debugging switches
  // LOG_TOKENS/LOG_STREAM), so the bundle needs no CommonJS shims and no Node builtin.
  esbuildOptions(options) {
    options.alias = { ...options.alias, yaml: fileURLToPath(new URL('./node_modules/yaml/browser/index.js', import.meta.url)) };
  },
  // The CLI's example shop, imported by the package's own name and resolved by Node at run time (by a user's bundler
  // when they bundle the CLI), so dist/ does not carry a second copy.
  external: ['wc-legacy-api/examples/data/small-shop.json'],
  esbuildPlugins: [unmappedGeneratedCode()],
};

export default defineConfig([
  {
    ...common,
    // ESM, plus the validate-cloud-config and wc-legacy-api bins, which share the library's chunks instead of carrying its own copy.
    entry: { ...entry, 'cloud-config/cli': 'src/cloud-config/output/cli-bin.ts', 'shop/cli': 'src/shop/cli/main.ts' },
    format: ['esm'],
    // The bin's `#!/usr/bin/env node` comes from its source's first line; tsup makes such a file executable.
    dts: { entry },
  },
  {
    ...common,
    entry,
    format: ['cjs'],
    dts: { entry },
  },
]);

/**
 * Source maps point at our TypeScript, not at machine-written code: the precompiled validators (ajv output, most of
 * the package's bytes) are loaded with an input source map whose only mapping lies past their last line, so esbuild
 * maps none of their code and the maps neither repeat that file nor map it token by token. A stack trace inside it
 * shows the position in the shipped chunk, which is the same code.
 */
function unmappedGeneratedCode(): NonNullable<Options['esbuildPlugins']>[number] {
  return {
    name: 'unmapped-generated-code',
    setup(build) {
      build.onLoad({ filter: /[\\/]generated[\\/][^\\/]+\.js$/ }, async ({ path }) => {
        // Minified here (the committed file stays unminified): the CLI's cold start pays for every byte V8 scans.
        const { code } = await build.esbuild.transform(await readFile(path, 'utf8'), { loader: 'js', format: 'esm', target: 'node20', minifyWhitespace: true, minifyIdentifiers: true, minifySyntax: true });
        const map = { version: 3, sources: ['generated'], sourcesContent: [null], names: [], mappings: `${';'.repeat(code.split('\n').length)}AAAA` };
        const comment = `//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
        return { contents: `${code}\n${comment}\n`, loader: 'js' };
      });
    },
  };
}
