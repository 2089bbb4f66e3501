import type { Caller } from '../model/caller';

/**
 * A plain HTTP request as the core handler sees it. Express `req` and Koa `ctx.request` map onto it in a few lines.
 *
 * @example
 * ```ts
 * const request: ShopRequest = {
 *   method: 'GET',
 *   url: '/wc-api/v1/orders?filter[limit]=5&page=2',
 *   headers: { accept: 'application/json' },
 *   caller: { userId: 1, capabilities: ['read_private_shop_orders'] },
 * };
 * ```
 */
export interface ShopRequest {
  /** HTTP method as received (any case). */
  readonly method: string;
  /** Path plus the raw query string, exactly as received (not decoded, not re-encoded). */
  readonly url: string;
  /** Header names in any case; repeated headers as arrays. */
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>> | undefined;
  /** The raw body (string or bytes), or a value a body parser already produced, or undefined. */
  readonly body?: unknown;
  /** Who is calling, as established by the host application; used when no `authenticate` is configured. */
  readonly caller?: Caller | undefined;
  /** True when the request arrived over TLS (HTTPS). */
  readonly secure?: boolean | undefined;
  /**
   * Aborted when the client goes away before the answer: the repository stops the request's work (the PostgreSQL
   * repository cancels its running statement). The Node adapters and the CLI pass one; a Web `Request.signal` fits.
   */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The handler's answer. `body` is the JSON text, or null for `HEAD`.
 *
 * @example
 * ```ts
 * const { status, headers, body } = await api.handle(request);
 * res.writeHead(status, headers).end(body ?? undefined);
 * ```
 */
export interface ShopResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/**
 * What an authenticator is told besides the request.
 *
 * @example
 * ```ts
 * const needsWrite = (context: AuthenticationContext) => !['GET', 'HEAD'].includes(context.method);
 * ```
 */
export interface AuthenticationContext {
  /** Effective method after `_method` / `X-HTTP-Method-Override`, uppercase. */
  readonly method: string;
  /** Route path below the base path, e.g. `/orders/12` (decoded). */
  readonly path: string;
  /** The configured base path, e.g. `/wc-api/v1`. */
  readonly basePath: string;
  /** Whether the request counts as HTTPS (see `ShopRequest.secure`). */
  readonly secure: boolean;
}

/**
 * An authenticator's verdict. A failure becomes a 401 `shop_api_authentication_error` with this message.
 *
 * @example
 * ```ts
 * const refused: AuthenticationResult = { ok: false, message: 'Consumer key is invalid.' };
 * ```
 */
export type AuthenticationResult =
  | { readonly ok: true; readonly caller: Caller }
  | { readonly ok: false; readonly message: string };

/**
 * Establishes who is calling, before routing. The index `GET {basePath}/` is never authenticated.
 *
 * @example
 * ```ts
 * const authenticate: Authenticate = async (req) =>
 *   req.headers?.['x-api-key'] === process.env.KEY
 *     ? { ok: true, caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } }
 *     : { ok: false, message: 'Consumer key is invalid.' };
 * ```
 */
export type Authenticate = (request: ShopRequest, context: AuthenticationContext) => Promise<AuthenticationResult>;
