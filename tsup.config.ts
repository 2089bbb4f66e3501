import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'shop/index': 'src/shop/index.ts',
    'cloud-config/index': 'src/cloud-config/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'node20',
  splitting: false,
  treeshake: true,
});
