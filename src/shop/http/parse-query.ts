import { MAX_QUERY_PARAMETERS, rawQueryPairs, type WorkMeter } from './raw-query-pairs';

/**
 * A query value: a string, or a nested map for bracketed names such as `filter[limit]`.
 *
 * @example
 * ```ts
 * const value: QueryValue = { limit: '5' }; // from filter[limit]=5
 * ```
 */
export type QueryValue = string | QueryMap;

/**
 * A parsed query string. Maps have no prototype, so names like `__proto__` are plain keys.
 *
 * @example
 * ```ts
 * const query: QueryMap = { page: '2', filter: { limit: '5' } };
 * ```
 */
export interface QueryMap {
  readonly [name: string]: QueryValue;
}

/**
 * The query of a request, parsed, or why it could not be. `tooMany` marks a query over
 * {@link MAX_QUERY_PARAMETERS} (the handler answers it before authentication; other failures after).
 *
 * @example
 * ```ts
 * const result: ParseQueryResult = parseQuery('/x?q=%zz'); // { ok: false, message: '...' }
 * ```
 */
export type ParseQueryResult =
  | { readonly ok: true; readonly query: QueryMap }
  | { readonly ok: false; readonly message: string; readonly tooMany?: true };

// PHP's max_input_nesting_level is 64; deeper brackets are kept as part of the last key, never recursed into.
const MAX_DEPTH = 16;

/**
 * Parses the query string of a raw request URL the way PHP fills `$_GET`, because that is what legacy clients
 * were written against: `filter[limit]=5` nests, `a[]=x` appends, the LAST duplicate wins, every name and value is
 * decoded exactly once and `+` is a space. An unterminated `[` is part of the name. Malformed percent-encoding, and
 * more than {@link MAX_QUERY_PARAMETERS} parameters, are reported, never thrown. The work is linear in the length of
 * the URL: each character is read a bounded number of times and an append (`[]`) costs the same whatever the size
 * of the list it appends to.
 *
 * @example
 * ```ts
 * parseQuery('/wc-api/v1/orders?filter[limit]=5&filter[q]=a+b&page=2&page=3');
 * // { ok: true, query: { filter: { limit: '5', q: 'a b' }, page: '3' } }
 * ```
 */
export function parseQuery(url: string): ParseQueryResult {
  return parseQueryMetered(url, { units: 0 });
}

/** {@link parseQuery}, adding the work it does to `meter` (characters read plus steps taken). */
export function parseQueryMetered(url: string, meter: WorkMeter): ParseQueryResult {
  const decoded = rawQueryPairs(url, MAX_QUERY_PARAMETERS, meter);
  if (!decoded.ok) return decoded;
  const root = emptyMap();
  const next = new WeakMap<MutableMap, number>();
  for (const { key, value } of decoded.pairs) {
    const path = nameSegments(key, meter);
    if (path === undefined) continue;
    assign(root, path, value, next, meter);
  }
  return { ok: true, query: root };
}

/** `filter[a][b]` -> ['filter', 'a', 'b']; `a[]` -> ['a', '']; undefined when the base name is empty. One pass. */
function nameSegments(name: string, meter: WorkMeter): string[] | undefined {
  let begin = 0;
  while (name.charCodeAt(begin) === 0x20) begin++;
  meter.units += name.length + 1;
  const open = name.indexOf('[', begin);
  if (open === begin) return undefined;
  if (begin === name.length) return undefined;
  if (open < 0) return [begin === 0 ? name : name.slice(begin)];
  const segments = [name.slice(begin, open)];
  let at = open;
  while (at < name.length && name.charCodeAt(at) === 0x5b && segments.length <= MAX_DEPTH) {
    const close = name.indexOf(']', at);
    // PHP keeps an unterminated bracket as a literal part of the name.
    if (close < 0) {
      if (segments.length === 1) return [name.slice(begin)];
      break;
    }
    segments.push(name.slice(at + 1, close));
    at = close + 1;
  }
  return segments;
}

type MutableMap = { [name: string]: string | MutableMap };

function emptyMap(): MutableMap {
  return Object.create(null) as MutableMap;
}

// `next` holds, per map, the key the next `[]` gets: one more than the largest integer key assigned so far (PHP's
// rule). Kept up to date on every assignment, so an append never scans the keys (that scan made a query of n `a[]`
// quadratic).
function assign(root: MutableMap, path: readonly string[], value: string, next: WeakMap<MutableMap, number>, meter: WorkMeter): void {
  let target = root;
  for (let i = 0; i < path.length - 1; i++) {
    meter.units += 1;
    const key = keyFor(target, path[i]!, next);
    const existing = target[key];
    if (typeof existing === 'object') {
      target = existing;
    } else {
      const child = emptyMap();
      target[key] = child;
      target = child;
    }
  }
  meter.units += 1;
  target[keyFor(target, path[path.length - 1]!, next)] = value;
}

/** The key a segment names in `target`: itself, or for `[]` the next integer key; records integer keys. */
function keyFor(target: MutableMap, segment: string, next: WeakMap<MutableMap, number>): string {
  const current = next.get(target) ?? 0;
  if (segment === '') {
    next.set(target, current + 1);
    return String(current);
  }
  if (/^(0|[1-9]\d{0,8})$/.test(segment)) {
    const n = Number(segment);
    if (n >= current) next.set(target, n + 1);
  }
  return segment;
}

/**
 * Reads a query value that should be a plain string: the string, undefined when absent, or null when the client
 * sent a nested value (`page[x]=1`) where a string belongs.
 *
 * @example
 * ```ts
 * queryString({ page: '2' }, 'page'); // '2'
 * ```
 */
export function queryString(map: QueryMap | undefined, name: string): string | undefined | null {
  if (map === undefined) return undefined;
  const value = Object.hasOwn(map, name) ? map[name] : undefined;
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/**
 * Reads a nested query map such as `filter`: the map, undefined when absent, or null when a plain string was sent.
 *
 * @example
 * ```ts
 * queryMap({ filter: { limit: '5' } }, 'filter'); // { limit: '5' }
 * ```
 */
export function queryMap(map: QueryMap, name: string): QueryMap | undefined | null {
  const value = Object.hasOwn(map, name) ? map[name] : undefined;
  if (value === undefined) return undefined;
  return typeof value === 'string' ? null : value;
}
