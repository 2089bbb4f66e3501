import { apiError, errorResponse, isApiError, type ApiError } from './api-error';
import { ANONYMOUS_CALLER, type Caller } from '../model/caller';
import type { StoreSettings } from '../model/shop';
import type { Authenticate, ShopRequest, ShopResponse } from './http-types';
import type { HandlerContext, RequestContext } from './endpoint-context';
import { serveIndex } from './endpoints/api-index';
import { countCoupons, getCoupon, getCouponByCode, listCoupons } from './endpoints/coupons';
import { countOrders, editOrder, getOrder, getOrderNotes, listOrders } from './endpoints/orders';
import { listReports, salesReport, topSellersReport } from './endpoints/reports';
import { parseQuery } from './parse-query';
import { MAX_REPORT_PERIODS } from '../reports/report-range';
import { DEFAULT_MAX_BODY_BYTES, utf8LengthExceeds } from './body-limits';
import { decodePath, effectiveMethod, isHead, normaliseBasePath, originFormOf, rawPathOf } from './request-target';
import type { ShopRepository } from '../repository/shop-repository';
import { RepositoryUnavailableError } from '../repository/repository-unavailable';
import { OrderChangeRefusedError } from '../repository/order-change-refused';
import { KNOWN_METHODS, matchRoute, otherApiVersion, splitBasePath } from './route';

/**
 * The default largest listing page (`maxPageSize`): 100 rows, the largest `per_page` later WooCommerce REST API
 * versions accept.
 *
 * @example
 * ```ts
 * createShopApi({ repository, maxPageSize: DEFAULT_MAX_PAGE_SIZE * 2 });
 * ```
 */
export const DEFAULT_MAX_PAGE_SIZE = 100;

/**
 * Options of {@link createShopApi}. Only `repository` is required.
 *
 * @example
 * ```ts
 * const options: ShopApiOptions = { repository, basePath: '/api/shop/v1', pageSize: 20, onError: (e) => log.error(e) };
 * ```
 */
export interface ShopApiOptions {
  /** Where the shop's data lives. */
  readonly repository: ShopRepository;
  /** Store settings; defaults to `await repository.getStore()` (read once, on the first request that needs it). */
  readonly store?: StoreSettings | undefined;
  /** Path of the API root; the routes live below it. Default `/wc-api/v1`. */
  readonly basePath?: string | undefined;
  /** Rows per page of the listings when `filter[limit]` is not given. Default 10 (the legacy default), or
   * `maxPageSize` when that is smaller; must not exceed `maxPageSize`. */
  readonly pageSize?: number | undefined;
  /**
   * Most rows one listing page may hold: a larger `filter[limit]`, and `filter[limit]=-1` ("all"), are clamped to it,
   * and `X-WC-TotalPages` and `Link` describe the clamped pages. No request makes the repository load more rows than
   * this. Default {@link DEFAULT_MAX_PAGE_SIZE} (100).
   */
  readonly maxPageSize?: number | undefined;
  /**
   * Most periods (days or months) a sales or top-sellers report range may cover; a longer range is refused with 400
   * `shop_api_report_range_too_large` before any report work. Default {@link MAX_REPORT_PERIODS} (1,200: 100 years
   * of months).
   */
  readonly maxReportPeriods?: number | undefined;
  /**
   * Largest request body, in bytes: a raw body (text or bytes) over it is refused with 413 `shop_api_body_too_large`
   * before it is parsed. The Express and Koa adapters read at most this many bytes unless given their own
   * `maxBodyBytes`. Default {@link DEFAULT_MAX_BODY_BYTES} (64 KiB).
   */
  readonly maxBodyBytes?: number | undefined;
  /** The clock (reports, status changes). Default `() => new Date()`. */
  readonly now?: (() => Date) | undefined;
  /**
   * Establishes the caller before routing (not for the index). Without it the caller is `request.caller`, or the
   * anonymous caller when that is absent too.
   */
  readonly authenticate?: Authenticate | undefined;
  /**
   * Told about every unexpected fault (answered as a 500 envelope, never leaked) and every repository that could not
   * answer in time (a 503). Must not throw; if it does, ignored.
   */
  readonly onError?: ((error: unknown, request: ShopRequest) => void) | undefined;
}

/**
 * The shop API: one function from a plain request to a plain response.
 *
 * @example
 * ```ts
 * const api: ShopApi = createShopApi({ repository });
 * const { status, headers, body } = await api.handle({ method: 'GET', url: '/wc-api/v1/reports', caller });
 * ```
 */
export interface ShopApi {
  /**
   * Answers one request. The promise never rejects: every failure is an error envelope with its HTTP status; a
   * repository that cannot answer in time (`RepositoryUnavailableError`) is a 503 `shop_api_unavailable` with
   * `Retry-After`, and any other unexpected fault a 500 `shop_api_internal_error`; both are reported to `onError`.
   */
  handle(request: ShopRequest): Promise<ShopResponse>;
  /** The largest body this API reads, in bytes (its `maxBodyBytes` option): adapters read no more than this. */
  readonly maxBodyBytes?: number | undefined;
}

