/**
 * Real Express 5 and Koa 3 servers (`wc-legacy-api/express` and `wc-legacy-api/koa`, built from `examples/`) on 127.0.0.1, port 0, over
 * plain HTTP or over real TLS with a certificate made at test time. Every raw request URL is recorded, so tests can
 * look at what the clients really sent and replay it.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Koa from 'koa';
import type { ShopApi } from 'wc-legacy-api/shop';
import { createMiddleware as expressMiddleware } from 'wc-legacy-api/express';
import { createMiddleware as koaMiddleware } from 'wc-legacy-api/koa';
import type { SelfSignedCertificate } from './self-signed-cert';

export type Framework = 'express' | 'koa';

export interface RunningShop {
  /** `http://127.0.0.1:<port>` or `https://127.0.0.1:<port>`. */
  readonly url: string;
  /** Raw request targets (path + query) in arrival order. */
  readonly seen: string[];
  close(): Promise<void>;
}

/** Starts a server first (to learn its port, hence its URL), then builds the API for that URL and mounts it. */
export async function startShop(
  framework: Framework,
  makeApi: (siteUrl: string) => ShopApi,
  tls?: SelfSignedCertificate,
): Promise<RunningShop> {
  const server = tls ? https.createServer({ cert: tls.cert, key: tls.key }) : http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const api = makeApi(url);
  let listener: http.RequestListener;
  if (framework === 'express') {
    const app = express();
    app.use(expressMiddleware(api));
    listener = app;
  } else {
    const app = new Koa();
    app.use(koaMiddleware(api));
    listener = app.callback();
  }
  const seen: string[] = [];
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(req.url ?? '');
    listener(req, res);
  });
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
