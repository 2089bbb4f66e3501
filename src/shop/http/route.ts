/**
 * The route table of the shop API and the matching of a request path against it. Routes are matched in the legacy
 * registration order (orders, coupons, reports), case-insensitively and anchored, against the URL-decoded path
 * below the base path, as the legacy server does.
 */

/** The request methods the API knows at all; any other method is `shop_api_unsupported_method`. */
export const KNOWN_METHODS = ['HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of {@link KNOWN_METHODS}. */
export type KnownMethod = (typeof KNOWN_METHODS)[number];

/** The name of each route; the handler dispatches on it. */
export type RouteName =
  | 'index'
  | 'orders'
  | 'orders_count'
  | 'order'
  | 'order_notes'
  | 'coupons'
  | 'coupons_count'
  | 'coupon'
  | 'coupon_by_code'
  | 'reports'
  | 'sales_report'
  | 'top_sellers_report';

/** A route: its name, its path template as the index shows it, the methods it supports, whether it takes a body. */
export interface RouteDefinition {
  readonly name: RouteName;
  /** Path template below the base path, e.g. `/orders/<id>`. */
  readonly template: string;
  readonly methods: readonly KnownMethod[];
  readonly acceptsData: boolean;
  readonly pattern: RegExp;
}

const READ: readonly KnownMethod[] = ['HEAD', 'GET'];
const EDITABLE: readonly KnownMethod[] = ['HEAD', 'GET', 'POST', 'PUT', 'PATCH'];

/** Every route, in the legacy registration order (which is also the order of the index document). */
export const ROUTES: readonly RouteDefinition[] = [
  { name: 'index', template: '/', methods: READ, acceptsData: false, pattern: /^\/?$/ },
  { name: 'orders', template: '/orders', methods: READ, acceptsData: false, pattern: /^\/orders$/i },
  { name: 'orders_count', template: '/orders/count', methods: READ, acceptsData: false, pattern: /^\/orders\/count$/i },
  { name: 'order', template: '/orders/<id>', methods: EDITABLE, acceptsData: true, pattern: /^\/orders\/(\d+)$/i },
  { name: 'order_notes', template: '/orders/<id>/notes', methods: READ, acceptsData: false, pattern: /^\/orders\/(\d+)\/notes$/i },
  { name: 'coupons', template: '/coupons', methods: READ, acceptsData: false, pattern: /^\/coupons$/i },
  { name: 'coupons_count', template: '/coupons/count', methods: READ, acceptsData: false, pattern: /^\/coupons\/count$/i },
  { name: 'coupon', template: '/coupons/<id>', methods: READ, acceptsData: false, pattern: /^\/coupons\/(\d+)$/i },
  {
    name: 'coupon_by_code',
    template: '/coupons/code/<code>',
    methods: READ,
    acceptsData: false,
    // The legacy route regex: a word character, then word characters, whitespace or hyphens (ASCII, as in PCRE).
    pattern: /^\/coupons\/code\/([A-Za-z0-9_][A-Za-z0-9_\s-]*)$/i,
  },
  { name: 'reports', template: '/reports', methods: READ, acceptsData: false, pattern: /^\/reports$/i },
  { name: 'sales_report', template: '/reports/sales', methods: READ, acceptsData: false, pattern: /^\/reports\/sales$/i },
  {
    name: 'top_sellers_report',
    template: '/reports/sales/top_sellers',
    methods: READ,
    acceptsData: false,
    pattern: /^\/reports\/sales\/top_sellers$/i,
  },
];

/** A matched route and its captured parameter (`<id>` or `<code>`), decoded. */
export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly param: string | undefined;
}

/**
 * Finds the route for a decoded path below the base path and an (effective, uppercase) method. Returns undefined
 * when no route matches that path and method: the legacy server answers a known path with the wrong method as
 * "no route" too.
 *
 * @example
 * ```ts
 * matchRoute('/orders/12/notes', 'GET'); // { route: { name: 'order_notes', ... }, param: '12' }
 * matchRoute('/orders/', 'GET'); // undefined (a trailing slash is another path)
 * ```
 */
export function matchRoute(path: string, method: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (m !== null && (route.methods as readonly string[]).includes(method)) return { route, param: m[1] };
  }
  return undefined;
}

/** Where the base path sits in a request path: everything before it (a mount prefix) and the route path after it. */
export interface BasePathSplit {
  /** What precedes the base path, e.g. `/shop` when an adapter is mounted there; `''` when not mounted. */
  readonly prefix: string;
  /** The raw (still encoded) path below the base path, e.g. `/orders/12`, or `''` for the base path itself. */
  readonly rest: string;
}

/**
 * Locates the base path in the raw path of a request. Adapters pass the full original URL (mount prefix included,
 * so links and the index can point back at the public URL), so the base path may follow a prefix of whole segments:
 * `/shop/wc-api/v1/orders` splits into `/shop` and `/orders`. Undefined when the base path does not occur.
 *
 * @example
 * ```ts
 * splitBasePath('/shop/wc-api/v1/orders', '/wc-api/v1'); // { prefix: '/shop', rest: '/orders' }
 * splitBasePath('/wc-api/v1', '/wc-api/v1'); // { prefix: '', rest: '' }
 * ```
 */
export function splitBasePath(rawPath: string, basePath: string): BasePathSplit | undefined {
  const base = basePath.replace(/\/+$/, '');
  if (base === '') return { prefix: '', rest: rawPath };
  let from = 0;
  for (;;) {
    const at = rawPath.indexOf(base, from);
    if (at < 0) return undefined;
    const after = rawPath.charAt(at + base.length);
    const segmentStart = at === 0 || rawPath.charAt(at - 1) === '/' || base.startsWith('/');
    if (segmentStart && (after === '' || after === '/')) {
      return { prefix: rawPath.slice(0, at), rest: rawPath.slice(at + base.length) };
    }
    from = at + 1;
  }
}

/**
 * The API version a request asked for when it is a sibling of the configured base path: `/wc-api/v3/orders` against
 * `/wc-api/v1` gives `v3` (clients default to newer versions, and should hear which one this server speaks rather
 * than an authentication error). Undefined when the base path does not end in a version segment (`/v<digits>`), or
 * the request names no sibling version.
 *
 * @example
 * ```ts
 * otherApiVersion('/shop/wc-api/v3/orders', '/wc-api/v1'); // 'v3'
 * otherApiVersion('/wc-api/v1/orders', '/wc-api/v1'); // undefined
 * ```
 */
export function otherApiVersion(rawPath: string, basePath: string): string | undefined {
  const own = /^(.*)\/(v\d+)$/i.exec(basePath.replace(/\/+$/, ''));
  if (own === null) return undefined;
  const parent = own[1]!;
  // Any v<digits> segment right after the parent, itself after a prefix of whole segments, as splitBasePath allows.
  let from = 0;
  for (;;) {
    const at = parent === '' ? from : rawPath.indexOf(`${parent}/`, from);
    if (at < 0 || at >= rawPath.length) return undefined;
    const segmentStart = at === 0 || rawPath.charAt(at - 1) === '/' || parent.startsWith('/');
    const m = /^v\d{1,9}(?=\/|$)/i.exec(rawPath.slice(at + parent.length + 1, at + parent.length + 12));
    if (segmentStart && m !== null && m[0].toLowerCase() !== own[2]!.toLowerCase()) return m[0];
    if (parent === '') return undefined;
    from = at + 1;
  }
}
