import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests import the package by its public names, exactly as users do.
    alias: [
      { find: /^shopkeep\/shop$/, replacement: src('shop/index.ts') },
      { find: /^shopkeep\/cloud-config$/, replacement: src('cloud-config/index.ts') },
      { find: /^shopkeep$/, replacement: src('index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
