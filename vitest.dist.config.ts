import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const at = (p: string) => fileURLToPath(new URL(`./${p}`, import.meta.url));

// `npm run test:dist` (CI runs it after `npm run build`): the conformance suite, the OpenAPI document (its lazily
// loaded chunk included), the adapters behind body parsers, the real legacy clients and the fetch adapter's tests
// against the BUILT entry points, plus the package-level tests in test/package/. `npm test` runs the same suites
// against src/ and needs no build; this run refuses to start on a missing or stale dist/ (test/package/require-build.ts).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^wc-legacy-api\/(shop|cloud-config|express|koa|fetch|woocommerce)$/, replacement: at('dist/$1/index.js') },
      { find: /^wc-legacy-api$/, replacement: at('dist/index.js') },
    ],
  },
  test: {
    include: [
      'test/shop/handler-conformance.test.ts',
      'test/shop/openapi.test.ts',
      'examples/express/express.test.ts',
      'examples/koa/koa.test.ts',
      'test/shop/adapters/body-parsers.test.ts',
      'test/shop/auth/legacy-clients.test.ts',
      'test/fetch/**/*.test.ts',
      'test/package/**/*.test.ts',
    ],
    globalSetup: ['test/package/require-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
