import { defineConfig } from 'tsup';

export default defineConfig([{
  entry: {
    index: 'src/index.ts',
    'shop/index': 'src/shop/index.ts',
    'cloud-config/index': 'src/cloud-config/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  // Keep the CLI: the second config below builds it in parallel with this one.
  clean: ['!cloud-config/cli.js'],
  sourcemap: false,
  target: 'node20',
  splitting: false,
  treeshake: true,
}, {
  // The validate-cloud-config bin: ESM only and executable; dependencies stay external as for the library.
  entry: { 'cloud-config/cli': 'src/cloud-config/output/cli.ts' },
  format: ['esm'],
  banner: { js: '#!/usr/bin/env node' },
  dts: false,
  clean: false,
  target: 'node20',
  splitting: false,
  treeshake: true,
}]);
