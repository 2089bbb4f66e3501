/**
 * Koa 3 adapter for the shop API: `router.all('/shop{/*rest}', createMiddleware(api))` with `@koa/router`, or
 * `app.use(createMiddleware(api))`.
 * Published as `wc-legacy-api/koa` (built from this file; `koa` is an optional peer dependency).
 *
 * The adapter only translates: Koa context -> `ShopRequest` (the RAW original URL, mount prefix included, and the
 * raw body), `ShopResponse` -> Koa response. The Express adapter (`wc-legacy-api/express`) exports the same
 * `createMiddleware`; the import path picks the framework.
 */
import type { Context, Middleware } from 'koa';
import { DEFAULT_MAX_BODY_BYTES, type Caller, type ShopApi } from 'wc-legacy-api/shop';
import { answerNodeRequest, clientGoneSignal, requestBody } from '../read-node-body';

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
  readonly getCaller?: ((ctx: Context) => Caller | undefined | Promise<Caller | undefined>) | undefined;
  /** Largest body read, in bytes (default: the API's `maxBodyBytes`, 64 KiB unless configured); a larger one is answered 413. */
  readonly maxBodyBytes?: number | undefined;
}

/**
 * Koa middleware serving the shop API. Mount it under any path; the API's `basePath` (default `/wc-api/v1`) is
 * found after the mount prefix.
 *
 * Mount it BEFORE any body parser (recommended; with `@koa/router`, `app.use(router.routes())` before
 * `app.use(bodyParser())`): then every body reaches the API as sent. A parser mounted first is handled too: the raw
 * text it kept (`ctx.request.rawBody`, which koa-bodyparser and @koa/bodyparser keep) is used, else its result only
 * when it is the client's JSON (JSON content type, non-empty body), else the raw body is read. A parser mounted first
 * that throws (invalid JSON sent as `application/json`) answers with Koa's own 400 before this middleware runs.
 *
 * @example
 * ```ts
 * import Koa from 'koa';
 * import Router from '@koa/router';
 * import { createShopApi, createMemoryRepository } from 'wc-legacy-api/shop';
 * import { createMiddleware } from 'wc-legacy-api/koa';
 * const api = createShopApi({ repository: createMemoryRepository(snapshot) });
 * const router = new Router();
 * router.all('/shop{/*rest}', createMiddleware(api, { getCaller: (ctx) => ctx.state.user }));
 * new Koa().use(router.routes()).listen(8080); // GET http://localhost:8080/shop/wc-api/v1/orders
 * ```
 */
export function createMiddleware(api: ShopApi, options: MiddlewareOptions = {}): Middleware {
  const maxBodyBytes = options.maxBodyBytes ?? api.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return async (ctx: Context) => {
    const signal = clientGoneSignal(ctx.res);
    const left = ctx.request as { body?: unknown; rawBody?: unknown };
    const response = await answerNodeRequest(
      api,
      maxBodyBytes,
      () => requestBody(ctx.req, { parsed: left.body, raw: left.rawBody }, maxBodyBytes),
      async (body) => ({
        method: ctx.method,
        url: ctx.originalUrl,
        headers: ctx.headers,
        body,
        caller: await options.getCaller?.(ctx),
        secure: ctx.secure,
        signal,
      }),
    );
    ctx.status = response.status;
    ctx.set(response.headers);
    // Koa drops the body of a HEAD answer itself; an empty string keeps it from turning the status into 204.
    ctx.body = response.body ?? '';
  };
}
