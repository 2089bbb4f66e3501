// The shop API conformance suite: one set of exact expectations, run against every binding (core, Express, Koa).
// Call describeShopApiConformance(name, bind) from a test file; `bind` puts an API behind a transport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopApi } from 'wc-legacy-api/shop';
import { fixtureApiOn, MEMORY_BACKEND, SITE_URL, type ConformanceBackend } from './fixture';
import { describeEdges } from './edges-suite';
import { describeLimitsAndConsistency } from './limits-suite';
import type { ConformanceRequest, ConformanceResponse, ConformanceTarget } from './targets';

export type { ConformanceRequest, ConformanceResponse, ConformanceTarget } from './targets';

const JSON_TYPE = 'application/json; charset=UTF-8';
const ALLOWED = 'pending, processing, on-hold, completed, cancelled, refunded, failed';

type Who = 'manager' | 'customer' | 'reporter' | 'nobody';

/** The full serialized order 1008 (a variation bought twice, never completed). */
const ORDER_1008 = {
  id: 1008,
  order_number: '1008',
  created_at: '2024-03-08T10:00:00Z',
  updated_at: '2024-03-09T10:00:00Z',
  completed_at: '1970-01-01T00:00:00Z',
  status: 'completed',
  currency: 'EUR',
  total: '17.00',
  subtotal: '10.00',
  total_line_items_quantity: 2,
  total_tax: '2.00', // cart tax 2.00 + shipping tax 0.00
  total_shipping: '5.00',
  cart_tax: '2.00',
  shipping_tax: '0.00',
  total_discount: '0.00',
  cart_discount: '0.00',
  order_discount: '0.00',
  shipping_methods: 'Flat Rate',
  payment_details: { method_id: 'bacs', method_title: 'Direct bank transfer', paid: false },
  billing_address: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    address_1: '12 Analytical Row',
    address_2: '',
    city: 'London',
    state: '',
    postcode: 'N1 7AA',
    country: 'GB',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
  },
  shipping_address: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    address_1: '12 Analytical Row',
    address_2: '',
    city: 'London',
    state: '',
    postcode: 'N1 7AA',
    country: 'GB',
  },
  note: '',
  customer_ip: '203.0.113.9',
  customer_user_agent: 'Mozilla/5.0',
  customer_id: 0,
  view_order_url: 'https://shop.example.com:8443/my-account/view-order/1008',
  line_items: [
    {
      id: 10080,
      subtotal: '10.00',
      total: '10.00',
      total_tax: '2.00',
      price: '5.00', // 10.00 / 2
      quantity: 2,
      tax_class: null,
      name: 'Gadget - Blue',
      product_id: 102, // the variation id
      sku: 'GAD-101-B',
    },
  ],
  shipping_lines: [{ id: 50, method_id: 'flat_rate', method_title: 'Flat Rate', total: '5.00' }],
  tax_lines: [],
  fee_lines: [],
  coupon_lines: [],
};

const COUPON_500 = {
  id: 500,
  code: 'spring10',
  type: 'percent',
  created_at: '2024-01-02T03:04:05Z',
  updated_at: '2024-01-03T03:04:05Z',
  amount: '10.00',
  individual_use: false,
  product_ids: [],
  exclude_product_ids: [],
  usage_limit: null,
  usage_limit_per_user: null,
  limit_usage_to_x_items: 0,
  usage_count: 0,
  expiry_date: '1970-01-01T00:00:00Z',
  enable_free_shipping: false,
  product_category_ids: [],
  exclude_product_category_ids: [],
  exclude_sale_items: false,
  minimum_amount: '0.00',
  customer_emails: [],
};

function envelope(code: string, message: string) {
  return { errors: [{ code, message }] };
}

/**
 * Registers the conformance tests for one binding. `bind(api)` must serve `api` and return a target; it is called
 * once per API the suite builds (a read-only API shared by the read tests, a fresh one for the writes, and the
 * differently configured ones of the limits cases). `backend` holds the fixture shop (memory unless given).
 */
