// The BUILT package as Node loads it (run by `npm run test:dist` after the build): one runtime copy of every module
// whatever the entry point, and source maps that lead a stack trace back to our TypeScript. Children are plain
// `node` processes in the repository root, which import the package by its own name through its `exports`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(dist, path)];
  });
}

function node(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** The source modules bundled into a file: esbuild heads each module's code with a `// path/to/module.ts` line. */
function bundledModules(file: string): string[] {
  return [...readFileSync(join(dist, file), 'utf8').matchAll(/^\/\/ ((?:src|examples)\/\S+\.[jt]s)$/gm)].map((m) => m[1]!);
}

describe('built package', () => {
  const built = files(dist);

  it('is what this run\'s suites import by the package names (vitest.dist.config.ts aliases them to dist/)', async () => {
    for (const entry of ['shop', 'express', 'koa', 'fetch'] as const) {
      const byName = (await import(`wc-legacy-api/${entry}`)) as Record<string, unknown>;
      const fromDist = (await import(join(dist, entry, 'index.js'))) as Record<string, unknown>;
      const name = entry === 'shop' ? 'createShopApi' : entry === 'fetch' ? 'createFetchHandler' : 'createMiddleware';
      expect(byName[name], entry).toBe(fromDist[name]);
    }
  });

  it.each([
    ['ESM', /\.js$/],
    ['CommonJS', /\.cjs$/],
  ])('bundles every source module into exactly one %s file', (_format, extension) => {
    const where = new Map<string, string[]>();
    for (const file of built.filter((f) => extension.test(f))) {
      for (const module of bundledModules(file)) where.set(module, [...(where.get(module) ?? []), file]);
    }
    expect(where.size).toBeGreaterThan(100);
    expect(where.get('src/cloud-config/check/generated/cloud-config-validators.js')).toHaveLength(1);
    expect(where.get('src/shop/http/create-shop-api.ts')).toHaveLength(1);
    expect([...where].filter(([, inFiles]) => inFiles.length > 1)).toEqual([]);
  });

  it('exports the example shop snapshot, which loads as a valid shop from ESM and CommonJS', () => {
    const esm = node(['--input-type=module', '-e', `
      const { default: data } = await import('wc-legacy-api/examples/data/small-shop.json', { with: { type: 'json' } });
      const { loadShopSnapshot } = await import('wc-legacy-api/shop');
      const loaded = loadShopSnapshot(data);
      console.log(loaded.ok, loaded.ok && loaded.snapshot.orders.length);`]);
    expect(esm.stderr).toBe('');
    expect(esm.stdout.trim()).toMatch(/^true [1-9]\d*$/);
    const cjs = node(['-e', `
      const data = require('wc-legacy-api/examples/data/small-shop.json');
      console.log(require('wc-legacy-api/shop').loadShopSnapshot(data).ok);`]);
    expect(cjs.stdout.trim()).toBe('true');
  });

  it('hands out the same classes and functions from wc-legacy-api and its subpaths (ESM)', () => {
    const script = `
      const all = await import('wc-legacy-api');
      const subpaths = [await import('wc-legacy-api/shop'), await import('wc-legacy-api/cloud-config')];
      let shared = 0;
      for (const sub of subpaths) for (const [name, value] of Object.entries(sub)) {
        if (all[name] !== value) throw new Error('two copies of ' + name);
        shared++;
      }
      const error = new subpaths[0].SnapshotImportError('cannot store', 'shop_orders.customer_note');
      console.log(JSON.stringify({ shared, instanceofRoot: error instanceof all.SnapshotImportError }));`;
    const run = node(['--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ shared: expect.any(Number), instanceofRoot: true });
    expect((JSON.parse(run.stdout) as { shared: number }).shared).toBeGreaterThan(50);
  });

  it('hands out the same classes from wc-legacy-api and its subpaths, and loads each module once (CommonJS)', () => {
    const script = `
      const all = require('wc-legacy-api');
      const shop = require('wc-legacy-api/shop');
      require('wc-legacy-api/cloud-config'); require('wc-legacy-api/express'); require('wc-legacy-api/koa'); require('wc-legacy-api/fetch');
      const error = new all.SnapshotImportError('cannot store', 'shop_orders.customer_note');
      const loaded = Object.keys(require.cache).filter((f) => f.includes('/dist/'));
      const defining = loaded.filter((f) => /SnapshotImportError = class\\b|class SnapshotImportError\\b/.test(require('fs').readFileSync(f, 'utf8')));
      console.log(JSON.stringify({ instanceofShop: error instanceof shop.SnapshotImportError, same: all.createShopApi === shop.createShopApi, defining: defining.length }));`;
    const run = node(['-e', script]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ instanceofShop: true, same: true, defining: 1 });
  });

  it.each([
    ['ESM', 'fetch/index.js', /^import\b[^'"]*['"](\.{1,2}\/[^'"]+)['"]|^export\b[^'"]*from\s*['"](\.{1,2}\/[^'"]+)['"]/gm],
    ['CommonJS', 'fetch/index.cjs', /\brequire\(['"](\.{1,2}\/[^'"]+)['"]\)/g],
  ])('builds wc-legacy-api/fetch (%s) from files that load no Node builtin and none of the shop\'s auth', (_format, entry, localImport) => {
    // Everything the entry loads, through the shared chunks, for a runtime without Node's modules (Workers, browsers).
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(join(dist, file), 'utf8');
      for (const m of text.matchAll(localImport)) visit(join(file, '..', (m[1] ?? m[2])!));
    };
    visit(entry);
    const loaded = [...seen];
    expect(loaded.flatMap(bundledModules)).toContain('src/fetch/create-fetch-handler.ts');
    for (const file of loaded) {
      const text = readFileSync(join(dist, file), 'utf8');
      expect({ file, builtin: /['"]node:[a-z_/]+['"]|\brequire\(['"](crypto|fs|module|path|zlib)['"]\)/.exec(text)?.[0] }).toEqual({ file, builtin: undefined });
      expect(bundledModules(file).filter((m) => m.startsWith('src/shop/auth/'))).toEqual([]);
    }
  });

  it('ships the validate-cloud-config bin as an executable ESM file that shares the chunks', () => {
    const bin = join(dist, 'cloud-config/cli.js');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    expect(bundledModules('cloud-config/cli.js')).not.toContain('src/cloud-config/validate-cloud-config.ts');
    const run = spawnSync(bin, ['--help'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('validate-cloud-config');
    const version = spawnSync(bin, ['--version'], { cwd: root, encoding: 'utf8' });
    expect(version.stdout).toBe(`${(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  });

  it('loads the jinja engine, MIME multipart and the network-config validator into the validate-cloud-config bin only when a file needs them', () => {
    // The modules the bin loads at start: its own file and the chunks it imports statically (a dynamic import() is not followed).
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/^import\b[^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)) visit(join(file, '..', m[1]!));
    };
    // The bin's entry imports only node:module, then the CLI with import() once Node's compile cache is on
    // (cli-bin.ts): that one import() is followed.
    const entry = readFileSync(join(dist, 'cloud-config/cli.js'), 'utf8');
    expect(entry.match(/^import\b.*$/gm)).toEqual(["import nodeModule from 'module';"]);
    const cliChunk = /\bimport\(['"](\.{1,2}\/[^'"]+)['"]\)/.exec(entry)?.[1];
    expect(cliChunk).toBeDefined();
    visit('cloud-config/cli.js');
    visit(join('cloud-config', cliChunk!));
    const modules = [...seen].flatMap(bundledModules);
    expect(modules).toContain('src/cloud-config/validate-user-data.ts');
    expect(modules.filter((m) => /\/jinja\/|render-jinja|multipart|validate-network-config|validate-cloud-config\.ts/.test(m))).toEqual([]);
    // yaml is bundled (its ESM build), not resolved file by file from node_modules at every start.
    const importsYaml = (file: string) => /from\s*['"]yaml['"]|require\(['"]yaml['"]\)/.test(readFileSync(join(dist, file), 'utf8'));
    expect(files(dist).filter((f) => /\.c?js$/.test(f) && importsYaml(f))).toEqual([]);
  });

  it('ships the wc-legacy-api bin as an executable ESM file that shares the chunks and needs no pg for --help', () => {
    const bin = join(dist, 'shop/cli.js');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    expect(bundledModules('shop/cli.js')).not.toContain('src/shop/http/create-shop-api.ts');
    // The drivers are loaded only for --database-url, by name at run time: neither is imported nor bundled.
    expect(readFileSync(bin, 'utf8')).not.toMatch(/^import .* from ['"](pg|@electric-sql\/pglite)['"]|class PGlite\b/m);
    const run = spawnSync(bin, ['--help'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    // Both forms of import, one a line (commands.ts): a file, or a live WooCommerce store.
    expect(run.stdout).toMatch(/wc-legacy-api import SNAPSHOT --database-url URL .*\n +wc-legacy-api import --from-woocommerce URL /);
    // Found from the built bin's place in dist/, as an installed package runs it.
    const version = spawnSync(bin, ['--version'], { cwd: root, encoding: 'utf8' });
    expect(version).toMatchObject({ status: 0, stdout: `${(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version}\n` });
  });

  it('ships a source map beside every JavaScript file, mapping to our TypeScript with its text', () => {
    const code = built.filter((f) => /\.c?js$/.test(f));
    expect(code.length).toBeGreaterThan(10);
    for (const file of code) {
      expect(readFileSync(join(dist, file), 'utf8')).toContain(`//# sourceMappingURL=${file.split('/').pop()}.map`);
      expect(existsSync(join(dist, `${file}.map`)), `${file}.map`).toBe(true);
    }
    const shopMap = built.filter((f) => f.endsWith('.js.map')).map((f) => JSON.parse(readFileSync(join(dist, f), 'utf8')) as { sources: string[]; sourcesContent?: string[] });
    const withOrders = shopMap.find((m) => m.sources.some((s) => s.endsWith('src/shop/http/endpoints/orders.ts')));
    expect(withOrders?.sourcesContent?.some((text) => text.includes('export'))).toBe(true);
  });

  it('leads a stack trace from the built code back to the TypeScript source with --enable-source-maps', () => {
    const script = `
      const { createConsumerKeyAuth, createMemoryKeyStore } = await import('wc-legacy-api/shop');
      try { createConsumerKeyAuth({ keys: createMemoryKeyStore(), siteUrl: 'not a url' }); } catch (error) { console.log(error.stack); }`;
    const run = node(['--enable-source-maps', '--input-type=module', '-e', script]);
    expect(run.stdout).toContain('siteUrl must be an absolute http(s) URL');
    expect(run.stdout).toMatch(/src\/shop\/auth\/consumer-key-auth\.ts:\d+:\d+/);
  });
});
