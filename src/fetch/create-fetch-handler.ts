/**
 * The Web-standard adapter for the shop API: `(request: Request) => Promise<Response>`, for every runtime that speaks
 * fetch (Bun, Deno, Cloudflare Workers, Next.js route handlers, Hono, Node through `@hono/node-server`).
 * Published as `wc-legacy-api/fetch`. It only translates, as the Express and Koa adapters do: `Request` -> `ShopRequest`
 * (path and raw query, headers, body bytes, `secure`), `ShopResponse` -> `Response`. It uses Web APIs only.
 */
import type { Caller } from '../shop/model/caller';
import type { ShopApi } from '../shop/http/create-shop-api';
import type { ShopResponse } from '../shop/http/http-types';
import { shopErrorResponse } from '../shop/http/api-error';
import { DEFAULT_MAX_BODY_BYTES } from '../shop/http/body-limits';
import { CONSUMED, readRequestBody, TOO_LARGE } from './read-request-body';

/**
 * Options of {@link createFetchHandler}.
 *
 * @example
 * ```ts
 * const options: FetchHandlerOptions = {
 *   getCaller: (request) => (request.headers.get('x-user') === '1' ? { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } : undefined),
 *   maxBodyBytes: 64 * 1024,
 *   trustProxy: true, // behind a TLS-terminating proxy you control
 * };
 * ```
 */
export interface FetchHandlerOptions {
  /** Who is calling (from your session, JWT, ...); used when the API has no `authenticate`. */
  readonly getCaller?: ((request: Request) => Caller | undefined | Promise<Caller | undefined>) | undefined;
  /**
   * Largest body read, in bytes; a larger one is answered 413. Default: the API's own `maxBodyBytes` (64 KiB unless
   * configured), as the Express and Koa adapters.
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * Count a request as HTTPS when the first `X-Forwarded-Proto` value is `https`, as well as when its URL is
   * `https:` (default false). Enable only behind a proxy you control that sets this header itself: anyone can send it.
   */
  readonly trustProxy?: boolean | undefined;
}

const CONSUMED_MESSAGE =
  'The request body was read before the shop API got the request, so it cannot be read again: hand the shop API ' +
  'the request before anything reads its body';

/**
 * A fetch handler serving the shop API: give it a `Request`, get a `Response`. The API's `basePath` (default
 * `/wc-api/v1`) is found after any path prefix, so it can be routed under `/shop/*` as well as at the root; `Link`
 * headers keep the prefix. The promise never rejects: a stray failure (a throwing `getCaller`, a broken body stream)
 * is a 500 `shop_api_internal_error` envelope. The body is read as a stream up to `maxBodyBytes` and no further:
 * a larger one (declared or streamed) is a 413 `shop_api_body_too_large` envelope. `secure` (which decides whether
 * consumer keys may travel as Basic credentials) comes from the URL scheme, or from `X-Forwarded-Proto` with
 * `trustProxy: true`.
 *
 * @example
 * ```ts
 * import { createShopApi, createMemoryRepository } from 'wc-legacy-api/shop';
 * import { createFetchHandler } from 'wc-legacy-api/fetch';
 * const api = createShopApi({ repository: createMemoryRepository(snapshot), authenticate });
 * const handler = createFetchHandler(api);
 * Bun.serve({ port: 8080, fetch: handler }); // or Deno.serve(handler), export default { fetch: handler }, ...
 * const res = await handler(new Request('http://localhost/wc-api/v1/')); // res.status === 200
 * ```
 */
export function createFetchHandler(api: ShopApi, options: FetchHandlerOptions = {}): (request: Request) => Promise<Response> {
  // The API's own body limit sets the default, so the adapter reads no more than the core accepts.
  const maxBodyBytes = options.maxBodyBytes ?? api.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes >= 0)) {
    throw new RangeError(`maxBodyBytes must be a non-negative integer, got ${String(maxBodyBytes)}`);
  }
  const trustProxy = options.trustProxy === true;

  return async (request: Request): Promise<Response> => {
    let response: ShopResponse;
    try {
      const body = await readRequestBody(request, maxBodyBytes);
      if (body === TOO_LARGE) {
        response = shopErrorResponse('shop_api_body_too_large', `The request body is larger than ${maxBodyBytes} bytes`);
      } else if (body === CONSUMED) {
        response = shopErrorResponse('shop_api_invalid_body', CONSUMED_MESSAGE);
      } else {
        response = await api.handle({
          method: request.method,
          url: originForm(request.url),
          headers: Object.fromEntries(request.headers),
          body,
          caller: await options.getCaller?.(request),
          secure: isSecure(request, trustProxy),
        });
      }
    } catch {
      // The core never rejects; this guards the adapter's own steps (reading the body, getCaller).
      response = shopErrorResponse('shop_api_internal_error');
    }
    return toResponse(response);
  };
}

/** Path and query exactly as the `Request` holds them: the URL without scheme and authority (it has no fragment). */
function originForm(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
}

function isSecure(request: Request, trustProxy: boolean): boolean {
  if (/^https:/i.test(request.url)) return true;
  if (!trustProxy) return false;
  const forwarded = request.headers.get('x-forwarded-proto');
  // Headers joins repeated values with ", ": the first is the scheme the client used at the outermost proxy.
  return forwarded !== null && forwarded.split(',')[0]!.trim().toLowerCase() === 'https';
}

function toResponse(response: ShopResponse): Response {
  try {
    return new Response(response.body, { status: response.status, headers: response.headers });
  } catch {
    // A status or header value the Web Response refuses (none the core produces) still gets an answer.
    const fallback = shopErrorResponse('shop_api_internal_error');
    return new Response(fallback.body, { status: fallback.status, headers: fallback.headers });
  }
}
