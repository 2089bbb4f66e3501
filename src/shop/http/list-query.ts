import { apiError, isApiError, type ApiError } from './api-error';
import { ORDER_STATUSES, type OrderStatus } from '../model/order';
import { parseFilterDate } from './parse-filter-date';
import { queryMap, queryString, type QueryMap } from './parse-query';
import type { CouponFilter, OrderFilter, Paging } from '../repository/shop-repository';
import { searchTerms, searchTermsIssue } from '../repository/search-text';
import { isStorableText, unstorableTextMessage } from '../model/storable-text';

/** What a listing or count request asks for: the repository filter and paging, and the page numbers for headers. */
export interface ListQuery<F> {
  readonly filter: F;
  /** Always a bounded page: `limit` is at most the page-size maximum, never null. */
  readonly paging: Paging & { readonly limit: number };
  /** The requested page (1-based). */
  readonly page: number;
  /** Rows per page after clamping (`filter[limit]=-1` and larger limits become the maximum). */
  readonly perPage: number;
  /** True when `filter[offset]` chose the rows (then `page` does not). */
  readonly offsetGiven: boolean;
}

/** The page sizes of an API: the default one and the largest one a request may ask for. */
export interface PageLimits {
  readonly pageSize: number;
  readonly maxPageSize: number;
}

// The legacy values are MySQL/PHP integers; bounding them keeps every offset a safe JavaScript integer and every
// value acceptable to a SQL `integer` column.
const MAX_INT = 2_147_483_647;

/**
 * Turns the query of `GET /orders` or `/orders/count` into an {@link OrderFilter} and {@link Paging}: `status`
 * (top level, comma-separated) replaces `filter[status]`; `filter[created_at_min|max]`, `filter[updated_at_min|max]`
 * (compared in whole seconds, as the API prints instants: a max bound covers its whole second),
 * `filter[q]`, `filter[limit]` (`-1` = all, `0`/empty = the page size, below -1 its absolute value; anything above
 * `maxPageSize`, `-1` included, is clamped to it), `filter[offset]` (overrides `page`) and top-level `page`
 * (default 1; `0` counts as 1). Invalid values are an {@link ApiError} (400), never silently replaced.
 *
 * @example
 * ```ts
 * const q = orderListQuery({ status: 'completed,on-hold', page: '2', filter: { limit: '5' } }, { pageSize: 10, maxPageSize: 100 });
 * // { filter: { statuses: ['completed', 'on-hold'] }, paging: { offset: 5, limit: 5 }, page: 2, perPage: 5, offsetGiven: false }
 * ```
 */
export function orderListQuery(query: QueryMap, limits: PageLimits): ListQuery<OrderFilter> | ApiError {
  const filterMap = filterOf(query);
  if (isApiError(filterMap)) return filterMap;
  const top = queryString(query, 'status');
  if (top === null) return invalid('status must be a comma-separated list of order statuses');
  const statusText = top !== undefined && top.trim() !== '' ? top : queryString(filterMap, 'status');
  if (statusText === null) return invalid('filter[status] must be a comma-separated list of order statuses');
  const statuses = parseStatuses(statusText);
  if (isApiError(statuses)) return statuses;
  const common = commonFilter(filterMap);
  if (isApiError(common)) return common;
  const paging = pagingOf(query, filterMap, limits);
  if (isApiError(paging)) return paging;
  const filter: OrderFilter = statuses === undefined ? common : { ...common, statuses };
  return { ...paging, filter };
}

/**
 * Turns the query of `GET /coupons` or `/coupons/count` into a {@link CouponFilter} and {@link Paging}, with the
 * same `filter` keys and paging rules as orders (coupons have no status).
 *
 * @example
 * ```ts
 * couponListQuery({ filter: { q: 'summer' } }, { pageSize: 10, maxPageSize: 100 });
 * // { filter: { search: ['summer'] }, paging: { offset: 0, limit: 10 }, page: 1, perPage: 10, offsetGiven: false }
 * ```
 */
export function couponListQuery(query: QueryMap, limits: PageLimits): ListQuery<CouponFilter> | ApiError {
  const filterMap = filterOf(query);
  if (isApiError(filterMap)) return filterMap;
  const filter = commonFilter(filterMap);
  if (isApiError(filter)) return filter;
  const paging = pagingOf(query, filterMap, limits);
  if (isApiError(paging)) return paging;
  return { ...paging, filter };
}

/**
 * Parses a comma-separated status list: names are trimmed and ASCII-lowercased, empty entries dropped; undefined
 * when nothing is left (every status), an error naming the allowed statuses for an unknown one.
 *
 * @example
 * ```ts
 * parseStatuses('Completed, on-hold'); // ['completed', 'on-hold']
 * ```
 */
export function parseStatuses(text: string | undefined): OrderStatus[] | undefined | ApiError {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((s) => s.trim().replace(/[A-Z]+/g, (m) => m.toLowerCase()))
    .filter((s) => s !== '');
  if (names.length === 0) return undefined;
  const statuses: OrderStatus[] = [];
  for (const name of names) {
    if (!isOrderStatus(name)) return invalidStatus(name);
    if (!statuses.includes(name)) statuses.push(name);
  }
  return statuses;
}

