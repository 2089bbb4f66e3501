import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const at = (p: string) => fileURLToPath(new URL(`./${p}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests import the package by its public names, exactly as users do.
    alias: [
      { find: /^wc-legacy-api\/shop$/, replacement: at('src/shop/index.ts') },
      { find: /^wc-legacy-api\/cloud-config$/, replacement: at('src/cloud-config/index.ts') },
      { find: /^wc-legacy-api\/woocommerce$/, replacement: at('src/shop/repository/woocommerce/index.ts') },
      // The adapters are published from their sources in examples/.
      { find: /^wc-legacy-api\/express$/, replacement: at('examples/express/index.ts') },
      { find: /^wc-legacy-api\/koa$/, replacement: at('examples/koa/index.ts') },
      { find: /^wc-legacy-api\/fetch$/, replacement: at('src/fetch/index.ts') },
      { find: /^wc-legacy-api$/, replacement: at('src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // The built package's own tests need a build: `npm run test:dist` (vitest.dist.config.ts) runs them in CI.
    exclude: [...configDefaults.exclude, 'test/package/**'],
    // Two test files at a time (vitest's default is one fewer than the cores: one on CI's 2-core machine). Most of
    // the suite waits on PostgreSQL, MariaDB or spawned CLIs, so a second file overlaps that waiting: the full suite
    // with both databases went from 735 s to 567 s on the 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
