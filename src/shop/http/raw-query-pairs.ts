/**
 * One decoded query parameter (name and value after a single URL-decoding).
 *
 * @example
 * ```ts
 * const pair: QueryPair = { key: 'filter[limit]', value: '5' };
 * ```
 */
export interface QueryPair {
  readonly key: string;
  readonly value: string;
}

/** The query pairs of a request URL, each decoded once, in wire order; or why they could not be decoded. */
export type RawQueryPairsResult =
  | { readonly ok: true; readonly pairs: readonly QueryPair[] }
  | { readonly ok: false; readonly message: string };

/**
 * Splits the raw query string of `url` (path plus query, as received) into pairs, decoding each name and value once
 * with form semantics (`+` is a space), keeping duplicates in wire order. Malformed percent-encoding is reported,
 * never thrown.
 *
 * @example
 * ```ts
 * rawQueryPairs('/wc-api/v1/orders?filter%5Blimit%5D=2&q=a+b&filter[limit]=2');
 * // { ok: true, pairs: [{ key: 'filter[limit]', value: '2' }, { key: 'q', value: 'a b' }, { key: 'filter[limit]', value: '2' }] }
 * ```
 */
export function rawQueryPairs(url: string): RawQueryPairsResult {
  const start = url.indexOf('?');
  if (start < 0) return { ok: true, pairs: [] };
  const hash = url.indexOf('#', start);
  const query = url.slice(start + 1, hash < 0 ? undefined : hash);
  const pairs: QueryPair[] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decodeFormComponent(eq < 0 ? part : part.slice(0, eq));
    const value = decodeFormComponent(eq < 0 ? '' : part.slice(eq + 1));
    if (key === undefined || value === undefined) {
      return { ok: false, message: 'The query string is not valid percent-encoded UTF-8.' };
    }
    pairs.push({ key, value });
  }
  return { ok: true, pairs };
}

/**
 * The pairs as the server reads them: one per name, the LAST value winning (PHP `$_GET` semantics), in the order each
 * name first appeared.
 *
 * @example
 * ```ts
 * lastValueWins([{ key: 'a', value: '1' }, { key: 'a', value: '2' }]); // [{ key: 'a', value: '2' }]
 * ```
 */
export function lastValueWins(pairs: readonly QueryPair[]): QueryPair[] {
  const byKey = new Map<string, string>();
  for (const { key, value } of pairs) byKey.set(key, value);
  return [...byKey].map(([key, value]) => ({ key, value }));
}

function decodeFormComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
