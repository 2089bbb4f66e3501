import { formatTimestamp } from './format-timestamp';
import type { OrderNote } from '../model/order-lines';
import type { OrderNoteResource } from './resource-types';

/** The comment type of notes the API serves; other types (e.g. system or webhook notes) are private. */
const ORDER_NOTE_TYPE = 'order_note';

/**
 * Serializes one order note into the API's order note resource (`id`, `created_at`, `note`, `customer_note`).
 * It does not check whether the note may be served; {@link serializeOrderNotes} does that for a list.
 *
 * @param note - the note.
 * @returns a fresh resource object.
 * @example
 * ```ts
 * import { serializeOrderNote } from 'wc-legacy-api/shop';
 * serializeOrderNote(note);
 * // { id: 7, created_at: '2024-03-05T07:08:09Z', note: 'Parcel sent.', customer_note: true }
 * ```
 */
export function serializeOrderNote(note: OrderNote): OrderNoteResource {
  return {
    id: note.id,
    created_at: formatTimestamp(note.createdAt),
    note: note.content,
    customer_note: note.customerNote,
  };
}

/**
 * Serializes the notes of an order as `GET /orders/<id>/notes` serves them: only approved notes of type
 * `order_note`, newest first (by creation time, then by id, both descending), with no paging.
 *
 * @param notes - all notes of one order, in any order; the array is not modified.
 * @returns the served notes as resources.
 * @example
 * ```ts
 * import { serializeOrderNotes } from 'wc-legacy-api/shop';
 * const body = { order_notes: serializeOrderNotes(order.notes) };
 * ```
 */
export function serializeOrderNotes(notes: readonly OrderNote[]): OrderNoteResource[] {
  const served = notes.filter((note) => note.approved && note.type === ORDER_NOTE_TYPE);
  served.sort(newestFirst);
  return served.map(serializeOrderNote);
}

function newestFirst(a: OrderNote, b: OrderNote): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  // Invalid dates (NaN) compare as equal times so the sort stays consistent; the id then decides.
  return byTime > 0 || byTime < 0 ? byTime : b.id - a.id;
}
