import { apiError, errorResponse, isApiError, JSON_CONTENT_TYPE, type ApiError } from './api-error';
import { applyFields } from '../resources/apply-fields';
import { ANONYMOUS_CALLER, can, canEditOrder, canReadCoupon, canReadOrder, type Caller } from '../model/caller';
import type { Authenticate, ShopRequest, ShopResponse } from './http-types';
import { indexDocument } from './index-document';
import { couponListQuery, orderListQuery } from './list-query';
import type { Coupon, Order, StoreSettings } from '../model/model';
import { paginationHeaders, publicOrigin } from './pagination-headers';
import { parseOrderEdit } from './parse-body';
import { parseQuery, queryMap, queryString, type QueryMap } from './parse-query';
import { resolveReportRange } from '../reports/report-range';
import type { ReportFilter } from '../reports/report-types';
import type { ShopRepository } from '../repository/shop-repository';
import { KNOWN_METHODS, matchRoute, splitBasePath, type RouteMatch } from './route';
import { salesReportFor, serializeSalesReport } from '../reports/sales-report';
import { serializeCoupon } from '../resources/serialize-coupon';
import { serializeOrder } from '../resources/serialize-order';
import { serializeOrderNotes } from '../resources/serialize-order-note';
import { parseTopSellersLimit, serializeTopSellers, topSellersFor } from '../reports/top-sellers';

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
  readonly store?: StoreSettings;
  /** Path of the API root; the routes live below it. Default `/wc-api/v1`. */
  readonly basePath?: string;
  /** Rows per page of the listings when `filter[limit]` is not given. Default 10 (the legacy default). */
  readonly pageSize?: number;
  /** The clock (reports, status changes). Default `() => new Date()`. */
  readonly now?: () => Date;
  /**
   * Establishes the caller before routing (not for the index). Without it the caller is `request.caller`, or the
   * anonymous caller when that is absent too.
   */
  readonly authenticate?: Authenticate;
  /** Told about every unexpected fault (answered as a 500 envelope, never leaked). Must not throw; if it does, ignored. */
  readonly onError?: (error: unknown, request: ShopRequest) => void;
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
   * Answers one request. The promise never rejects: every failure is an error envelope with its HTTP status, and an
   * unexpected fault is a 500 `shop_api_internal_error` reported to `onError`.
   */
  handle(request: ShopRequest): Promise<ShopResponse>;
}

/**
 * Creates the framework-agnostic shop API handler: the twelve endpoints of the legacy WooCommerce REST API v1 for
 * orders, coupons and reports, plus the index `GET {basePath}/`. Adapters turn their framework's request into a
 * {@link ShopRequest} (raw URL, raw or parsed body) and write the {@link ShopResponse} back.
 *
 * @example
 * ```ts
 * import { createMemoryRepository, createShopApi, SHOP_MANAGER_CAPABILITIES } from 'shopkeep/shop';
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
  const pageSize = validPageSize(options.pageSize ?? 10);
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

  const context: HandlerContext = { repository, basePath, pageSize, now, store, authenticate: options.authenticate };

  return {
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
        response = errorResponse(apiError('shop_api_internal_error'));
      }
      return served.head ? { ...response, body: null } : response;
    },
  };
}

interface HandlerContext {
  readonly repository: ShopRepository;
  readonly basePath: string;
  readonly pageSize: number;
  readonly now: () => Date;
  readonly store: () => Promise<StoreSettings>;
  readonly authenticate: Authenticate | undefined;
}

/** Everything a route handler needs about the request, parsed once. */
interface RequestContext {
  readonly ctx: HandlerContext;
  readonly request: ShopRequest;
  readonly url: string;
  readonly method: string;
  readonly query: QueryMap;
  readonly caller: Caller;
  readonly secure: boolean;
  /** What precedes the base path in the request path (a mount prefix), raw. */
  readonly prefix: string;
  readonly match: RouteMatch;
}

