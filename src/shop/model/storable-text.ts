// What text a shop can hold, on every backend: PostgreSQL `text` cannot store a NUL character, and a lone UTF-16
// surrogate has no UTF-8 form. The HTTP layer refuses such text in what a request writes or searches, with the same
// message whatever the repository, so the in-memory backend never accepts what the SQL one cannot store.

const SUSPECT = /[\0\uD800-\uDFFF]/;

/**
 * Whether every backend can store this string: it holds no NUL character (U+0000) and no lone UTF-16 surrogate.
 *
 * @example
 * ```ts
 * isStorableText('Shipped 📦'); // true (a surrogate pair)
 * isStorableText('a\u0000b'); // false
 * isStorableText('\uD800'); // false (a lone surrogate)
 * ```
 */
export function isStorableText(text: string): boolean {
  if (!SUSPECT.test(text)) return true;
  return !/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * The message for text no backend can store, naming where it was sent (`"note"`, `filter[q]`): one wording for every
 * backend and every place.
 *
 * @example
 * ```ts
 * unstorableTextMessage('"note"');
 * // '"note" holds a NUL character (U+0000) or a lone UTF-16 surrogate, which the shop cannot store or search'
 * ```
 */
export function unstorableTextMessage(where: string): string {
  return `${where} holds a NUL character (U+0000) or a lone UTF-16 surrogate, which the shop cannot store or search`;
}
