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

/**
 * A query parameter a route reads, by its wire name. `filter[limit]` means two things: a listing's page size, and
 * (`filter[limit]:top_sellers`) how many products a top-sellers report ranks; the part after `:` only tells them apart.
 */
export type QueryParameterId =
  | 'status'
  | 'filter[status]'
  | 'filter[created_at_min]'
  | 'filter[created_at_max]'
  | 'filter[updated_at_min]'
  | 'filter[updated_at_max]'
  | 'filter[q]'
  | 'filter[limit]'
  | 'filter[offset]'
  | 'page'
  | 'fields'
  | 'filter[period]'
  | 'filter[date_min]'
  | 'filter[date_max]'
  | 'filter[limit]:top_sellers';

/** The named JSON shapes a successful answer is made of (the OpenAPI document has one schema for each). */
export type ResponseSchemaName =
  | 'Index'
  | 'Order'
  | 'OrderNote'
  | 'Coupon'
  | 'Count'
  | 'ReportName'
  | 'SalesReport'
  | 'TopSeller';

/**
 * What a route answers with on success: `{ [member]: schema }` (or `{ [member]: schema[] }` when `list`); the
 * index (member null) is the schema itself.
 */
export interface RouteResponse {
  readonly member: string | null;
  readonly schema: ResponseSchemaName;
  readonly list: boolean;
}

/** A route parameter (`<id>` or `<code>` in a template) and the text it matches (a regular expression source). */
export const PATH_PARAMETERS = {
  id: '\\d+',
  // The legacy route regex: a word character, then word characters, whitespace or hyphens (ASCII, as in PCRE).
  code: '[A-Za-z0-9_][A-Za-z0-9_\\s-]*',
} as const;

/**
 * A route: its name, its path template as the index shows it, the methods it supports, whether it takes a body,
 * what the reading methods (HEAD, GET) take in the query and what a success answers. The handler matches and
 * dispatches with it, and `createOpenApiDocument` describes the API from it.
 */
export interface RouteDefinition {
  readonly name: RouteName;
  /** Path template below the base path, e.g. `/orders/<id>`. */
  readonly template: string;
  readonly methods: readonly KnownMethod[];
  readonly acceptsData: boolean;
  readonly pattern: RegExp;
  /** One line saying what the route serves (and what it needs), for the API description. */
  readonly summary: string;
  /** The query parameters HEAD and GET read (and check); the writing methods read none. */
  readonly query: readonly QueryParameterId[];
  /** True when a GET answers the pagination headers (`X-WC-Total`, `X-WC-TotalPages`, `Link`). */
  readonly paginated: boolean;
  readonly response: RouteResponse;
}

const READ: readonly KnownMethod[] = ['HEAD', 'GET'];
const EDITABLE: readonly KnownMethod[] = ['HEAD', 'GET', 'POST', 'PUT', 'PATCH'];

const RECORD_FILTERS: readonly QueryParameterId[] = [
  'filter[created_at_min]',
  'filter[created_at_max]',
  'filter[updated_at_min]',
  'filter[updated_at_max]',
  'filter[q]',
  'filter[limit]',
  'filter[offset]',
  // Read (and checked) by the counts too, though a count does not page.
  'page',
];
const ORDER_FILTERS: readonly QueryParameterId[] = ['status', 'filter[status]', ...RECORD_FILTERS];
const REPORT_FILTERS: readonly QueryParameterId[] = ['filter[period]', 'filter[date_min]', 'filter[date_max]'];

type RouteInput = Omit<RouteDefinition, 'pattern' | 'methods' | 'acceptsData' | 'paginated'> &
  Partial<Pick<RouteDefinition, 'methods' | 'acceptsData' | 'paginated'>>;

/** A route whose pattern is its template, anchored and case-insensitive, each `<param>` matching its text. */
function route(input: RouteInput): RouteDefinition {
  const source = input.template
    .split(/(<[a-z]+>)/)
    .map((part) => {
      const param = /^<([a-z]+)>$/.exec(part)?.[1];
      if (param === undefined) return part.replace(/\//g, '\\/');
      return `(${PATH_PARAMETERS[param as keyof typeof PATH_PARAMETERS]})`;
    })
    .join('');
  return { methods: READ, acceptsData: false, paginated: false, ...input, pattern: new RegExp(`^${source}$`, 'i') };
}

function body(member: string | null, schema: ResponseSchemaName, list = false): RouteResponse {
  return { member, schema, list };
}

/** Every route, in the legacy registration order (which is also the order of the index document). */
export const ROUTES: readonly RouteDefinition[] = [
  // The base path itself, with or without its slash (the handler answers it before authentication).
  {
    ...route({
      name: 'index',
      template: '/',
      summary: 'The index: store information and the routes (public, no key)',
      query: [],
      response: body(null, 'Index'),
    }),
    pattern: /^\/?$/,
  },
  route({
    name: 'orders',
    template: '/orders',
    summary: 'One page of orders, newest first (the orders the caller may read)',
    query: [...ORDER_FILTERS, 'fields'],
    paginated: true,
    response: body('orders', 'Order', true),
  }),
  route({
    name: 'orders_count',
    template: '/orders/count',
    summary: 'The number of matching orders (needs read_private_shop_orders)',
    query: ORDER_FILTERS,
    response: body('count', 'Count'),
  }),
  route({
    name: 'order',
    template: '/orders/<id>',
    methods: EDITABLE,
    acceptsData: true,
    summary: 'One order; PUT, POST and PATCH change its status (needs edit_shop_orders)',
    query: ['fields'],
    response: body('order', 'Order'),
  }),
  route({
    name: 'order_notes',
    template: '/orders/<id>/notes',
    summary: 'The approved notes of a readable order, newest first',
    query: ['fields'],
    response: body('order_notes', 'OrderNote', true),
  }),
  route({
    name: 'coupons',
    template: '/coupons',
    summary: 'One page of published coupons, newest first (empty without read_private_shop_coupons)',
    query: [...RECORD_FILTERS, 'fields'],
    paginated: true,
    response: body('coupons', 'Coupon', true),
  }),
  route({
    name: 'coupons_count',
    template: '/coupons/count',
    summary: 'The number of matching coupons (needs read_private_shop_coupons)',
    query: RECORD_FILTERS,
    response: body('count', 'Count'),
  }),
  route({
    name: 'coupon',
    template: '/coupons/<id>',
    summary: 'One published coupon (needs read_private_shop_coupons)',
    query: ['fields'],
    response: body('coupon', 'Coupon'),
  }),
  route({
    name: 'coupon_by_code',
    template: '/coupons/code/<code>',
    summary: 'The newest published coupon with exactly this code (needs read_private_shop_coupons)',
    query: ['fields'],
    response: body('coupon', 'Coupon'),
  }),
  route({
    name: 'reports',
    template: '/reports',
    summary: 'The names of the reports (any caller)',
    query: [],
    response: body('reports', 'ReportName', true),
  }),
  route({
    name: 'sales_report',
    template: '/reports/sales',
    summary: 'Sales totals over a range, grouped by day or month (needs view_shop_reports)',
    query: [...REPORT_FILTERS, 'fields'],
    response: body('sales', 'SalesReport'),
  }),
  route({
    name: 'top_sellers_report',
    template: '/reports/sales/top_sellers',
    summary: 'Products ranked by quantity sold over a range (needs view_shop_reports)',
    query: [...REPORT_FILTERS, 'filter[limit]:top_sellers', 'fields'],
    response: body('top_sellers', 'TopSeller', true),
  }),
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
