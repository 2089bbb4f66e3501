// The validator bundled for the browser with esbuild (minified, no stubs, no aliases) needs no Node builtin, and
// answers in a real headless Chromium: verdicts with line and column, and a clear issue for gzip bytes (synchronous
// decompression needs node:zlib, which a browser does not have).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudConfigResult } from 'wc-legacy-api/cloud-config';
import { bundle, repoRoot, type Bundle } from './build-bundle';
import { CHROMIUM_FLAGS, findChromium } from './chromium';

let built: Bundle;
beforeAll(async () => {
  built = await bundle(join(repoRoot, 'test/bundle/fixtures/browser-script.ts'), { platform: 'browser', format: 'iife', minify: true, target: 'es2022' });
});

describe('the validator bundled for the browser', () => {
  it('builds with no error, no warning and no module left to the runtime', () => {
    // esbuild fails the build on a Node builtin it cannot resolve for the browser (`Could not resolve "module"`).
    expect(built.warnings.map((w) => w.text)).toEqual([]);
    expect(built.externals).toEqual([]);
    expect(built.code.includes('createRequire'), 'the bundle calls createRequire').toBe(false);
    const gzipped = gzipSync(built.code).length;
    console.log(`browser bundle of wc-legacy-api/cloud-config: ${(built.code.length / 1024).toFixed(0)} KB minified, ${(gzipped / 1024).toFixed(0)} KB gzipped`);
  });
});

const browser = findChromium();
if ('missing' in browser) console.log(`skipping the Chromium check of the browser bundle: ${browser.missing}`);

describe.skipIf('missing' in browser)('the browser bundle in headless Chromium', () => {
  let context: BrowserContext;
  const profile = mkdtempSync(join(tmpdir(), 'wc-legacy-api-chromium-'));
  beforeAll(async () => {
    context = await chromium.launchPersistentContext(profile, { executablePath: 'path' in browser ? browser.path : '', headless: true, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('gives the verdicts Node gives, with line and column, and a clear issue for gzip bytes', async () => {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>validator</title>');
    await page.addScriptTag({ content: built.code });
    const valid = '#cloud-config\nruncmd: [ls]\n';
    const invalid = '#cloud-config\nusers:\n  - name: ada\n    shell: 5\n';
    const gzip = [...gzipSync(valid)];
    const results = await page.evaluate(({ valid, invalid, gzip }) => {
      const validate = (globalThis as unknown as { validateCloudConfig: (input: string | Uint8Array) => CloudConfigResult }).validateCloudConfig;
      return [validate(valid), validate(invalid), validate(Uint8Array.from(gzip)), validate(new TextEncoder().encode(valid))];
    }, { valid, invalid, gzip });
    const [ok, bad, gzipped, bytes] = results as [CloudConfigResult, CloudConfigResult, CloudConfigResult, CloudConfigResult];
    expect(ok.valid).toBe(true);
    expect(bytes.valid).toBe(true);
    expect(bad.valid).toBe(false);
    expect(bad.errors[0]).toMatchObject({ code: 'type', path: 'users.0.shell', line: 4, column: 12 });
    expect(gzipped.valid).toBe(false);
    expect(gzipped.errors[0]).toMatchObject({ code: 'invalid_encoding' });
    expect(gzipped.errors[0]?.message).toMatch(/gzip-compressed, and decompression is not available in this runtime.*decompress it first/);
  });

  it('renders jinja templates as Node does, with positions in the template', async () => {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>validator</title>');
    await page.addScriptTag({ content: built.code });
    const template = '## template: jinja\n#cloud-config\n{% for k in v1.tags %}\n# {{ k | upper }}\n{% endfor %}\nhostname: {{ v1.name }}\nruncmd: {{ v1.tags | length }}\n';
    const instanceData = { v1: { name: 'web-01', tags: ['a', 'b', 'c'] } };
    const result = await page.evaluate(({ template, instanceData }) => {
      const validate = (globalThis as unknown as { validateCloudConfig: (input: string, options: object) => CloudConfigResult }).validateCloudConfig;
      return validate(template, { instanceData });
    }, { template, instanceData });
    expect(result.config).toEqual({ hostname: 'web-01', runcmd: 3 });
    expect(result.errors).toEqual([expect.objectContaining({ code: 'type', path: 'runcmd', line: 7, column: 9 })]);
  });
});