export function describeShopApiConformance(
  name: string,
  bind: (api: ShopApi) => Promise<ConformanceTarget>,
  backend: ConformanceBackend = MEMORY_BACKEND,
): void {
  describe(`shop API conformance: ${name}`, () => {
    let target: ConformanceTarget;
    let writes: ConformanceTarget;
    beforeAll(async () => {
      target = await bind(await fixtureApiOn(backend));
      writes = await bind(await fixtureApiOn(backend));
    });
    afterAll(async () => {
      await target?.close();
      await writes?.close();
    });

    const send = (req: ConformanceRequest, who: Who = 'manager', t?: ConformanceTarget) =>
      (t ?? target).send({ ...req, headers: { ...(who === 'nobody' ? {} : { 'x-test-caller': who }), ...req.headers } });
    const get = (path: string, who: Who = 'manager') => send({ method: 'GET', path }, who);
    const body = (res: ConformanceResponse): unknown => JSON.parse(res.body);
    const api = (path: string) => `${SITE_URL}${target.prefix}/wc-api/v1${path}`;
    const link = (query: string, page: number, rel: string) => `<${api(`/orders?${query}page=${page}`)}>; rel="${rel}"`;

    function expectError(res: ConformanceResponse, status: number, code: string, message?: string) {
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toBe(JSON_TYPE);
      const parsed = body(res) as { errors: { code: string; message: string }[] };
      expect(parsed.errors).toHaveLength(1);
      expect(parsed.errors[0]!.code).toBe(code);
      if (message !== undefined) expect(parsed.errors[0]!.message).toBe(message);
      else expect(parsed.errors[0]!.message.length).toBeGreaterThan(0);
    }

    describeLimitsAndConsistency({ bind, backend, target: () => target });
    describeEdges({ bind, backend, target: () => target });

    describe('index', () => {
      const routes = () => {
        const read = ['HEAD', 'GET'];
        return {
          '/': { supports: read, meta: { self: api('/') } },
          '/orders': { supports: read, meta: { self: api('/orders') } },
          '/orders/count': { supports: read, meta: { self: api('/orders/count') } },
          '/orders/<id>': { supports: ['HEAD', 'GET', 'POST', 'PUT', 'PATCH'], accepts_data: true },
          '/orders/<id>/notes': { supports: read },
          '/coupons': { supports: read, meta: { self: api('/coupons') } },
          '/coupons/count': { supports: read, meta: { self: api('/coupons/count') } },
          '/coupons/<id>': { supports: read },
          '/coupons/code/<code>': { supports: read },
          '/reports': { supports: read, meta: { self: api('/reports') } },
          '/reports/sales': { supports: read, meta: { self: api('/reports/sales') } },
          '/reports/sales/top_sellers': { supports: read, meta: { self: api('/reports/sales/top_sellers') } },
        };
      };

      it('serves store information and the routes, without authentication', async () => {
        const res = await get('/wc-api/v1/', 'nobody');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(JSON_TYPE);
        expect(body(res)).toEqual({
          store: {
            name: 'Test Shop',
            description: 'A shop for tests',
            URL: SITE_URL,
            wc_version: '2.1',
            routes: routes(),
            meta: {
              timezone: 'UTC',
              currency: 'EUR',
              currency_format: '&#8364;', // € is U+20AC = 8364
              tax_included: false,
              weight_unit: 'kg',
              dimension_unit: 'cm',
              ssl_enabled: true,
              permalinks_enabled: true,
              links: {},
            },
          },
        });
        // Key order of the routes map is the legacy registration order.
        expect(Object.keys((body(res) as { store: { routes: object } }).store.routes)).toEqual(Object.keys(routes()));
      });

      it('answers the base path without a trailing slash, and HEAD without a body', async () => {
        const plain = await get('/wc-api/v1', 'nobody');
        expect(plain.status).toBe(200);
        expect(body(plain)).toEqual(body(await get('/wc-api/v1/', 'nobody')));
        const head = await send({ method: 'HEAD', path: '/wc-api/v1/' }, 'nobody');
        expect(head.status).toBe(200);
        expect(head.headers['content-type']).toBe(JSON_TYPE);
        expect(head.body).toBe('');
      });
    });

    describe('authentication and routing', () => {
      it('refuses an unauthenticated request with 401 shop_api_authentication_error and the authenticator message', async () => {
        expectError(await get('/wc-api/v1/orders', 'nobody'), 401, 'shop_api_authentication_error', 'No test caller given.');
        // Routing comes before authentication: an unknown path is 404 whoever asks (issue 24).
        expectError(await get('/wc-api/v1/nowhere', 'nobody'), 404, 'shop_api_no_route', 'No route was found matching the URL and request method');
      });

      it('answers unknown paths, trailing slashes and wrong methods with 404 shop_api_no_route', async () => {
        const msg = 'No route was found matching the URL and request method';
        expectError(await get('/wc-api/v1/products'), 404, 'shop_api_no_route', msg);
        expectError(await get('/wc-api/v1/orders/'), 404, 'shop_api_no_route', msg);
        expectError(await get('/wc-api/v1/orders/abc'), 404, 'shop_api_no_route', msg);
        expectError(await get('/elsewhere'), 404, 'shop_api_no_route', msg);
        expectError(await send({ method: 'DELETE', path: '/wc-api/v1/orders/1001' }), 404, 'shop_api_no_route', msg);
        expectError(await send({ method: 'PUT', path: '/wc-api/v1/orders', body: '{}' }), 404, 'shop_api_no_route', msg);
      });

      it('answers a method outside HEAD/GET/POST/PUT/PATCH/DELETE with 400 shop_api_unsupported_method', async () => {
        expectError(await get('/wc-api/v1/orders?_method=FROB'), 400, 'shop_api_unsupported_method', 'Unsupported request method');
        const viaHeader = await send({ method: 'GET', path: '/wc-api/v1/orders', headers: { 'x-http-method-override': 'FROB' } });
        expectError(viaHeader, 400, 'shop_api_unsupported_method');
      });

      it('matches routes case-insensitively, as the legacy server does', async () => {
        const res = await get('/wc-api/v1/ORDERS/Count');
        expect(res.status).toBe(200);
        expect(body(res)).toEqual({ count: 12 });
      });

      it('answers a query string that is not valid percent-encoding with 400', async () => {
        expectError(await get('/wc-api/v1/orders?filter[q]=%zz'), 400, 'shop_api_invalid_query_parameter');
      });
    });

    describe('GET /orders', () => {
      it('lists the first page of 10, newest first, with totals and next/last links', async () => {
        const res = await get('/wc-api/v1/orders?fields=id,status');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(JSON_TYPE);
        expect(body(res)).toEqual({
          orders: [
            { id: 1012, status: 'completed' },
            { id: 1011, status: 'processing' },
            { id: 1010, status: 'completed' },
            { id: 1009, status: 'processing' },
            { id: 1008, status: 'completed' },
            { id: 1007, status: 'failed' },
            { id: 1006, status: 'refunded' },
            { id: 1005, status: 'cancelled' },
            { id: 1004, status: 'pending' },
            { id: 1003, status: 'on-hold' },
          ],
        });
        expect(res.headers['x-wc-total']).toBe('12');
        expect(res.headers['x-wc-totalpages']).toBe('2'); // ceil(12 / 10)
        expect(res.headers.link).toBe(`${link('fields=id,status&', 2, 'next')}, ${link('fields=id,status&', 2, 'last')}`);
        expect(res.headerNames.filter((n) => n === 'link')).toHaveLength(1);
      });

      it('serves the full order resource in lists', async () => {
        const res = await get('/wc-api/v1/orders?filter[limit]=1&page=5');
        // page 5 of 1 per page: the 5th newest order, 1008
        expect(body(res)).toEqual({ orders: [ORDER_1008] });
      });

      it('pages with page=2: first and prev links, no next, no last on the last page', async () => {
        const res = await get('/wc-api/v1/orders?fields=id&page=2');
        expect(body(res)).toEqual({ orders: [{ id: 1002 }, { id: 1001 }] });
        expect(res.headers['x-wc-total']).toBe('12');
        expect(res.headers['x-wc-totalpages']).toBe('2');
        expect(res.headers.link).toBe(`${link('fields=id&', 1, 'first')}, ${link('fields=id&', 1, 'prev')}`);
      });

      it('keeps filter[limit] in links and never echoes credentials', async () => {
        const res = await get(
          '/wc-api/v1/orders?consumer_key=ck_secret&filter[limit]=5&oauth_signature=abc%3D&page=2&fields=id&consumer_secret=cs_x&oauth_nonce=n1',
        );
        expect(body(res)).toEqual({ orders: [{ id: 1007 }, { id: 1006 }, { id: 1005 }, { id: 1004 }, { id: 1003 }] });
        expect(res.headers['x-wc-totalpages']).toBe('3'); // ceil(12 / 5)
        const q = 'filter[limit]=5&fields=id&';
        expect(res.headers.link).toBe(
          [link(q, 1, 'first'), link(q, 1, 'prev'), link(q, 3, 'next'), link(q, 3, 'last')].join(', '),
        );
        expect(res.headers.link).not.toMatch(/ck_secret|cs_x|oauth/);
      });

      it('answers a page past the end with an empty list and the real totals', async () => {
        const res = await get('/wc-api/v1/orders?fields=id&page=5');
        expect(body(res)).toEqual({ orders: [] });
        expect(res.headers['x-wc-total']).toBe('12');
        expect(res.headers['x-wc-totalpages']).toBe('2');
        expect(res.headers.link).toBe(
          [link('fields=id&', 1, 'first'), link('fields=id&', 4, 'prev'), link('fields=id&', 2, 'last')].join(', '),
        );
      });

      it('serves every order on one page for filter[limit]=-1 when they fit in maxPageSize (default 100)', async () => {
        const res = await get('/wc-api/v1/orders?fields=id&filter[limit]=-1');
        expect((body(res) as { orders: { id: number }[] }).orders.map((o) => o.id)).toEqual([
          1012, 1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001,
        ]);
        expect(res.headers['x-wc-total']).toBe('12');
        expect(res.headers['x-wc-totalpages']).toBe('1');
        expect(res.headers.link).toBeUndefined();
      });

      it('normalises filter[limit] as WordPress does: 0 is the page size, below -1 its absolute value', async () => {
        const zero = await get('/wc-api/v1/orders?fields=id&filter[limit]=0');
        expect((body(zero) as { orders: unknown[] }).orders).toHaveLength(10);
        const negative = await get('/wc-api/v1/orders?fields=id&filter[limit]=-3');
        expect(body(negative)).toEqual({ orders: [{ id: 1012 }, { id: 1011 }, { id: 1010 }] });
        expect(negative.headers['x-wc-totalpages']).toBe('4'); // ceil(12 / 3)
      });

      it('skips filter[offset] rows, ignoring page, with totals and no links', async () => {
        const res = await get('/wc-api/v1/orders?fields=id&filter[limit]=3&filter[offset]=4&page=3');
        // newest first, skip 1012, 1011, 1010, 1009
        expect(body(res)).toEqual({ orders: [{ id: 1008 }, { id: 1007 }, { id: 1006 }] });
        expect(res.headers['x-wc-total']).toBe('12');
        expect(res.headers['x-wc-totalpages']).toBe('4');
        expect(res.headers.link).toBeUndefined();
      });

      it('takes the last of duplicate query parameters', async () => {
        const res = await get('/wc-api/v1/orders?fields=status&fields=id&filter[limit]=9&filter[limit]=2');
        expect(body(res)).toEqual({ orders: [{ id: 1012 }, { id: 1011 }] });
      });

      it('filters by status as a set; top-level status replaces filter[status]', async () => {
        const both = await get('/wc-api/v1/orders?fields=id&status=completed,on-hold&filter[status]=processing');
        expect(body(both)).toEqual({ orders: [{ id: 1012 }, { id: 1010 }, { id: 1008 }, { id: 1003 }, { id: 1001 }] });
        expect(both.headers['x-wc-total']).toBe('5');
        const filterOnly = await get('/wc-api/v1/orders?fields=id&filter[status]=processing');
        expect(body(filterOnly)).toEqual({ orders: [{ id: 1011 }, { id: 1009 }, { id: 1002 }] });
      });

      it('answers an unknown status with 400 naming the allowed ones', async () => {
        expectError(
          await get('/wc-api/v1/orders?status=shipped'),
          400,
          'shop_api_invalid_order_status',
          `Invalid order status "shipped"; allowed: ${ALLOWED}`,
        );
      });

      it('filters by creation and update dates (inclusive), honouring a UTC offset', async () => {
        const ids = async (q: string) =>
          ((body(await get(`/wc-api/v1/orders?fields=id&${q}`)) as { orders: { id: number }[] }).orders ?? []).map((o) => o.id);
        expect(await ids('filter[created_at_min]=2024-03-10')).toEqual([1012, 1011, 1010]);
        expect(await ids('filter[created_at_max]=2024-03-02T10:00:00Z')).toEqual([1002, 1001]);
        // 12:00+02:00 is 10:00Z, exactly when 1010 was created; dropping the offset would exclude it.
        expect(await ids('filter[created_at_min]=2024-03-10T12:00:00%2B02:00')).toEqual([1012, 1011, 1010]);
        // An unencoded "+" arrives as a space; it is still read as the offset sign.
        expect(await ids('filter[created_at_min]=2024-03-10T12:00:00+02:00')).toEqual([1012, 1011, 1010]);
        expect(await ids('filter[created_at_min]=2024-03-10T12:00:00Z')).toEqual([1012, 1011]);
        // Order 1000+i is updated on day i+1 at 10:00Z; only 1001 (Mar 2) is at or before Mar 3 00:00.
        expect(await ids('filter[updated_at_max]=2024-03-03')).toEqual([1001]);
        expect(await ids('filter[updated_at_min]=2024-03-13T10:00:00Z')).toEqual([1012]);
      });

      it('answers an unparseable filter date or paging value with 400 shop_api_invalid_query_parameter', async () => {
        expectError(await get('/wc-api/v1/orders?filter[created_at_min]=yesterday'), 400, 'shop_api_invalid_query_parameter');
        expectError(await get('/wc-api/v1/orders?filter[updated_at_max]=2024-02-30'), 400, 'shop_api_invalid_query_parameter');
        expectError(await get('/wc-api/v1/orders?page=two'), 400, 'shop_api_invalid_query_parameter');
        expectError(await get('/wc-api/v1/orders?filter[limit]=1.5'), 400, 'shop_api_invalid_query_parameter');
        expectError(await get('/wc-api/v1/orders?filter[offset]=-1'), 400, 'shop_api_invalid_query_parameter');
        expectError(await get('/wc-api/v1/orders?page=99999999999999999999'), 400, 'shop_api_invalid_query_parameter');
        expectError(await get('/wc-api/v1/orders?filter=5'), 400, 'shop_api_invalid_query_parameter');
      });

      it('searches with filter[q]: every term, case-insensitively', async () => {
        const res = await get('/wc-api/v1/orders?fields=id,billing_address.last_name&filter[q]=BABBAGE+charles');
        expect(body(res)).toEqual({ orders: [{ id: 1004, billing_address: { last_name: 'Babbage' } }] });
        expect(res.headers['x-wc-total']).toBe('1');
      });

      it('applies fields to every element, with sub-fields of objects and lists', async () => {
        const res = await get('/wc-api/v1/orders?filter[limit]=2&fields=id,billing_address.email,line_items.sku,line_items.quantity');
        expect(body(res)).toEqual({
          orders: [
            { id: 1012, billing_address: { email: 'ada@example.com' }, line_items: [{ quantity: 1, sku: 'GAD-101' }] },
            { id: 1011, billing_address: { email: 'ada@example.com' }, line_items: [{ quantity: 1, sku: 'WID-100' }] },
          ],
        });
      });

      it('lists and counts only the orders the caller may read', async () => {
        const res = await get('/wc-api/v1/orders?fields=id,customer_id', 'customer');
        // the customer (user 7) owns 1010, 1005 and 1002
        expect(body(res)).toEqual({ orders: [{ id: 1010, customer_id: 7 }, { id: 1005, customer_id: 7 }, { id: 1002, customer_id: 7 }] });
        expect(res.headers['x-wc-total']).toBe('3');
        expect(res.headers['x-wc-totalpages']).toBe('1');
      });

      it('answers HEAD with the headers of GET and no body', async () => {
        const res = await send({ method: 'HEAD', path: '/wc-api/v1/orders?fields=id' });
        expect(res.status).toBe(200);
        expect(res.headers['x-wc-total']).toBe('12');
        expect(res.headers.link).toBe(`${link('fields=id&', 2, 'next')}, ${link('fields=id&', 2, 'last')}`);
        expect(res.body).toBe('');
      });
    });

    describe('GET /orders/count', () => {
      it('counts every match whatever the page, with status and filter', async () => {
        expect(body(await get('/wc-api/v1/orders/count'))).toEqual({ count: 12 });
        expect(body(await get('/wc-api/v1/orders/count?page=2&filter[limit]=1'))).toEqual({ count: 12 });
        expect(body(await get('/wc-api/v1/orders/count?status=completed'))).toEqual({ count: 4 });
        expect(body(await get('/wc-api/v1/orders/count?filter[created_at_min]=2024-03-10'))).toEqual({ count: 3 });
        const res = await get('/wc-api/v1/orders/count');
        expect(res.headers['x-wc-total']).toBeUndefined();
      });

      it('needs read_private_shop_orders, checked after the query is built', async () => {
        expectError(
          await get('/wc-api/v1/orders/count', 'customer'),
          401,
          'shop_api_user_cannot_read_orders_count',
          'You do not have permission to read the orders count',
        );
        expectError(await get('/wc-api/v1/orders/count?filter[created_at_min]=nope', 'customer'), 400, 'shop_api_invalid_query_parameter');
      });
    });

    describe('GET /orders/<id>', () => {
      it('serves the full order', async () => {
        const res = await get('/wc-api/v1/orders/1008');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(JSON_TYPE);
        expect(body(res)).toEqual({ order: ORDER_1008 });
        expect(res.headers['x-wc-total']).toBeUndefined();
      });

      it('applies fields, trimmed; nothing matching gives {}', async () => {
        expect(body(await get('/wc-api/v1/orders/1010?fields=id,%20status,line_items.product_id,line_items.sku'))).toEqual({
          order: { id: 1010, status: 'completed', line_items: [{ product_id: 103, sku: null }] }, // product 103 is gone
        });
        expect(body(await get('/wc-api/v1/orders/1010?fields=nothing'))).toEqual({ order: {} });
      });

      it('answers id 0, unknown ids and unreadable orders with the shop_api_ codes', async () => {
        expectError(await get('/wc-api/v1/orders/0'), 404, 'shop_api_invalid_order_id', 'Invalid order ID');
        expectError(await get('/wc-api/v1/orders/999'), 404, 'shop_api_invalid_order', 'Invalid order');
        expectError(await get('/wc-api/v1/orders/123456789012345678901234567890'), 404, 'shop_api_invalid_order');
        expectError(
          await get('/wc-api/v1/orders/1001', 'customer'),
          401,
          'shop_api_user_cannot_read_order',
          'You do not have permission to read this order',
        );
        const own = await get('/wc-api/v1/orders/1002?fields=id', 'customer');
        expect(own.status).toBe(200);
        expect(body(own)).toEqual({ order: { id: 1002 } });
      });
    });

    describe('GET /orders/<id>/notes', () => {
      it('serves the approved order notes, newest first', async () => {
        const res = await get('/wc-api/v1/orders/1001/notes');
        expect(res.status).toBe(200);
        expect(body(res)).toEqual({
          order_notes: [
            { id: 2, created_at: '2024-03-01T12:00:00Z', note: 'Thanks!', customer_note: true },
            { id: 1, created_at: '2024-03-01T11:00:00Z', note: 'Payment received.', customer_note: false },
          ],
        });
        expect(body(await get('/wc-api/v1/orders/1001/notes?fields=note'))).toEqual({
          order_notes: [{ note: 'Thanks!' }, { note: 'Payment received.' }],
        });
        expect(body(await get('/wc-api/v1/orders/1002/notes'))).toEqual({ order_notes: [] });
      });

      it('needs a readable order', async () => {
        expectError(await get('/wc-api/v1/orders/999/notes'), 404, 'shop_api_invalid_order');
        expectError(await get('/wc-api/v1/orders/0/notes'), 404, 'shop_api_invalid_order_id');
        expectError(await get('/wc-api/v1/orders/1001/notes', 'customer'), 401, 'shop_api_user_cannot_read_order');
      });
    });

    describe('coupons', () => {
      it('lists published coupons, newest first, with pagination headers', async () => {
        const res = await get('/wc-api/v1/coupons?fields=id,code');
        expect(body(res)).toEqual({
          coupons: [
            { id: 502, code: 'Winter Deal' },
            { id: 503, code: 'vip' },
            { id: 500, code: 'spring10' },
          ],
        });
        expect(res.headers['x-wc-total']).toBe('3');
        expect(res.headers['x-wc-totalpages']).toBe('1');
        expect(res.headers.link).toBeUndefined();
        const paged = await get('/wc-api/v1/coupons?fields=id&filter[limit]=1&page=2');
        expect(body(paged)).toEqual({ coupons: [{ id: 503 }] });
        expect(paged.headers.link).toBe(
          ['first', 'prev', 'next', 'last']
            .map((rel, i) => `<${api(`/coupons?fields=id&filter[limit]=1&page=${[1, 1, 3, 3][i]}`)}>; rel="${rel}"`)
            .join(', '),
        );
      });

      it('searches code and description with filter[q]', async () => {
        expect(body(await get('/wc-api/v1/coupons?fields=id&filter[q]=vips'))).toEqual({ coupons: [{ id: 503 }] });
        expect(body(await get('/wc-api/v1/coupons?fields=id&filter[q]=winter'))).toEqual({ coupons: [{ id: 502 }] });
      });

      it('leaves unreadable coupons out of the list and out of the counts', async () => {
        const res = await get('/wc-api/v1/coupons', 'customer');
        expect(body(res)).toEqual({ coupons: [] });
        expect(res.headers['x-wc-total']).toBe('0');
      });

      it('counts published coupons; needs read_private_shop_coupons', async () => {
        expect(body(await get('/wc-api/v1/coupons/count'))).toEqual({ count: 3 });
        expect(body(await get('/wc-api/v1/coupons/count?filter[q]=spring'))).toEqual({ count: 1 });
        expectError(
          await get('/wc-api/v1/coupons/count', 'customer'),
          401,
          'shop_api_user_cannot_read_coupons_count',
          'You do not have permission to read the coupons count',
        );
      });

      it('serves one coupon by id; unpublished, unknown and 0 are 404 shop_api_invalid_coupon_id', async () => {
        const res = await get('/wc-api/v1/coupons/500');
        expect(res.status).toBe(200);
        expect(body(res)).toEqual({ coupon: COUPON_500 });
        expect(body(await get('/wc-api/v1/coupons/500?fields=code,amount'))).toEqual({ coupon: { code: 'spring10', amount: '10.00' } });
        for (const id of ['501', '0', '999', '99999999999999999999']) {
          expectError(await get(`/wc-api/v1/coupons/${id}`), 404, 'shop_api_invalid_coupon_id', 'Invalid coupon ID');
        }
        expectError(
          await get('/wc-api/v1/coupons/500', 'customer'),
          401,
          'shop_api_user_cannot_read_coupon',
          'You do not have permission to read this coupon',
        );
      });

      it('serves one coupon by exact code among published coupons', async () => {
        expect(body(await get('/wc-api/v1/coupons/code/spring10'))).toEqual({ coupon: COUPON_500 });
        expect(body(await get('/wc-api/v1/coupons/code/Winter%20Deal?fields=id'))).toEqual({ coupon: { id: 502 } });
        for (const code of ['SPRING10', 'summer-sale', 'nope']) {
          expectError(await get(`/wc-api/v1/coupons/code/${code}`), 404, 'shop_api_invalid_coupon_code', 'Invalid coupon code');
        }
        expectError(await get('/wc-api/v1/coupons/code/no!pe'), 404, 'shop_api_no_route');
        expectError(await get('/wc-api/v1/coupons/code/spring10', 'customer'), 401, 'shop_api_user_cannot_read_coupon');
      });
    });

    describe('reports', () => {
      it('lists the reports for any caller', async () => {
        const res = await get('/wc-api/v1/reports', 'customer');
        expect(res.status).toBe(200);
        expect(body(res)).toEqual({ reports: ['sales', 'sales/top_sellers'] });
      });

      it('needs view_shop_reports, checked before any report work', async () => {
        const msg = 'You do not have permission to read this report';
        expectError(await get('/wc-api/v1/reports/sales', 'customer'), 401, 'shop_api_user_cannot_read_report', msg);
        expectError(await get('/wc-api/v1/reports/sales?filter[date_min]=garbage', 'customer'), 401, 'shop_api_user_cannot_read_report', msg);
        expectError(await get('/wc-api/v1/reports/sales/top_sellers', 'customer'), 401, 'shop_api_user_cannot_read_report', msg);
      });

      it('serves the sales report of the last week', async () => {
        const res = await get('/wc-api/v1/reports/sales?filter[period]=week', 'reporter');
        expect(res.status).toBe(200);
        // Week = 2024-03-06..12. Counted: 1008, 1010, 1012 (completed), 1009, 1011 (processing); 1006 refunded and
        // 1007 failed are not. Each: total 17.00, cart tax 2.00, shipping 5.00, shipping tax 0.00.
        const period = (sales: string, orders: number, items: number, customers: number) => ({
          sales,
          orders,
          items,
          tax: orders === 0 ? '0.00' : '2.00',
          shipping: orders === 0 ? '0.00' : '5.00',
          discount: '0.00',
          customers,
        });
        expect(body(res)).toEqual({
          sales: {
            total_sales: 85, // 5 x 17.00
            net_sales: 50, // 85 - 10 tax - 25 shipping
            average_sales: 12.14, // 85 / 7 days = 12.142..
            total_orders: 5,
            total_items: 8, // 2 + 3 + 1 + 1 + 1
            total_tax: '10.00', // 5 x 2.00
            total_shipping: 25, // 5 x 5.00
            total_refunds: 0,
            total_discount: 0,
            totals_grouped_by: 'day',
            totals: {
              '2024-03-06': period('0.00', 0, 0, 0),
              '2024-03-07': period('0.00', 0, 0, 0),
              '2024-03-08': period('17.00', 1, 2, 1), // user 7 registered on Mar 8
              '2024-03-09': period('17.00', 1, 3, 0),
              '2024-03-10': period('17.00', 1, 1, 0),
              '2024-03-11': period('17.00', 1, 1, 1), // user 8 registered on Mar 11
              '2024-03-12': period('17.00', 1, 1, 0),
            },
            total_customers: 2,
          },
        });
      });

      it('serves a custom date range, applies fields, and refuses an unparseable date with 400', async () => {
        const res = await get(
          '/wc-api/v1/reports/sales?filter[date_min]=2024-03-01&filter[date_max]=2024-03-02&fields=total_orders,total_sales,totals_grouped_by',
          'reporter',
        );
        // 1001 (completed) and 1002 (processing), 17.00 each
        expect(body(res)).toEqual({ sales: { total_sales: 34, total_orders: 2, totals_grouped_by: 'day' } });
        expectError(await get('/wc-api/v1/reports/sales?filter[date_min]=garbage', 'reporter'), 400, 'shop_api_invalid_report_date');
        expectError(await get('/wc-api/v1/reports/sales/top_sellers?filter[date_max]=2024-13-01', 'reporter'), 400, 'shop_api_invalid_report_date');
      });

      it('serves the top sellers of the range, skipping deleted products, with limit and fields', async () => {
        // Week: product 100 sold 3 (1009) + 1 (1011) = 4; product 101 sold 2 (variation 102 in 1008) + 1 (1012) = 3;
        // product 103 (1010) no longer exists.
        expect(body(await get('/wc-api/v1/reports/sales/top_sellers?filter[period]=week', 'reporter'))).toEqual({
          top_sellers: [
            { title: 'Widget', product_id: 100, quantity: 4 },
            { title: 'Gadget', product_id: 101, quantity: 3 },
          ],
        });
        expect(body(await get('/wc-api/v1/reports/sales/top_sellers?filter[period]=week&filter[limit]=1&fields=product_id', 'reporter'))).toEqual({
          top_sellers: [{ product_id: 100 }],
        });
      });
    });

    describe('PUT /orders/<id>', () => {
      const put = (id: number, payload: string, who: Who = 'manager', method = 'PUT', query = '') =>
        send({ method, path: `/wc-api/v1/orders/${id}${query}`, body: payload, headers: { 'content-type': 'application/json' } }, who, writes);
      const read = async (path: string) => body(await send({ method: 'GET', path: `/wc-api/v1${path}` }, 'manager', writes));
      const notes = async (id: number) => (await read(`/orders/${id}/notes`)) as { order_notes: { note: string }[] };

      it('changes the status, records the note, and answers the full order (fields not applied)', async () => {
        const res = await put(1003, '{"status":"completed","note":"Shipped."}', 'manager', 'PUT', '?fields=id');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(JSON_TYPE);
        const order = (body(res) as { order: Record<string, unknown> }).order;
        expect(Object.keys(order)).toEqual(Object.keys(ORDER_1008));
        expect(order).toMatchObject({ id: 1003, status: 'completed', updated_at: '2024-03-12T18:00:00Z', completed_at: '2024-03-12T18:00:00Z' });
        expect((await notes(1003)).order_notes).toEqual([
          { id: expect.any(Number), created_at: '2024-03-12T18:00:00Z', note: 'Shipped. Order status changed from on-hold to completed.', customer_note: false },
        ]);
      });

      it('accepts the wrapped {"order": {...}} body', async () => {
        const res = await put(1004, '{"order":{"status":"processing"}}');
        expect((body(res) as { order: { status: string } }).order.status).toBe('processing');
        expect((await notes(1004)).order_notes.map((n) => n.note)).toEqual(['Order status changed from pending to processing.']);
      });

      it('accepts POST and PATCH, _method and X-HTTP-Method-Override', async () => {
        expect((body(await put(1005, '{"status":"on-hold"}', 'manager', 'POST')) as { order: { status: string } }).order.status).toBe('on-hold');
        expect((body(await put(1006, '{"status":"completed"}', 'manager', 'PATCH')) as { order: { status: string } }).order.status).toBe('completed');
        expect((body(await put(1007, '{"status":"pending"}', 'manager', 'POST', '?_method=PUT')) as { order: { status: string } }).order.status).toBe('pending');
        const viaHeader = await send(
          { method: 'POST', path: '/wc-api/v1/orders/1009', body: '{"status":"cancelled"}', headers: { 'x-http-method-override': 'PUT' } },
          'manager',
          writes,
        );
        expect((body(viaHeader) as { order: { status: string } }).order.status).toBe('cancelled');
      });

      it('keeps a "+" in the note as it is (the body is not URL-decoded)', async () => {
        await put(1008, '{"status":"on-hold","note":"a+b %41"}');
        expect((await notes(1008)).order_notes[0]!.note).toBe('a+b %41 Order status changed from completed to on-hold.');
      });

      it('changes nothing without a status, or with the current one', async () => {
        const res = await put(1002, '{"note":"just a note"}');
        expect(res.status).toBe(200);
        expect((body(res) as { order: { status: string } }).order.status).toBe('processing');
        await put(1002, '{"status":"processing","note":"again"}');
        expect(await notes(1002)).toEqual({ order_notes: [] });
      });

      it('refuses an unknown status with 400 naming the allowed ones, changing nothing', async () => {
        const res = await put(1002, '{"status":"shipped","note":"x"}');
        expectError(res, 400, 'shop_api_invalid_order_status', `Invalid order status "shipped"; allowed: ${ALLOWED}`);
        expect(((await read('/orders/1002?fields=status')) as { order: unknown }).order).toEqual({ status: 'processing' });
        expect(await notes(1002)).toEqual({ order_notes: [] });
      });

      it('refuses a missing, non-JSON or ill-shaped body with 400', async () => {
        expectError(
          await put(1002, ''),
          400,
          'shop_api_missing_body',
          'Missing parameter data: send a JSON object such as {"status":"completed"}',
        );
        expectError(await put(1002, '{"status":'), 400, 'shop_api_invalid_body');
        expectError(await put(1002, '[1,2]'), 400, 'shop_api_invalid_body', 'The request body must be a JSON object');
        expectError(await put(1002, 'null'), 400, 'shop_api_invalid_body');
        expectError(await put(1002, '{"status":5}'), 400, 'shop_api_invalid_body', '"status" must be a string');
        expectError(await put(1002, '{"order":"completed"}'), 400, 'shop_api_invalid_body');
        expect(((await read('/orders/1002?fields=status')) as { order: unknown }).order).toEqual({ status: 'processing' });
      });

      it('needs edit permission on an existing order', async () => {
        expectError(
          await put(1010, '{"status":"cancelled"}', 'customer'),
          401,
          'shop_api_user_cannot_edit_order',
          'You do not have permission to edit this order',
        );
        expectError(await put(999, '{"status":"cancelled"}'), 404, 'shop_api_invalid_order');
        expectError(await put(0, '{"status":"cancelled"}'), 404, 'shop_api_invalid_order_id');
        expect(((await read('/orders/1010?fields=status')) as { order: unknown }).order).toEqual({ status: 'completed' });
      });
    });
  });
}