/**
 * The error for a status name that is not one of {@link ORDER_STATUSES}: 400 `shop_api_invalid_order_status`,
 * naming the allowed ones.
 *
 * @example
 * ```ts
 * invalidStatus('shipped').message; // 'Invalid order status "shipped"; allowed: pending, processing, ...'
 * ```
 */
export function invalidStatus(name: string): ApiError {
  return apiError(
    'shop_api_invalid_order_status',
    `Invalid order status ${JSON.stringify(name)}; allowed: ${ORDER_STATUSES.join(', ')}`,
  );
}

/** Whether a string is one of {@link ORDER_STATUSES}. */
export function isOrderStatus(name: string): name is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(name);
}

function invalid(message: string): ApiError {
  return apiError('shop_api_invalid_query_parameter', message);
}

function filterOf(query: QueryMap): QueryMap | ApiError {
  const map = queryMap(query, 'filter');
  if (map === null) return invalid('filter must be a map of refinements, e.g. filter[limit]=5');
  return map ?? (Object.create(null) as QueryMap);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function commonFilter(filter: QueryMap): CouponFilter | ApiError {
  const out: Mutable<CouponFilter> = {};
  const dates = [
    ['created_at_min', 'createdMin'],
    ['created_at_max', 'createdMax'],
    ['updated_at_min', 'updatedMin'],
    ['updated_at_max', 'updatedMax'],
  ] as const;
  for (const [key, field] of dates) {
    const text = queryString(filter, key);
    if (text === null) return invalid(`filter[${key}] must be a date`);
    if (text === undefined || text.trim() === '') continue;
    const parsed = parseFilterDate(text);
    if (!parsed.ok) return invalid(`filter[${key}]: ${parsed.message}`);
    // Compared at the precision the API prints (whole seconds): a max bound takes in its whole second, so a record
    // stored at 10:00:00.750 matches `..._max=10:00:00Z`, the very timestamp it is printed with. (Min bounds already
    // do: 10:00:00.750 >= 10:00:00.000.)
    out[field] = key.endsWith('_max') ? new Date(parsed.date.getTime() + 999) : parsed.date;
  }
  const q = queryString(filter, 'q');
  if (q === null) return invalid('filter[q] must be text');
  if (q !== undefined) {
    // Checked here, before any repository, so every backend gets the same bounded terms and the same refusals.
    if (!isStorableText(q)) return invalid(unstorableTextMessage('filter[q]'));
    const terms = searchTerms(q);
    const issue = searchTermsIssue(terms);
    if (issue !== undefined) return invalid(issue);
    if (terms.length > 0) out.search = terms;
  }
  return out;
}

function pagingOf(query: QueryMap, filter: QueryMap, limits: PageLimits): Omit<ListQuery<unknown>, 'filter'> | ApiError {
  const pageText = queryString(query, 'page');
  if (pageText === null) return invalid('page must be a positive integer');
  const page = integer(pageText, 'page', 0);
  if (typeof page !== 'number') return page;
  const limitText = queryString(filter, 'limit');
  if (limitText === null) return invalid('filter[limit] must be an integer');
  const limit = integer(limitText, 'filter[limit]', -MAX_INT);
  if (typeof limit !== 'number') return limit;
  const offsetText = queryString(filter, 'offset');
  if (offsetText === null) return invalid('filter[offset] must be a non-negative integer');
  const offset = integer(offsetText, 'filter[offset]', 0);
  if (typeof offset !== 'number') return offset;

  // As WordPress normalises posts_per_page: empty or 0 means the default, below -1 its absolute value; -1 means all.
  // Then every size is clamped to the maximum, so no request loads or serializes more than one bounded page, and
  // `-1` pages like any other limit (the headers and links describe those pages).
  const asked = limit === -1 ? Infinity : limit === 0 || limitText === undefined || limitText.trim() === '' ? limits.pageSize : Math.abs(limit);
  const perPage = Math.min(asked, limits.maxPageSize);
  const requestedPage = Math.max(1, page);
  const offsetGiven = offsetText !== undefined && offsetText.trim() !== '';
  const start = offsetGiven ? offset : Math.min(Number.MAX_SAFE_INTEGER, (requestedPage - 1) * perPage);
  return { paging: { offset: start, limit: perPage }, page: requestedPage, perPage, offsetGiven };
}

/** An integer in [min, MAX_INT]; empty or absent counts as 0. */
function integer(text: string | undefined, name: string, min: number): number | ApiError {
  if (text === undefined || text.trim() === '') return 0;
  const t = text.trim();
  const n = /^[+-]?\d{1,12}$/.test(t) ? Number(t) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > MAX_INT) {
    const range = min === 0 ? 'a non-negative integer' : 'an integer';
    return invalid(`${name} must be ${range} not above ${MAX_INT}, got ${JSON.stringify(text)}`);
  }
  return n === 0 ? 0 : n; // no -0
}
