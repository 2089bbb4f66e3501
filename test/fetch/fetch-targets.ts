// Ways to reach the fetch adapter in tests: called directly with `Request` objects, or served by Hono through
// @hono/node-server on 127.0.0.1 port 0 (the path a Node user of the Web-standard handler takes).
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { ShopApi } from 'wc-legacy-api/shop';
import { createFetchHandler, type FetchHandlerOptions } from 'wc-legacy-api/fetch';
import { httpTarget, type ConformanceTarget } from '../shop/conformance/targets';

/** The origin the direct target's requests carry; the API builds its links from its own `siteUrl`, not from this. */
export const DIRECT_ORIGIN = 'http://shop.test';

/** The handler called in-process: each request becomes a `Request` on {@link DIRECT_ORIGIN}, no server involved. */
export function directFetchTarget(handler: (request: Request) => Promise<Response>, prefix = ''): ConformanceTarget {
  return {
    prefix,
    async send(req) {
      const request = new Request(`${DIRECT_ORIGIN}${prefix}${req.path}`, { method: req.method, headers: req.headers ?? {}, body: req.body ?? null });
      const res = await handler(request);
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return { status: res.status, headers, body: await res.text(), headerNames: Object.keys(headers) };
    },
    async close() {},
  };
}

/** A Hono app routing `prefix/*` to the handler (or every path when `prefix` is ''). */
export function honoApp(api: ShopApi, prefix: string, options?: FetchHandlerOptions): Hono {
  const handler = createFetchHandler(api, options);
  return new Hono().all(prefix === '' ? '*' : `${prefix}/*`, (c) => handler(c.req.raw));
}

/** The Hono app on a real Node HTTP server through @hono/node-server, bound to 127.0.0.1 port 0. */
export function honoTarget(api: ShopApi, prefix: string, options?: FetchHandlerOptions): Promise<ConformanceTarget> {
  return httpTarget(createServer(getRequestListener(honoApp(api, prefix, options).fetch)), prefix);
}