/**
 * Creates the framework-agnostic shop API handler: the twelve endpoints of the legacy WooCommerce REST API v1 for
 * orders, coupons and reports, plus the index `GET {basePath}/`. Adapters turn their framework's request into a
 * {@link ShopRequest} (raw URL, raw or parsed body) and write the {@link ShopResponse} back.
 *
 * @example
 * ```ts
 * import { createMemoryRepository, createShopApi, SHOP_MANAGER_CAPABILITIES } from 'wc-legacy-api/shop';
 * const api = createShopApi({ repository: createMemoryRepository(snapshot) });
 * const res = await api.handle({
 *   method: 'GET',
 *   url: '/wc-api/v1/orders?status=completed&filter[limit]=5',
 *   caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES },
 * });
 * res.status; // 200
 * JSON.parse(res.body!).orders.length; // at most 5
 * res.headers['X-WC-Total']; // e.g. '42'
 * ```
 */
export function createShopApi(options: ShopApiOptions): ShopApi {
  const repository = options.repository;
  const basePath = normaliseBasePath(options.basePath ?? '/wc-api/v1');
  const maxPageSize = positiveInteger('maxPageSize', options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE);
  const pageSize = positiveInteger('pageSize', options.pageSize ?? Math.min(10, maxPageSize));
  if (pageSize > maxPageSize) throw new RangeError(`pageSize (${pageSize}) must not exceed maxPageSize (${maxPageSize})`);
  const maxReportPeriods = positiveInteger('maxReportPeriods', options.maxReportPeriods ?? MAX_REPORT_PERIODS);
  const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const now = options.now ?? (() => new Date());
  let storePromise: Promise<StoreSettings> | undefined =
    options.store === undefined ? undefined : Promise.resolve(options.store);
  const store = (): Promise<StoreSettings> => {
    if (storePromise === undefined) {
      const loading = repository.getStore();
      storePromise = loading;
      // A failed read is not cached: the next request tries again.
      loading.catch(() => {
        if (storePromise === loading) storePromise = undefined;
      });
    }
    return storePromise;
  };

  const context: HandlerContext = {
    repository,
    basePath,
    pageSize,
    maxPageSize,
    maxReportPeriods,
    maxBodyBytes,
    now,
    store,
    authenticate: options.authenticate,
  };

  return {
    maxBodyBytes,
    async handle(request: ShopRequest): Promise<ShopResponse> {
      let response: ShopResponse;
      const served = { head: isHead(request) };
      try {
        response = await respond(context, request, served);
      } catch (error) {
        try {
          options.onError?.(error, request);
        } catch {
          // The hook's own failure must not turn into a rejection.
        }
        response = failureResponse(error);
      }
      return served.head ? { ...response, body: null } : response;
    },
  };
}

// The order of checks keeps every request a stranger can send cheap: the query is parsed (linear, at most
// MAX_QUERY_PARAMETERS parameters) and the request routed before authentication, so nothing costlier than parsing runs
// for a client without a key, and an unknown path or another API version says so whoever asks. Query VALUES and
// bodies are read by the endpoints, after authentication.
async function respond(ctx: HandlerContext, request: ShopRequest, served: { head: boolean }): Promise<ShopResponse> {
  const url = originFormOf(request.url);
  const parsed = parseQuery(url);
  const method = effectiveMethod(request, parsed.ok ? parsed.query : undefined);
  // A request served as HEAD (really, or through an override) gets no body.
  if (method === 'HEAD') served.head = true;
  if (!parsed.ok && parsed.tooMany === true) return errorResponse(apiError('shop_api_invalid_query_parameter', parsed.message));
  // As the adapters do while reading it: an oversized body is refused first, whatever the request.
  if (bodyTooLarge(request.body, ctx.maxBodyBytes)) {
    return errorResponse(apiError('shop_api_body_too_large', `The request body is larger than ${ctx.maxBodyBytes} bytes`));
  }
  const secure = request.secure === true;
  const rawPath = rawPathOf(url);
  const split = splitBasePath(rawPath, ctx.basePath);
  const routePath = split === undefined ? undefined : decodePath(split.rest);

  // The index is public: it is routed before authentication for every method, as the legacy API does (its
  // authenticator skips the path `/` whatever the method), so only GET and HEAD are served and any other method is
  // answered exactly as without a key.
  const isIndexPath = routePath === '' || routePath === '/';
  if (split !== undefined && isIndexPath) {
    if (method === 'GET' || method === 'HEAD') return serveIndex(ctx, split.prefix, secure);
    const known = (KNOWN_METHODS as readonly string[]).includes(method);
    return errorResponse(apiError(known ? 'shop_api_no_route' : 'shop_api_unsupported_method'));
  }

  if (!(KNOWN_METHODS as readonly string[]).includes(method)) return errorResponse(apiError('shop_api_unsupported_method'));
  const match = split === undefined || routePath === undefined ? undefined : matchRoute(routePath, method);
  if (match === undefined) return errorResponse(noRoute(rawPath, ctx.basePath));

  let caller: Caller = request.caller ?? ANONYMOUS_CALLER;
  if (ctx.authenticate !== undefined) {
    const verdict = await ctx.authenticate(request, {
      method,
      path: routePath ?? '',
      basePath: ctx.basePath,
      secure,
    });
    if (!verdict.ok) return errorResponse(apiError('shop_api_authentication_error', String(verdict.message)));
    caller = verdict.caller;
  }

  if (!parsed.ok) return errorResponse(apiError('shop_api_invalid_query_parameter', parsed.message));

  // The request's own view of the repository: one time budget for all its work, stopped when its client leaves.
  const repository = ctx.repository.forRequest?.({ signal: request.signal }) ?? ctx.repository;
  const rc: RequestContext = {
    ctx: repository === ctx.repository ? ctx : { ...ctx, repository },
    request,
    url,
    method,
    query: parsed.query,
    caller,
    secure,
    prefix: split?.prefix ?? '',
    match,
  };
  const result = await dispatch(rc);
  return isApiError(result) ? errorResponse(result) : result;
}

