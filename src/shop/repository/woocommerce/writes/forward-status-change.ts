// A status change (and its note) forwarded to the store's own REST API, never written to the database: in
// WooCommerce a status change also moves stock, coupon usage, e-mails, payments, webhooks and caches, which only
// WooCommerce does. The order is then read back from the database, so the answer is what WooCommerce stored.
//
// The note goes first (POST .../notes), then the status (PUT .../orders/<id>). A change the store refuses leaves
// nothing behind: the note is removed again. When the outcome is unknown (no answer in time, a 5xx, an unreadable
// answer), the database decides: the new status there means the change landed.
import type { Order } from '../../../model/order';
import { OrderChangeRefusedError } from '../../order-change-refused';
import { cancelled } from '../../request-budget';
import { RepositoryUnavailableError } from '../../repository-unavailable';
import type { OrderStatusChange } from '../../shop-repository';
import type { StoreAnswer, StoreRestClient } from './store-rest-client';

/** What a forwarded change reads with: the order from the database (a fresh time budget per read), the request's signal. */
export interface ForwardContext {
  readonly getOrder: (id: number) => Promise<Order | undefined>;
  readonly signal?: AbortSignal | undefined;
}

// Removing a note after a refused change gets its own short budget: the change's own may be spent.
const CLEANUP_MS = 5000;

/**
 * Forwards `change` of order `id` and returns the order as the database then holds it, or undefined when the order
 * does not exist (in the database or for the store). Throws {@link RepositoryUnavailableError} (503) or
 * {@link OrderChangeRefusedError} (400) when the store does not take it.
 */
export async function forwardStatusChange(client: StoreRestClient, id: number, change: OrderStatusChange, ctx: ForwardContext): Promise<Order | undefined> {
  const before = await ctx.getOrder(id);
  if (before === undefined) return undefined;
  // The contract: the same status changes nothing and adds no note (so a repeated PUT applies once).
  if (before.status === change.status) return before;
  const deadline = Date.now() + client.timeoutMs;
  const note = change.note.trim();
  let noteId: number | undefined;
  if (note !== '') {
    const posted = await client.call('POST', `/orders/${id}/notes`, { note, customer_note: false }, deadline, ctx.signal);
    if (posted.kind !== 'ok') return refused(posted, 'adding the note');
    noteId = idOf(posted.body);
    if (noteId === undefined) return refused({ kind: 'garbage', status: posted.status, detail: 'a note without an id' }, 'adding the note');
  }
  const put = await client.call('PUT', `/orders/${id}`, { status: change.status }, deadline, ctx.signal);
  if (put.kind === 'ok' && idOf(put.body) === id) return ctx.getOrder(id);
  const outcome = put.kind === 'ok' ? ({ kind: 'garbage', status: put.status, detail: 'an answer that is not this order' } as const) : put;
  if (!isDefiniteRefusal(outcome)) {
    const now = await ctx.getOrder(id).catch(() => undefined);
    if (now?.status === change.status) return now;
  }
  const trail = noteId === undefined ? '' : await removeNote(client, id, noteId);
  return refused(outcome, 'changing the status', trail);
}

// A 4xx other than 408 and 429 is the store saying no: the change did not happen.
function isDefiniteRefusal(answer: StoreAnswer): boolean {
  return answer.kind === 'error' && answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429;
}

/** Removes a note again; best effort: a note left behind is named in the thrown error's message (onError). */
async function removeNote(client: StoreRestClient, id: number, noteId: number): Promise<string> {
  const removed = await client.call('DELETE', `/orders/${id}/notes/${noteId}?force=true`, undefined, Date.now() + Math.min(client.timeoutMs, CLEANUP_MS));
  return removed.kind === 'ok' ? '' : `; note ${noteId} of order ${id} could not be removed again (${summary(removed)})`;
}

function idOf(body: unknown): number | undefined {
  const id = (body as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The repository's answer to a call the store did not take (`undefined` is "no such order"). */
function refused(answer: StoreAnswer, step: string, trail = ''): undefined {
  const what = `the store did not take the change (${step}): ${summary(answer)}${trail}`;
  switch (answer.kind) {
    case 'cancelled':
      throw cancelled(new Error(what));
    case 'timeout':
    case 'unreachable':
      throw new RepositoryUnavailableError('store-unreachable', what, { retryAfterSeconds: 5 });
    case 'garbage':
    case 'ok':
      throw new RepositoryUnavailableError('store-invalid-answer', what, { retryAfterSeconds: 60 });
    case 'error':
      break;
  }
  const { status, code } = answer;
  // WooCommerce answers an unknown order 404, or 400 with `woocommerce_rest_shop_order_invalid_id` on update.
  if (status === 404 || status === 410 || (code !== undefined && /invalid_id$/.test(code))) return undefined;
  if (status === 401 || status === 403) throw new RepositoryUnavailableError('store-refused', what, { retryAfterSeconds: 300 });
  if (status === 400 || status === 409 || status === 422) {
    throw new OrderChangeRefusedError(`The store refused the status change${code === undefined ? '' : ` (${code})`}.`, { cause: new Error(what) });
  }
  if (status === 408 || status === 429 || status >= 500) {
    throw new RepositoryUnavailableError('store-unreachable', what, { retryAfterSeconds: answer.retryAfterSeconds ?? 5 });
  }
  throw new RepositoryUnavailableError('store-invalid-answer', what, { retryAfterSeconds: 60 });
}

function summary(answer: StoreAnswer): string {
  switch (answer.kind) {
    case 'ok':
      return `HTTP ${answer.status}`;
    case 'error':
      return `HTTP ${answer.status}${answer.code === undefined ? '' : ` ${answer.code}`}`;
    case 'garbage':
      return `HTTP ${answer.status}, ${answer.detail}`;
    case 'timeout':
      return `no answer within ${answer.ms} ms`;
    case 'unreachable':
      return `not reachable: ${answer.detail}`;
    case 'cancelled':
      return 'the request was aborted';
  }
}
