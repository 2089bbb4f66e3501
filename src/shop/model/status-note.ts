import type { OrderStatus } from './order';

/**
 * The text of the note recorded with a status change, as the legacy API writes it:
 * the caller's note (if any) followed by `Order status changed from X to Y.`
 *
 * @example
 * ```ts
 * statusChangeNoteText('Shipped by DHL.', 'processing', 'completed');
 * // 'Shipped by DHL. Order status changed from processing to completed.'
 * ```
 */
export function statusChangeNoteText(note: string, from: OrderStatus, to: OrderStatus): string {
  const change = `Order status changed from ${from} to ${to}.`;
  const trimmed = note.trim();
  return trimmed === '' ? change : `${trimmed} ${change}`;
}
