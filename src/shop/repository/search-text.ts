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
 * Most distinct terms one `filter[q]` may hold: 16. Every term is one more substring test per candidate record
 * (memory) or one more condition (SQL), so the count bounds the work of a search; real searches use a few words.
 *
 * @example
 * ```ts
 * searchTermsIssue(Array.from({ length: MAX_SEARCH_TERMS + 1 }, (_, i) => `t${i}`)); // 'filter[q] has 17 ...'
 * ```
 */
export const MAX_SEARCH_TERMS = 16;

/**
 * Longest search term, in characters (Unicode code points): 100, room for any email address, name or order number.
 *
 * @example
 * ```ts
 * searchTermsIssue(['x'.repeat(MAX_SEARCH_TERM_LENGTH + 1)]); // 'filter[q] has a term of 101 characters; ...'
 * ```
 */
export const MAX_SEARCH_TERM_LENGTH = 100;

/**
 * Splits a `filter[q]` value into search terms: whitespace-separated, case-folded, empty terms dropped, duplicates
 * (after folding) collapsed, in first-seen order. A record matches when every term occurs (as a literal substring)
 * in its search text.
 *
 * @example
 * ```ts
 * searchTerms('  Alice  SMITH alice '); // ['alice', 'smith']
 * ```
 */
export function searchTerms(q: string): string[] {
  return [
    ...new Set(
      foldCase(q)
        .split(/\s+/u)
        .filter((t) => t !== ''),
    ),
  ];
}

/**
 * Why a list of search terms is beyond the caps ({@link MAX_SEARCH_TERMS} distinct terms, each at most
 * {@link MAX_SEARCH_TERM_LENGTH} characters), or undefined when it is within them. The one definition of the caps
 * every binding and every repository gets its terms checked by (the HTTP layer answers the message as a 400).
 *
 * @example
 * ```ts
 * searchTermsIssue(searchTerms('ada lovelace')); // undefined
 * ```
 */
export function searchTermsIssue(terms: readonly string[]): string | undefined {
  if (terms.length > MAX_SEARCH_TERMS) {
    return `filter[q] has ${terms.length} distinct terms; at most ${MAX_SEARCH_TERMS} are searched. Search with fewer words.`;
  }
  for (const term of terms) {
    // Code points, counted only when the UTF-16 length leaves a doubt.
    if (term.length <= MAX_SEARCH_TERM_LENGTH) continue;
    const length = codePointLength(term);
    if (length > MAX_SEARCH_TERM_LENGTH) {
      return `filter[q] has a term of ${length} characters; search terms are at most ${MAX_SEARCH_TERM_LENGTH} characters.`;
    }
  }
  return undefined;
}

function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
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
