import { apiError, JSON_CONTENT_TYPE, type ApiError } from './api-error';
import type { Caller } from '../model/caller';
import type { StoreSettings } from '../model/shop';
import type { Authenticate, ShopRequest, ShopResponse } from './http-types';
import { queryString, type QueryMap } from './parse-query';
import type { RouteMatch } from './route';
import type { ShopRepository } from '../repository/shop-repository';

/** What every request of one API instance shares: its options, resolved once by `createShopApi`. */
export interface HandlerContext {
  readonly repository: ShopRepository;
  readonly basePath: string;
  readonly pageSize: number;
  readonly maxPageSize: number;
  readonly maxReportPeriods: number;
  readonly maxBodyBytes: number;
  readonly now: () => Date;
  readonly store: () => Promise<StoreSettings>;
  readonly authenticate: Authenticate | undefined;
}

/** Everything an endpoint needs about the request, parsed once before dispatch. */
export interface RequestContext {
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

/** What an endpoint answers: a response, or an error the handler wraps in the envelope. */
export type EndpointResult = ShopResponse | ApiError;

/** A 200 JSON response. */
export function ok(body: unknown, headers: Record<string, string> = {}): ShopResponse {
  return { status: 200, headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** The `fields` parameter: absent, a comma-separated list, or an error when it is not text. */
export function fieldsOf(query: QueryMap): string | undefined | ApiError {
  const fields = queryString(query, 'fields');
  if (fields === null) return apiError('shop_api_invalid_query_parameter', 'fields must be a comma-separated list');
  return fields;
}

/** A path id: 0 for all zeros, undefined beyond the safe integers, else the number. */
export function recordId(param: string | undefined): number | undefined {
  const n = Number(param ?? '');
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
