import { rawQueryPairs } from './raw-query-pairs';

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
 * The query of a request, parsed, or why it could not be.
 *
 * @example
 * ```ts
 * const result: ParseQueryResult = parseQuery('/x?q=%zz'); // { ok: false, message: '...' }
 * ```
 */
export type ParseQueryResult = { readonly ok: true; readonly query: QueryMap } | { readonly ok: false; readonly message: string };

// PHP's max_input_nesting_level is 64; deeper brackets are kept as part of the last key, never recursed into.
const MAX_DEPTH = 16;

/**
 * Parses the query string of a raw request URL the way PHP fills `$_GET`, because that is what legacy clients
 * were written against: `filter[limit]=5` nests, `a[]=x` appends, the LAST duplicate wins, every name and value is
 * decoded exactly once and `+` is a space. An unterminated `[` is part of the name. Malformed percent-encoding is
 * reported, never thrown.
 *
 * @example
 * ```ts
 * parseQuery('/wc-api/v1/orders?filter[limit]=5&filter[q]=a+b&page=2&page=3');
 * // { ok: true, query: { filter: { limit: '5', q: 'a b' }, page: '3' } }
 * ```
 */
export function parseQuery(url: string): ParseQueryResult {
  const decoded = rawQueryPairs(url);
  if (!decoded.ok) return decoded;
  const root = emptyMap();
  for (const { key, value } of decoded.pairs) {
    const path = nameSegments(key);
    if (path === undefined) continue;
    assign(root, path, value);
  }
  return { ok: true, query: root };
}

/** `filter[a][b]` -> ['filter', 'a', 'b']; `a[]` -> ['a', '']; undefined when the base name is empty. */
function nameSegments(name: string): string[] | undefined {
  const trimmed = name.replace(/^ +/, '');
  const open = trimmed.indexOf('[');
  if (open <= 0) return open === 0 || trimmed === '' ? undefined : [trimmed];
  const segments = [trimmed.slice(0, open)];
  let rest = trimmed.slice(open);
  while (rest.startsWith('[') && segments.length <= MAX_DEPTH) {
    const close = rest.indexOf(']');
    // PHP keeps an unterminated bracket as a literal part of the name.
    if (close < 0) {
      if (segments.length === 1) return [trimmed];
      break;
    }
    segments.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  return segments;
}

type MutableMap = { [name: string]: string | MutableMap };

function emptyMap(): MutableMap {
  return Object.create(null) as MutableMap;
}

function assign(root: MutableMap, path: readonly string[], value: string): void {
  let target = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = appendKey(target, path[i]!);
    const existing = target[key];
    if (typeof existing === 'object') {
      target = existing;
    } else {
      const child = emptyMap();
      target[key] = child;
      target = child;
    }
  }
  target[appendKey(target, path[path.length - 1]!)] = value;
}

/** `[]` appends: the next integer key after the largest one present, as PHP does. */
function appendKey(target: MutableMap, key: string): string {
  if (key !== '') return key;
  let next = 0;
  for (const k of Object.keys(target)) {
    if (/^(0|[1-9]\d{0,8})$/.test(k)) next = Math.max(next, Number(k) + 1);
  }
  return String(next);
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
