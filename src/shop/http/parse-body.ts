import { apiError, type ApiError } from './api-error';
import { invalidStatus, isOrderStatus } from './list-query';
import type { OrderStatus } from '../model/order';

/** What a `PUT /orders/<id>` body asks for: a new status (or none: nothing changes) and the note to record with it. */
export interface OrderEdit {
  readonly status: OrderStatus | undefined;
  readonly note: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Reads the body of `PUT /orders/<id>`: the raw body (a string or bytes, JSON whatever the content type) or a value a
 * body parser already produced. Accepts the bare `{"status","note"}` and the wrapped `{"order":{...}}` forms. A
 * missing body, invalid JSON, a non-object, a non-string `status`/`note` or an unknown status is an
 * {@link ApiError} (400); an empty or absent `status` means "change nothing".
 *
 * @example
 * ```ts
 * parseOrderEdit('{"order":{"status":"completed","note":"Shipped."}}'); // { status: 'completed', note: 'Shipped.' }
 * parseOrderEdit('{"status":"shipped"}'); // 400 shop_api_invalid_order_status, naming the allowed statuses
 * ```
 */
export function parseOrderEdit(body: unknown): OrderEdit | ApiError {
  const read = bodyValue(body);
  if (!read.ok) return read.error;
  const value = read.value;
  if (!isPlainObject(value)) return apiError('shop_api_invalid_body', 'The request body must be a JSON object');
  let data: Record<string, unknown> = value;
  if (Object.hasOwn(value, 'order')) {
    const inner = value.order;
    if (!isPlainObject(inner)) return apiError('shop_api_invalid_body', 'The "order" member of the body must be an object');
    data = inner;
  }
  const status = Object.hasOwn(data, 'status') ? data.status : undefined;
  const note = Object.hasOwn(data, 'note') ? data.note : undefined;
  if (status !== undefined && status !== null && typeof status !== 'string') {
    return apiError('shop_api_invalid_body', '"status" must be a string');
  }
  if (note !== undefined && note !== null && typeof note !== 'string') {
    return apiError('shop_api_invalid_body', '"note" must be a string');
  }
  const name = (status ?? '').trim().replace(/[A-Z]+/g, (m) => m.toLowerCase());
  if (name !== '' && !isOrderStatus(name)) return invalidStatus(status ?? '');
  return { status: name === '' ? undefined : (name as OrderStatus), note: note ?? '' };
}

type BodyValue = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: ApiError };

function bodyValue(body: unknown): BodyValue {
  let text: string;
  if (body === undefined || body === null) return { ok: false, error: apiError('shop_api_missing_body') };
  if (typeof body === 'string') {
    text = body;
  } else if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    try {
      text = utf8.decode(body);
    } catch {
      return { ok: false, error: apiError('shop_api_invalid_body', 'The request body is not valid UTF-8') };
    }
  } else {
    return { ok: true, value: body }; // already parsed by a body parser
  }
  if (text.trim() === '') return { ok: false, error: apiError('shop_api_missing_body') };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const detail = e instanceof SyntaxError ? `: ${e.message}` : '';
    return { ok: false, error: apiError('shop_api_invalid_body', `The request body is not valid JSON${detail}`) };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