async function respond(ctx: HandlerContext, request: ShopRequest, served: { head: boolean }): Promise<ShopResponse> {
  // An absolute-form target (`http://host/path`, as proxies send) is reduced to its path and query.
  const url = typeof request.url === 'string' ? request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') : '';
  const parsed = parseQuery(url);
  const method = effectiveMethod(request, parsed.ok ? parsed.query : undefined);
  // A request served as HEAD (really, or through an override) gets no body.
  if (method === 'HEAD') served.head = true;
  const secure = request.secure === true;
  const split = splitBasePath(rawPathOf(url), ctx.basePath);
  const routePath = split === undefined ? undefined : decodePath(split.rest);

  // The index is public: it is answered before authentication, as the legacy API does.
  const isIndexPath = routePath === '' || routePath === '/';
  if (split !== undefined && isIndexPath && (method === 'GET' || method === 'HEAD')) {
    const store = await ctx.store();
    const apiUrl = `${publicOrigin(store.siteUrl, secure)}${split.prefix}${ctx.basePath}`;
    return ok(indexDocument(store, apiUrl));
  }

  let caller: Caller = request.caller ?? ANONYMOUS_CALLER;
  if (ctx.authenticate !== undefined) {
    const verdict = await ctx.authenticate(request, {
      method,
      path: routePath ?? '',
      basePath: ctx.basePath,
      secure,
    });
    if (!verdict.ok) return fail(apiError('shop_api_authentication_error', String(verdict.message)));
    caller = verdict.caller;
  }

  if (!(KNOWN_METHODS as readonly string[]).includes(method)) return fail(apiError('shop_api_unsupported_method'));
  if (!parsed.ok) return fail(apiError('shop_api_invalid_query_parameter', parsed.message));
  const match = split === undefined || routePath === undefined ? undefined : matchRoute(routePath, method);
  if (match === undefined) return fail(apiError('shop_api_no_route'));

  const rc: RequestContext = {
    ctx,
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
  return isApiError(result) ? fail(result) : result;
}

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
      return ok({ reports: ['sales', 'sales/top_sellers'] });
    case 'sales_report':
      return salesReport(rc);
    case 'top_sellers_report':
      return topSellersReport(rc);
    case 'index':
      // Reached only with a method the index does not answer (GET and HEAD were served before authentication).
      return apiError('shop_api_no_route');
  }
}

// ---- orders ----------------------------------------------------------------------------------------------------

async function listOrders(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const lq = orderListQuery(rc.query, rc.ctx.pageSize);
  if (isApiError(lq)) return lq;
  const { repository } = rc.ctx;
  const [rows, total, store] = await Promise.all([
    repository.listOrders(lq.filter, lq.paging),
    repository.countOrders(lq.filter),
    rc.ctx.store(),
  ]);
  // Unreadable orders are left out of the body but stay counted in the headers, as the legacy API does.
  const readable = rows.filter((order) => canReadOrder(rc.caller, order));
  const serialized = await serializeOrders(rc, readable, store);
  const headers = paginationHeaders({
    siteUrl: store.siteUrl,
    secure: rc.secure,
    url: rc.url,
    page: lq.page,
    perPage: lq.perPage,
    total,
    offsetGiven: lq.offsetGiven,
  });
  return ok({ orders: serialized.map((o) => applyFields(o, fields)) }, headers);
}

async function countOrders(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const lq = orderListQuery(rc.query, rc.ctx.pageSize);
  if (isApiError(lq)) return lq;
  if (!can(rc.caller, 'read_private_shop_orders')) return apiError('shop_api_user_cannot_read_orders_count');
  return ok({ count: await rc.ctx.repository.countOrders(lq.filter) });
}

async function getOrder(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const order = await readableOrder(rc);
  if (isApiError(order)) return order;
  const [serialized] = await serializeOrders(rc, [order], await rc.ctx.store());
  return ok({ order: applyFields(serialized!, fields) });
}

async function getOrderNotes(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const order = await readableOrder(rc);
  if (isApiError(order)) return order;
  return ok({ order_notes: serializeOrderNotes(order.notes).map((n) => applyFields(n, fields)) });
}

