/**
 * Express 5 adapter for the shop API: `app.use('/shop', createMiddleware(api))`.
 * Published as `shopkeep/express` (built from this file; `express` is an optional peer dependency).
 *
 * The adapter only translates: Express request -> `ShopRequest` (the RAW original URL, mount prefix included, and
 * the raw body), `ShopResponse` -> Express response. Everything else (routing, query parsing, errors) is the core's.
 * The Koa adapter (`shopkeep/koa`) exports the same `createMiddleware`; the import path picks the framework.
 */
import type { Request, RequestHandler, Response } from 'express';
import { shopErrorResponse, type Caller, type ShopApi, type ShopResponse } from 'shopkeep/shop';
import { readNodeBody, TOO_LARGE } from '../read-node-body';

/**
 * Options of {@link createMiddleware}.
 *
 * @example
 * ```ts
 * const options: MiddlewareOptions = { getCaller: () => ({ userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES }) };
 * ```
 */
export interface MiddlewareOptions {
  /** Who is calling (from your session, JWT, ...); used when the API has no `authenticate`. */
  readonly getCaller?: ((req: Request) => Caller | undefined | Promise<Caller | undefined>) | undefined;
  /** Largest body read, in bytes (default 1 MiB); a larger one is answered 413. */
  readonly maxBodyBytes?: number | undefined;
}

/**
 * Express middleware serving the shop API. Mount it under any path; the API's `basePath` (default `/wc-api/v1`) is
 * found after the mount prefix. A body parser that ran before it is fine: its `req.body` is passed on.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createShopApi, createMemoryRepository, SHOP_MANAGER_CAPABILITIES } from 'shopkeep/shop';
 * import { createMiddleware } from 'shopkeep/express';
 * const api = createShopApi({ repository: createMemoryRepository(snapshot) });
 * const app = express();
 * app.use('/shop', createMiddleware(api, { getCaller: () => ({ userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES }) }));
 * app.listen(8080); // GET http://localhost:8080/shop/wc-api/v1/orders
 * ```
 */
export function createMiddleware(api: ShopApi, options: MiddlewareOptions = {}): RequestHandler {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  return async (req: Request, res: Response) => {
    let response: ShopResponse;
    try {
      const body = req.body !== undefined ? (req.body as unknown) : await readNodeBody(req, maxBodyBytes);
      if (body === TOO_LARGE) {
        response = shopErrorResponse('shop_api_body_too_large', `The request body is larger than ${maxBodyBytes} bytes`);
      } else {
        response = await api.handle({
          method: req.method,
          url: req.originalUrl,
          headers: req.headers,
          body,
          caller: await options.getCaller?.(req),
          secure: req.secure,
        });
      }
    } catch {
      // The core never rejects; this guards the adapter's own steps (reading the body, getCaller).
      response = shopErrorResponse('shop_api_internal_error');
    }
    if (res.headersSent) return;
    res.status(response.status);
    for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
    res.end(response.body ?? undefined);
  };
}
