/**
 * Express 5 adapter for the shop API: `app.use('/shop', createMiddleware(api))`.
 * Published as `wc-legacy-api/express` (built from this file; `express` is an optional peer dependency).
 *
 * The adapter only translates: Express request -> `ShopRequest` (the RAW original URL, mount prefix included, and
 * the raw body), `ShopResponse` -> Express response. Everything else (routing, query parsing, errors) is the core's.
 * The Koa adapter (`wc-legacy-api/koa`) exports the same `createMiddleware`; the import path picks the framework.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { DEFAULT_MAX_BODY_BYTES, shopErrorResponse, type Caller, type ShopApi, type ShopResponse } from 'wc-legacy-api/shop';
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
  readonly getCaller?: ((req: Request) => Caller | undefined | Promise<Caller | undefined>) | undefined;
  /** Largest body read, in bytes (default: the API's `maxBodyBytes`, 64 KiB unless configured); a larger one is answered 413. */
  readonly maxBodyBytes?: number | undefined;
}

// What body-parser (express.json() and friends) names its failures; any other error is passed on untouched.
const BODY_PARSER_ERRORS = new Set([
  'entity.parse.failed',
  'entity.too.large',
  'entity.verify.failed',
  'encoding.unsupported',
  'charset.unsupported',
  'request.aborted',
  'request.size.invalid',
]);

/**
 * Express middleware serving the shop API: a request handler and, after it, an error handler (mount both with one
 * `app.use`). Mount it under any path; the API's `basePath` (default `/wc-api/v1`) is found after the mount prefix.
 *
 * Mount it BEFORE any body parser (recommended): then every body reaches the API as sent. A parser mounted first is
 * handled too: its result is used only when it is the client's JSON (JSON content type, non-empty body) or the raw
 * text (`express.text()`, `express.raw()`); otherwise the raw body is read. A form that `express.urlencoded()`
 * already parsed cannot be read back, so it is answered 400 in the envelope, and a parser's own failure (invalid
 * JSON from `express.json()`, a body too large) reaches the error handler, which answers in the envelope too.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createShopApi, createMemoryRepository, SHOP_MANAGER_CAPABILITIES } from 'wc-legacy-api/shop';
 * import { createMiddleware } from 'wc-legacy-api/express';
 * const api = createShopApi({ repository: createMemoryRepository(snapshot) });
 * const app = express();
 * app.use('/shop', createMiddleware(api, { getCaller: () => ({ userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES }) }));
 * app.use(express.json()); // the rest of your app
 * app.listen(8080); // GET http://localhost:8080/shop/wc-api/v1/orders
 * ```
 */
export function createMiddleware(api: ShopApi, options: MiddlewareOptions = {}): [RequestHandler, ErrorRequestHandler] {
  const maxBodyBytes = options.maxBodyBytes ?? api.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  const answer = async (req: Request, res: Response, readBody: () => Promise<unknown>): Promise<void> => {
    const signal = clientGoneSignal(res);
    const response = await answerNodeRequest(api, maxBodyBytes, readBody, async (body) => ({
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      body,
      caller: await options.getCaller?.(req),
      secure: req.secure,
      signal,
    }));
    write(res, response);
  };

  const handle: RequestHandler = (req, res) =>
    answer(req, res, () => requestBody(req, { parsed: req.body as unknown, raw: (req as { rawBody?: unknown }).rawBody }, maxBodyBytes));

  // A body parser mounted before the API failed. Invalid JSON goes to the core as the text it was (so it gets the
  // same authentication, routing and 400 as any invalid body); other parser failures are answered directly.
  const handleParserError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    const { type, body } = (error ?? {}) as { type?: unknown; body?: unknown };
    if (typeof type !== 'string' || !BODY_PARSER_ERRORS.has(type)) {
      next(error);
      return;
    }
    if (type === 'entity.parse.failed' && typeof body === 'string') return answer(req, res, async () => body);
    const { limit } = error as { limit?: unknown };
    if (type === 'entity.too.large' && typeof limit === 'number') {
      write(res, shopErrorResponse('shop_api_body_too_large', `The request body is larger than ${limit} bytes`));
      return;
    }
    const message = error instanceof Error ? `The request body could not be read: ${error.message}` : undefined;
    write(res, shopErrorResponse('shop_api_invalid_body', message));
  };

  return [handle, handleParserError];
}

function write(res: Response, response: ShopResponse): void {
  if (res.headersSent) return;
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(response.body ?? undefined);
}
