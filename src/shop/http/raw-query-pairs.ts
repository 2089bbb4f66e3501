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
  | { readonly ok: false; readonly message: string; readonly tooMany?: true };

/**
 * Most parameters (non-empty `&`-separated parts) a query string may hold: 1,000, PHP's default `max_input_vars`.
 * A longer query is refused whole (400 `shop_api_invalid_query_parameter`, before authentication) rather than cut
 * as PHP does, because a cut query would be signed, filtered and linked differently from what the client sent.
 *
 * @example
 * ```ts
 * rawQueryPairs(`/x?${'a[]&'.repeat(MAX_QUERY_PARAMETERS + 1)}`, MAX_QUERY_PARAMETERS).ok; // false
 * ```
 */
export const MAX_QUERY_PARAMETERS = 1000;

/** Counts the work a parse does, in characters and steps: tests check it grows linearly with the input. */
export interface WorkMeter {
  units: number;
}

/**
 * Splits the raw query string of `url` (path plus query, as received) into pairs, decoding each name and value once
 * with form semantics (`+` is a space), keeping duplicates in wire order. Malformed percent-encoding is reported,
 * never thrown. With `maxPairs`, a query of more non-empty pairs is refused as soon as the one past the limit is
 * found, so the work stays linear in the length read (one pass, each character visited a bounded number of times).
 *
 * @example
 * ```ts
 * rawQueryPairs('/wc-api/v1/orders?filter%5Blimit%5D=2&q=a+b&filter[limit]=2');
 * // { ok: true, pairs: [{ key: 'filter[limit]', value: '2' }, { key: 'q', value: 'a b' }, { key: 'filter[limit]', value: '2' }] }
 * ```
 */
export function rawQueryPairs(url: string, maxPairs = Infinity, meter?: WorkMeter): RawQueryPairsResult {
  const start = url.indexOf('?');
  if (start < 0) return { ok: true, pairs: [] };
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const pairs: QueryPair[] = [];
  let from = start + 1;
  while (from <= end) {
    let amp = url.indexOf('&', from);
    if (amp < 0 || amp > end) amp = end;
    if (meter !== undefined) meter.units += amp - from + 1;
    if (amp > from) {
      if (pairs.length >= maxPairs) {
        return { ok: false, tooMany: true, message: tooManyMessage(maxPairs) };
      }
      const part = url.slice(from, amp);
      const eq = part.indexOf('=');
      const key = decodeFormComponent(eq < 0 ? part : part.slice(0, eq));
      const value = decodeFormComponent(eq < 0 ? '' : part.slice(eq + 1));
      if (key === undefined || value === undefined) {
        return { ok: false, message: 'The query string is not valid percent-encoded UTF-8.' };
      }
      pairs.push({ key, value });
    }
    from = amp + 1;
  }
  return { ok: true, pairs };
}

function tooManyMessage(max: number): string {
  return `The query string has more than ${max.toLocaleString('en-US')} parameters; at most ${max.toLocaleString('en-US')} are read.`;
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
  if (text.indexOf('%') < 0 && text.indexOf('+') < 0) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
