// The BUILT wc-legacy-api/fetch where only Web APIs exist (run by `npm run test:dist` after the build): bundled by
// esbuild for the browser platform, as wrangler and other Web bundlers do (a Node builtin would stop the bundle),
// then run in a fresh V8 context that holds the Web globals the adapter needs and nothing of Node (no require,
// process or Buffer).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type { ShopApi, ShopRequest } from 'wc-legacy-api/shop';
import type { createFetchHandler as CreateFetchHandler } from 'wc-legacy-api/fetch';

const entry = fileURLToPath(new URL('../../dist/fetch/index.js', import.meta.url));

describe('built wc-legacy-api/fetch in a Web-only runtime', () => {
  it('bundles for the browser platform and serves requests with nothing but Web globals', async () => {
    const bundled = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'iife', globalName: 'wcFetch', write: false, logLevel: 'silent' });
    expect(bundled.errors).toEqual([]);
    const code = bundled.outputFiles[0]!.text;
    const globals = { Request, Response, Headers, ReadableStream, TextEncoder, TextDecoder, URL };
    const { createFetchHandler } = runInNewContext(`${code}\nwcFetch`, globals, { filename: join('dist', 'fetch', 'bundled.js') }) as {
      createFetchHandler: typeof CreateFetchHandler;
    };
    expect(runInNewContext('[typeof require, typeof process, typeof Buffer]', globals)).toEqual(['undefined', 'undefined', 'undefined']);

    // A stand-in core that echoes what the adapter made of the Request.
    const seen: ShopRequest[] = [];
    const api: ShopApi = {
      handle: async (request) => {
        seen.push(request);
        return { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-WC-Total': '3' }, body: '{"ok":true}' };
      },
    };
    const handler = createFetchHandler(api, { maxBodyBytes: 8, trustProxy: true });
    const res = await handler(
      new Request('http://shop.test/shop/wc-api/v1/orders/1?fields=id', { method: 'PUT', headers: { 'x-forwarded-proto': 'https', 'X-Test': 'a' }, body: '{"a":1}' }),
    );
    expect({ status: res.status, total: res.headers.get('x-wc-total'), body: await res.text() }).toEqual({ status: 200, total: '3', body: '{"ok":true}' });
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    expect({ method: request.method, url: request.url, secure: request.secure, header: request.headers?.['x-test'] }).toEqual({
      method: 'PUT',
      url: '/shop/wc-api/v1/orders/1?fields=id',
      secure: true,
      header: 'a',
    });
    expect(new TextDecoder().decode(request.body as Uint8Array)).toBe('{"a":1}');

    // The refusal comes from the shared chunk (the core's error envelope), which runs there too.
    const over = await handler(new Request('http://shop.test/wc-api/v1/orders/1', { method: 'PUT', body: '123456789' }));
    expect({ status: over.status, body: await over.text() }).toEqual({
      status: 413,
      body: '{"errors":[{"code":"shop_api_body_too_large","message":"The request body is larger than 8 bytes"}]}',
    });
    expect(seen).toHaveLength(1);
  });
});