async function editOrder(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const id = orderId(rc);
  if (isApiError(id)) return id;
  const { repository } = rc.ctx;
  const order = await repository.getOrder(id);
  if (order === undefined) return apiError('shop_api_invalid_order');
  if (!canEditOrder(rc.caller, order)) return apiError('shop_api_user_cannot_edit_order');
  const edit = parseOrderEdit(rc.request.body);
  if (isApiError(edit)) return edit;
  let updated: Order | undefined = order;
  if (edit.status !== undefined) {
    updated = await repository.updateOrderStatus(id, { status: edit.status, note: edit.note, at: rc.ctx.now() });
    // Deleted between the read and the write: nothing changed.
    if (updated === undefined) return apiError('shop_api_invalid_order');
  }
  // The legacy API answers a write with the full order: `fields` does not apply.
  const [serialized] = await serializeOrders(rc, [updated], await rc.ctx.store());
  return ok({ order: serialized });
}

async function readableOrder(rc: RequestContext): Promise<Order | ApiError> {
  const id = orderId(rc);
  if (isApiError(id)) return id;
  const order = await rc.ctx.repository.getOrder(id);
  if (order === undefined) return apiError('shop_api_invalid_order');
  if (!canReadOrder(rc.caller, order)) return apiError('shop_api_user_cannot_read_order');
  return order;
}

function orderId(rc: RequestContext): number | ApiError {
  const id = recordId(rc.match.param);
  if (id === 0) return apiError('shop_api_invalid_order_id');
  // Beyond any id a store can hold: unknown, without asking the repository.
  if (id === undefined) return apiError('shop_api_invalid_order');
  return id;
}

async function serializeOrders(rc: RequestContext, orders: readonly Order[], store: StoreSettings) {
  if (orders.length === 0) return [];
  const ids = new Set<number>();
  for (const order of orders) {
    // A line's SKU is that of what was bought: the variation when there is one.
    for (const item of order.lineItems) ids.add(item.variationId ?? item.productId);
  }
  const products = ids.size === 0 ? new Map() : await rc.ctx.repository.getProducts([...ids]);
  return orders.map((order) => serializeOrder(order, { products, store }));
}

// ---- coupons ---------------------------------------------------------------------------------------------------

async function listCoupons(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const lq = couponListQuery(rc.query, rc.ctx.pageSize);
  if (isApiError(lq)) return lq;
  const { repository } = rc.ctx;
  const [rows, total, store] = await Promise.all([
    repository.listCoupons(lq.filter, lq.paging),
    repository.countCoupons(lq.filter),
    rc.ctx.store(),
  ]);
  const coupons = rows
    .filter((coupon) => coupon.status === 'publish' && canReadCoupon(rc.caller, coupon))
    .map((coupon) => applyFields(serializeCoupon(coupon), fields));
  const headers = paginationHeaders({
    siteUrl: store.siteUrl,
    secure: rc.secure,
    url: rc.url,
    page: lq.page,
    perPage: lq.perPage,
    total,
    offsetGiven: lq.offsetGiven,
  });
  return ok({ coupons }, headers);
}

async function countCoupons(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const lq = couponListQuery(rc.query, rc.ctx.pageSize);
  if (isApiError(lq)) return lq;
  if (!can(rc.caller, 'read_private_shop_coupons')) return apiError('shop_api_user_cannot_read_coupons_count');
  return ok({ count: await rc.ctx.repository.countCoupons(lq.filter) });
}

async function getCoupon(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const id = recordId(rc.match.param);
  if (id === undefined || id === 0) return apiError('shop_api_invalid_coupon_id');
  return couponResponse(rc, await rc.ctx.repository.getCoupon(id), fields, 'shop_api_invalid_coupon_id');
}

async function getCouponByCode(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const code = rc.match.param ?? '';
  return couponResponse(rc, await rc.ctx.repository.getCouponByCode(code), fields, 'shop_api_invalid_coupon_code');
}

