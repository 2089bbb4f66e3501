import type { ShopResponse } from './http-types';

/**
 * Every error the shop API answers with: its code, HTTP status and default message. The first five are the spec's
 * (verbatim); the rest use the `shop_api_` prefix for what the spec leaves unshown (see docs/http-api.md).
 */
const API_ERRORS = {
  shop_api_user_cannot_read_orders_count: [401, 'You do not have permission to read the orders count'],
  shop_api_user_cannot_read_coupons_count: [401, 'You do not have permission to read the coupons count'],
  shop_api_user_cannot_read_report: [401, 'You do not have permission to read this report'],
  shop_api_invalid_coupon_id: [404, 'Invalid coupon ID'],
  shop_api_invalid_coupon_code: [404, 'Invalid coupon code'],
  shop_api_invalid_order_id: [404, 'Invalid order ID'],
  shop_api_invalid_order: [404, 'Invalid order'],
  shop_api_user_cannot_read_order: [401, 'You do not have permission to read this order'],
  shop_api_user_cannot_edit_order: [401, 'You do not have permission to edit this order'],
  shop_api_user_cannot_read_coupon: [401, 'You do not have permission to read this coupon'],
  shop_api_no_route: [404, 'No route was found matching the URL and request method'],
  shop_api_unsupported_method: [400, 'Unsupported request method'],
  shop_api_missing_body: [400, 'Missing parameter data: send a JSON object such as {"status":"completed"}'],
  shop_api_invalid_body: [400, 'The request body must be a JSON object'],
  shop_api_body_too_large: [413, 'The request body is too large'],
  shop_api_invalid_order_status: [400, 'Invalid order status'],
  shop_api_invalid_report_date: [400, 'Invalid report date'],
  shop_api_report_range_too_large: [400, 'The report range covers too many periods'],
  shop_api_invalid_query_parameter: [400, 'Invalid query parameter'],
  shop_api_authentication_error: [401, 'Authentication failed'],
  shop_api_internal_error: [500, 'Internal server error'],
  shop_api_unavailable: [503, 'The shop cannot answer right now: try again shortly'],
} as const satisfies Record<string, readonly [number, string]>;

/**
 * One of the error codes the shop API answers with.
 *
 * @example
 * ```ts
 * const code: ApiErrorCode = 'shop_api_invalid_coupon_code';
 * ```
 */
export type ApiErrorCode = keyof typeof API_ERRORS;

/**
 * Every {@link ApiErrorCode}, for documentation and exhaustive tests.
 *
 * @example
 * ```ts
 * API_ERROR_CODES.includes('shop_api_no_route'); // true
 * ```
 */
export const API_ERROR_CODES = Object.freeze(Object.keys(API_ERRORS)) as readonly ApiErrorCode[];

/**
 * An API error as data: the code, the HTTP status it is answered with, and a human-readable message.
 *
 * @example
 * ```ts
 * const error: ApiError = apiError('shop_api_invalid_order_id');
 * error.status; // 404
 * ```
 */
export interface ApiError {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly message: string;
}

/**
 * Builds the {@link ApiError} for a code, with its default message or a more specific one.
 *
 * @example
 * ```ts
 * apiError('shop_api_invalid_query_parameter', 'filter[limit] must be an integer');
 * // { code: 'shop_api_invalid_query_parameter', status: 400, message: 'filter[limit] must be an integer' }
 * ```
 */
export function apiError(code: ApiErrorCode, message?: string): ApiError {
  const [status, defaultMessage] = API_ERRORS[code];
  return { code, status, message: message ?? defaultMessage };
}

/**
 * The JSON content type of every answer (the legacy API's, charset included).
 *
 * @example
 * ```ts
 * res.setHeader('Content-Type', JSON_CONTENT_TYPE); // 'application/json; charset=UTF-8'
 * ```
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

/**
 * The wire form of an error: status, JSON content type, and the envelope `{"errors":[{"code","message"}]}`.
 * Adapters use it for the few failures they detect themselves (an oversized body, a stray throw).
 *
 * @example
 * ```ts
 * import { shopErrorResponse } from 'wc-legacy-api/shop';
 * const { status, headers, body } = shopErrorResponse('shop_api_body_too_large');
 * res.writeHead(status, headers).end(body); // 413 {"errors":[{"code":"shop_api_body_too_large",...}]}
 * ```
 */
export function shopErrorResponse(code: ApiErrorCode, message?: string): ShopResponse {
  return errorResponse(apiError(code, message));
}

/** The wire form of an {@link ApiError}. */
export function errorResponse(error: ApiError, extraHeaders: Readonly<Record<string, string>> = {}): ShopResponse {
  return {
    status: error.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...extraHeaders },
    body: JSON.stringify({ errors: [{ code: error.code, message: error.message }] }),
  };
}

/** Whether a value is an {@link ApiError} (lets helpers return `T | ApiError`). */
export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).code === 'string' &&
    Object.hasOwn(API_ERRORS, (value as ApiError).code) &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}