function bodyTooLarge(body: unknown, max: number): boolean {
  if (typeof body === 'string') return utf8LengthExceeds(body, max);
  return (body instanceof Uint8Array || body instanceof ArrayBuffer) && body.byteLength > max;
}

/** 404 `shop_api_no_route`; for another version of the API (`/wc-api/v3/...`), a message naming the one served. */
function noRoute(rawPath: string, basePath: string): ApiError {
  const asked = otherApiVersion(rawPath, basePath);
  if (asked === undefined) return apiError('shop_api_no_route');
  const served = basePath.slice(basePath.lastIndexOf('/') + 1);
  return apiError(
    'shop_api_no_route',
    `This server speaks the WooCommerce legacy REST API ${served} only, at ${basePath}; the request asked for ${asked}. ` +
      `Configure the client for ${served} (woocommerce-api: version: '${served}'; @woocommerce/woocommerce-rest-api: ` +
      `wpAPIPrefix: '${basePath.slice(1, basePath.lastIndexOf('/'))}', version: '${served}').`,
  );
}

/** The route table's names to their endpoints. */
function dispatch(rc: RequestContext): Promise<ShopResponse | ApiError> | ShopResponse | ApiError {
  switch (rc.match.route.name) {
    case 'orders':
      return listOrders(rc);
    case 'orders_count':
      return countOrders(rc);
    case 'order':
      return rc.method === 'GET' || rc.method === 'HEAD' ? getOrder(rc) : editOrder(rc);
    case 'order_notes':
      return getOrderNotes(rc);
    case 'coupons':
      return listCoupons(rc);
    case 'coupons_count':
      return countCoupons(rc);
    case 'coupon':
      return getCoupon(rc);
    case 'coupon_by_code':
      return getCouponByCode(rc);
    case 'reports':
      return listReports();
    case 'sales_report':
      return salesReport(rc);
    case 'top_sellers_report':
      return topSellersReport(rc);
    case 'index':
      // Never reached: every method on the index path is answered before authentication.
      return apiError('shop_api_no_route');
  }
}

const UNAVAILABLE_MESSAGES = {
  timeout: 'The request ran out of time: try again shortly, or ask for less (a shorter report range, a narrower search)',
  busy: 'The shop is busy: try again shortly',
  cancelled: 'The request was cancelled',
  unreachable: 'The shop database is unreachable: try again shortly',
  'read-only': 'This shop is served read-only here: changes are not accepted',
  'store-refused': "The store refused this server's credentials for changes: its administrator must check the key changes are forwarded with",
  'store-unreachable': 'The store did not take the change in time: try again shortly (the same change applies once)',
  'store-invalid-answer': 'The store answered the change with something other than its REST API: its administrator must check where changes are forwarded',
} as const;

// A repository that cannot answer now is the service's condition, not a bug: 503 with Retry-After, else a 500.
function failureResponse(error: unknown): ShopResponse {
  if (error instanceof RepositoryUnavailableError) {
    const message = UNAVAILABLE_MESSAGES[error.code] ?? UNAVAILABLE_MESSAGES.busy;
    return errorResponse(apiError('shop_api_unavailable', message), { 'Retry-After': String(error.retryAfterSeconds) });
  }
  // The store behind the repository refused the change as invalid: the client's 400, nothing changed.
  if (error instanceof OrderChangeRefusedError) return errorResponse(apiError('shop_api_invalid_order_status', error.message));
  return errorResponse(apiError('shop_api_internal_error'));
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
