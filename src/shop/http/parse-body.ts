import { apiError, type ApiError } from './api-error';
import { invalidStatus, isOrderStatus } from './list-query';
import type { OrderStatus } from '../model/order';
import { isStorableText, unstorableTextMessage } from '../model/storable-text';
import { jsonNestsDeeperThan, MAX_BODY_DEPTH, utf8LengthExceeds } from './body-limits';

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
 * {@link ApiError} (400); an empty or absent `status` means "change nothing". Raw text or bytes over `maxBodyBytes`
 * are 413 and JSON nesting deeper than {@link MAX_BODY_DEPTH} is 400, both found before parsing; a note no backend
 * can store (a NUL character, a lone surrogate) is 400 too, before any repository sees it.
 *
 * @example
 * ```ts
 * parseOrderEdit('{"order":{"status":"completed","note":"Shipped."}}', DEFAULT_MAX_BODY_BYTES); // { status: 'completed', note: 'Shipped.' }
 * parseOrderEdit('{"status":"shipped"}', DEFAULT_MAX_BODY_BYTES); // 400 shop_api_invalid_order_status, naming the allowed statuses
 * ```
 */
export function parseOrderEdit(body: unknown, maxBodyBytes: number): OrderEdit | ApiError {
  const read = bodyValue(body, maxBodyBytes);
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
  if (typeof note === 'string' && !isStorableText(note)) return apiError('shop_api_invalid_body', unstorableTextMessage('"note"'));
  const name = (status ?? '').trim().replace(/[A-Z]+/g, (m) => m.toLowerCase());
  if (name !== '' && !isOrderStatus(name)) return invalidStatus(status ?? '');
  return { status: name === '' ? undefined : (name as OrderStatus), note: note ?? '' };
}

type BodyValue = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: ApiError };

function bodyValue(body: unknown, maxBodyBytes: number): BodyValue {
  let text: string;
  if (body === undefined || body === null) return { ok: false, error: apiError('shop_api_missing_body') };
  if (typeof body === 'string') {
    if (utf8LengthExceeds(body, maxBodyBytes)) return { ok: false, error: tooLarge(maxBodyBytes) };
    text = body;
  } else if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    if (body.byteLength > maxBodyBytes) return { ok: false, error: tooLarge(maxBodyBytes) };
    try {
      text = utf8.decode(body);
    } catch {
      return { ok: false, error: apiError('shop_api_invalid_body', 'The request body is not valid UTF-8') };
    }
  } else {
    return { ok: true, value: body }; // already parsed by a body parser
  }
  if (text.trim() === '') return { ok: false, error: apiError('shop_api_missing_body') };
  if (jsonNestsDeeperThan(text, MAX_BODY_DEPTH)) {
    return { ok: false, error: apiError('shop_api_invalid_body', `The request body nests deeper than ${MAX_BODY_DEPTH} levels`) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const detail = e instanceof SyntaxError ? `: ${e.message}` : '';
    return { ok: false, error: apiError('shop_api_invalid_body', `The request body is not valid JSON${detail}`) };
  }
}

function tooLarge(maxBodyBytes: number): ApiError {
  return apiError('shop_api_body_too_large', `The request body is larger than ${maxBodyBytes} bytes`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
