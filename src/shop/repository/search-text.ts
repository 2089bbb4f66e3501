import type { Coupon } from '../model/coupon';
import type { Order } from '../model/order';

// One definition of "what `filter[q]` searches", shared by every repository so the in-memory and SQL
// implementations return identical results. Case folding is ASCII-only on purpose: it is the one folding that
// JavaScript and every SQL engine agree on byte for byte.

/**
 * Lowercases ASCII letters only.
 *
 * @example
 * ```ts
 * foldCase('ÄBC'); // 'Äbc'
 * ```
 */
export function foldCase(text: string): string {
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/**
 * Splits a `filter[q]` value into search terms: whitespace-separated, case-folded, empty terms dropped.
 * A record matches when every term occurs (as a literal substring) in its search text.
 *
 * @example
 * ```ts
 * searchTerms('  Alice  SMITH '); // ['alice', 'smith']
 * ```
 */
export function searchTerms(q: string): string[] {
  return foldCase(q)
    .split(/\s+/u)
    .filter((t) => t !== '');
}

/**
 * The text an order is searched in: id, number, billing name, company, email and phone, the customer note, and the
 * line item names, case-folded and joined by newlines (so a term cannot match across two fields).
 *
 * @example
 * ```ts
 * orderSearchText(order).includes('alice'); // true for an order billed to Alice
 * ```
 */
export function orderSearchText(order: Order): string {
  return foldCase(orderSearchFields(order).join('\n'));
}

/**
 * The fields {@link orderSearchText} joins by newlines and folds, in order: for writers that fold as they copy
 * (folding is per character, so folding each field gives the same text).
 *
 * @example
 * ```ts
 * orderSearchFields(order).map(foldCase).join('\n') === orderSearchText(order); // true
 * ```
 */
export function orderSearchFields(order: Order): string[] {
  const b = order.billing;
  const fields = [String(order.id), order.number, b.firstName, b.lastName, b.company, b.email, b.phone, order.customerNote];
  for (const item of order.lineItems) fields.push(item.name);
  return fields;
}

/**
 * The text a coupon is searched in: its code and description, case-folded.
 *
 * @example
 * ```ts
 * couponSearchText(coupon).includes('summer'); // true for code SUMMER10
 * ```
 */
export function couponSearchText(coupon: Coupon): string {
  return foldCase([coupon.code, coupon.description].join('\n'));
}

/**
 * Whether a search text contains every term.
 *
 * @example
 * ```ts
 * matchesTerms(orderSearchText(order), searchTerms('ada smith'));
 * ```
 */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((t) => text.includes(t));
}
