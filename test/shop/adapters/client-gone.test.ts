// The Node adapters give the core a `signal` that aborts when the client goes away before its answer, so the
// repository can stop the request's work (the PostgreSQL repository cancels its statement); and one that stays
// quiet for a request answered normally.
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopApi, ShopRequest, ShopResponse } from 'wc-legacy-api/shop';
import { createMiddleware as expressMiddleware } from 'wc-legacy-api/express';
import { createMiddleware as koaMiddleware } from 'wc-legacy-api/koa';

const OK: ShopResponse = { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };

/** An API that answers at once, or (for /slow) only when the request's signal aborts; it records what it saw. */
function probe() {
  const seen: { url: string; signal: AbortSignal | undefined }[] = [];
  let arrived: () => void = () => undefined;
  let abortSeen: () => void = () => undefined;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const aborted = new Promise<void>((resolve) => (abortSeen = resolve));
  const api: ShopApi = {
    handle(req: ShopRequest) {
      seen.push({ url: req.url, signal: req.signal });
      if (!req.url.includes('slow')) return Promise.resolve(OK);
      arrived();
      return new Promise((answer) =>
        req.signal?.addEventListener('abort', () => {
          abortSeen();
          answer(OK);
        }),
      );
    },
  };
  return { api, seen, slowArrived, aborted };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const ADAPTERS: { name: string; listener: (api: ShopApi) => RequestListener }[] = [
  {
    name: 'express',
    listener: (api) => {
      const app = express();
      app.use(expressMiddleware(api));
      return app;
    },
  },
  {
    name: 'koa',
    listener: (api) => {
      const app = new Koa();
      app.use(koaMiddleware(api));
      return app.callback();
    },
  },
];

describe.each(ADAPTERS)('the $name adapter passes a client-gone signal', ({ listener }) => {
  it('aborts the signal when the client disconnects before the answer, and not for an answered request', async () => {
    const { api, seen, slowArrived, aborted } = probe();
    const port = await listen(listener(api));

    const answered = await fetch(`http://127.0.0.1:${port}/wc-api/v1/orders`);
    expect(answered.status).toBe(200);
    await answered.text();

    const req = httpRequest({ port, host: '127.0.0.1', path: '/wc-api/v1/slow' });
    req.on('error', () => undefined);
    req.end();
    await slowArrived;
    req.destroy();
    await aborted;

    expect(seen.map((s) => s.url)).toEqual(['/wc-api/v1/orders', '/wc-api/v1/slow']);
    expect(seen[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]!.signal!.aborted).toBe(false);
    expect(seen[1]!.signal!.aborted).toBe(true);
  });
});