function couponResponse(
  rc: RequestContext,
  coupon: Coupon | undefined,
  fields: string | undefined,
  notFound: 'shop_api_invalid_coupon_id' | 'shop_api_invalid_coupon_code',
): ShopResponse | ApiError {
  // An unpublished coupon does not exist for this interface (spec).
  if (coupon === undefined || coupon.status !== 'publish') return apiError(notFound);
  if (!canReadCoupon(rc.caller, coupon)) return apiError('shop_api_user_cannot_read_coupon');
  return ok({ coupon: applyFields(serializeCoupon(coupon), fields) });
}

// ---- reports ---------------------------------------------------------------------------------------------------

async function salesReport(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const report = await reportRequest(rc);
  if (isApiError(report)) return report;
  const sales = await salesReportFor(rc.ctx.repository, report.range);
  return ok({ sales: applyFields(serializeSalesReport(sales), report.fields) });
}

async function topSellersReport(rc: RequestContext): Promise<ShopResponse | ApiError> {
  const report = await reportRequest(rc);
  if (isApiError(report)) return report;
  const rows = await topSellersFor(rc.ctx.repository, report.range, parseTopSellersLimit(report.filter.limit));
  return ok({ top_sellers: serializeTopSellers(rows).map((row) => applyFields(row, report.fields)) });
}

/** What both reports check and read first: the permission (before any report work, as the spec says), then `fields`
 * and the range. */
async function reportRequest(rc: RequestContext) {
  if (!can(rc.caller, 'view_shop_reports')) return apiError('shop_api_user_cannot_read_report');
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const filterMap = queryMap(rc.query, 'filter');
  if (filterMap === null) {
    return apiError('shop_api_invalid_query_parameter', 'filter must be a map of refinements, e.g. filter[period]=week');
  }
  const filter: { -readonly [K in keyof ReportFilter]: ReportFilter[K] } = {};
  for (const key of ['period', 'date_min', 'date_max', 'limit'] as const) {
    const value = queryString(filterMap, key);
    if (value === null) return apiError('shop_api_invalid_query_parameter', `filter[${key}] must be text`);
    if (value !== undefined) filter[key] = value;
  }
  const store = await rc.ctx.store();
  const resolved = resolveReportRange(filter, { now: rc.ctx.now(), timeZone: store.timeZone });
  if (!resolved.ok) return apiError('shop_api_invalid_report_date', resolved.error.message);
  return { range: resolved.range, filter, fields };
}

// ---- helpers ---------------------------------------------------------------------------------------------------

function ok(body: unknown, headers: Record<string, string> = {}): ShopResponse {
  return { status: 200, headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

function fail(error: ApiError): ShopResponse {
  return errorResponse(error);
}

function fieldsOf(query: QueryMap): string | undefined | ApiError {
  const fields = queryString(query, 'fields');
  if (fields === null) return apiError('shop_api_invalid_query_parameter', 'fields must be a comma-separated list');
  return fields;
}

/** A path id: 0 for all zeros, undefined beyond the safe integers, else the number. */
function recordId(param: string | undefined): number | undefined {
  const n = Number(param ?? '');
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

function isHead(request: ShopRequest): boolean {
  try {
    return typeof request.method === 'string' && request.method.toUpperCase() === 'HEAD';
  } catch {
    return false;
  }
}

/**
 * The method the request is served as: `?_method=` first, then `X-HTTP-Method-Override`, then the real method;
 * uppercase. HEAD stays HEAD (its body is dropped at the end).
 */
function effectiveMethod(request: ShopRequest, query: QueryMap | undefined): string {
  const real = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  const fromQuery = query === undefined ? undefined : queryString(query, '_method');
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery.toUpperCase();
  const header = headerValue(request, 'x-http-method-override');
  if (header !== undefined && header.trim() !== '') return header.trim().toUpperCase();
  return real;
}

function headerValue(request: ShopRequest, name: string): string | undefined {
  const headers = request.headers;
  if (headers === undefined || headers === null || typeof headers !== 'object') return undefined;
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== name) continue;
    const value = headers[key];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
}

function rawPathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/** The route path, URL-decoded once (the legacy server matches decoded paths); undefined when undecodable. */
function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function normaliseBasePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function validPageSize(size: number): number {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`pageSize must be a positive integer, got ${size}`);
  return size;
}
