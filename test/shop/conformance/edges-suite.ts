// Conformance cases for the service's edges (issue 24): what a stranger or a key holder can send at each limit:
// the query parameter cap, routing before authentication, the search caps, text no backend can store, the body
// limit and JSON depth. Registered by describeShopApiConformance, so they run on every binding (core, Express, Koa)
// and every backend (memory, PGlite, a PostgreSQL server with DATABASE_URL): the answers must be identical.
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  MAX_QUERY_PARAMETERS,
  MAX_SEARCH_TERM_LENGTH,
  MAX_SEARCH_TERMS,
  type ShopApi,
  type ShopApiOptions,
} from 'wc-legacy-api/shop';
import { fixtureApiOn, type ConformanceBackend } from './fixture';
import type { ConformanceRequest, ConformanceResponse, ConformanceTarget } from './targets';

type Who = 'manager' | 'customer' | 'nobody';

export interface EdgesSuiteContext {
  readonly bind: (api: ShopApi) => Promise<ConformanceTarget>;
  readonly backend: ConformanceBackend;
  /** The read-only fixture API of the main suite (default options). */
  readonly target: () => ConformanceTarget;
}

const body = (res: ConformanceResponse): any => JSON.parse(res.body);

function send(t: ConformanceTarget, req: ConformanceRequest, who: Who = 'manager'): Promise<ConformanceResponse> {
  return t.send({ ...req, headers: { ...(who === 'nobody' ? {} : { 'x-test-caller': who }), ...req.headers } });
}

function expectError(res: ConformanceResponse, status: number, code: string, message?: string | RegExp): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
  const parsed = body(res) as { errors: { code: string; message: string }[] };
  expect(parsed.errors).toHaveLength(1);
  expect(parsed.errors[0]!.code).toBe(code);
  if (typeof message === 'string') expect(parsed.errors[0]!.message).toBe(message);
  else if (message !== undefined) expect(parsed.errors[0]!.message).toMatch(message);
}

const NO_ROUTE = 'No route was found matching the URL and request method';
const TOO_MANY = `The query string has more than 1,000 parameters; at most 1,000 are read.`;
const UNSTORABLE = 'holds a NUL character (U+0000) or a lone UTF-16 surrogate, which the shop cannot store or search';

/** Registers the cases; called inside the suite's describe block. */
export function describeEdges(ctx: EdgesSuiteContext): void {
  const opened: ConformanceTarget[] = [];
  const serve = async (options: Partial<ShopApiOptions> = {}): Promise<ConformanceTarget> => {
    const t = await ctx.bind(await fixtureApiOn(ctx.backend, options));
    opened.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((t) => t.close()));
  });
  const get = (path: string, who: Who = 'manager') => send(ctx.target(), { method: 'GET', path }, who);

  describe('query strings are parsed in linear time, at most 1,000 parameters, before authentication', () => {
    it('serves 1,000 parameters (appends included) and refuses 1,001 with 400, whoever asks', async () => {
      expect(MAX_QUERY_PARAMETERS).toBe(1000);
      const appends = 'a[]=x&'.repeat(MAX_QUERY_PARAMETERS - 1);
      const atCap = await get(`/wc-api/v1/orders/count?${appends}status=completed`);
      expect(body(atCap)).toEqual({ count: 4 });
      // At the cap a stranger reaches authentication; one more parameter and the query is refused before it.
      expectError(await get(`/wc-api/v1/orders/count?${appends}status=completed`, 'nobody'), 401, 'shop_api_authentication_error');
      const over = `/wc-api/v1/orders/count?${appends}a[]=y&status=completed`;
      expectError(await get(over, 'nobody'), 400, 'shop_api_invalid_query_parameter', TOO_MANY);
      expectError(await get(over), 400, 'shop_api_invalid_query_parameter', TOO_MANY);
      // Empty parts (`&&`) are not parameters.
      expect((await get(`/wc-api/v1/orders/count?${'&'.repeat(3000)}${appends}status=completed`)).status).toBe(200);
    });

    it('answers a URL of 16 KiB full of a[] (the longest Node accepts) with 400 before authentication', async () => {
      // Node's HTTP parser accepts 16 KiB of request line and headers; this URL and the test's headers fit in it.
      const path = `/wc-api/v1/?${'a[]&'.repeat(4000)}`;
      expect(path.length).toBeGreaterThan(16_000);
      expectError(await get(path, 'nobody'), 400, 'shop_api_invalid_query_parameter', TOO_MANY);
      expectError(await get(`/wc-api/v1/orders?${'a[]&'.repeat(4000)}`, 'nobody'), 400, 'shop_api_invalid_query_parameter', TOO_MANY);
    });

    it('keeps PHP append semantics at the cap: integer keys continue after the largest one', async () => {
      // `fields` is text; appends to it make it a map, which is refused naming the parameter, after authentication.
      const res = await get(`/wc-api/v1/orders?fields[5]=id&${'fields[]=id&'.repeat(998)}`);
      expectError(res, 400, 'shop_api_invalid_query_parameter', 'fields must be a comma-separated list');
    });
  });

  describe('routing comes before authentication', () => {
    it('answers a path that is no route with 404 shop_api_no_route whoever asks', async () => {
      for (const who of ['nobody', 'manager'] as const) {
        expectError(await get('/wc-api/v1/products', who), 404, 'shop_api_no_route', NO_ROUTE);
        expectError(await get('/wc-api/v1/orders/', who), 404, 'shop_api_no_route', NO_ROUTE);
        expectError(await get('/wc-api/v1/orders/abc/notes', who), 404, 'shop_api_no_route', NO_ROUTE);
        expectError(await send(ctx.target(), { method: 'PUT', path: '/wc-api/v1/coupons/500', body: '{}' }, who), 404, 'shop_api_no_route', NO_ROUTE);
        expectError(await get('/wc-api/v1/orders?_method=FROB', who), 400, 'shop_api_unsupported_method');
      }
    });

    it('tells a client asking for another API version which one this server speaks', async () => {
      const v1 = /^This server speaks the WooCommerce legacy REST API v1 only, at \/wc-api\/v1; the request asked for v3\. Configure the client for v1 \(woocommerce-api: version: 'v1'; @woocommerce\/woocommerce-rest-api: wpAPIPrefix: 'wc-api', version: 'v1'\)\.$/;
      expectError(await get('/wc-api/v3/orders?consumer_key=ck_x&oauth_signature=abc', 'nobody'), 404, 'shop_api_no_route', v1);
      expectError(await get('/wc-api/v3', 'nobody'), 404, 'shop_api_no_route', v1);
      expectError(await get('/wc-api/v2/orders/count', 'manager'), 404, 'shop_api_no_route', /the request asked for v2\. Configure the client for v1/);
      // Not a version segment: the plain message.
      expectError(await get('/wc-api/vx/orders', 'nobody'), 404, 'shop_api_no_route', NO_ROUTE);
    });

    it('still authenticates every route, with the authenticator message', async () => {
      expectError(await get('/wc-api/v1/orders', 'nobody'), 401, 'shop_api_authentication_error', 'No test caller given.');
      expectError(await get('/wc-api/v1/reports/sales/top_sellers', 'nobody'), 401, 'shop_api_authentication_error', 'No test caller given.');
      // A malformed query on a route is reported after authentication, as before.
      expectError(await get('/wc-api/v1/orders?filter[q]=%zz', 'nobody'), 401, 'shop_api_authentication_error');
    });
  });

  describe('filter[q] has bounded terms', () => {
    const count = async (q: string, what = 'orders') => get(`/wc-api/v1/${what}/count?filter[q]=${q}`);

    it(`searches ${MAX_SEARCH_TERMS} distinct terms of ${MAX_SEARCH_TERM_LENGTH} characters, the worst case at the cap`, async () => {
      const terms = Array.from({ length: MAX_SEARCH_TERMS }, (_, i) => `${String.fromCharCode(97 + i)}${'é'.repeat(MAX_SEARCH_TERM_LENGTH - 1)}`);
      expect(body(await count(encodeURIComponent(terms.join(' '))))).toEqual({ count: 0 });
      expect(body(await count(encodeURIComponent(terms.join(' ')), 'coupons'))).toEqual({ count: 0 });
      // Terms every order matches, at the cap: the scan checks all of them on every order.
      const common = ['ada', 'example', '@', '.', 'com', 'lovelace', '10', 'a', 'e', 'o', 'l', 'c', 'm', 'x', 'p', 'd'];
      expect(common).toHaveLength(MAX_SEARCH_TERMS);
      expect(body(await count(common.join('+')))).toEqual({ count: 11 });
    });

    it('collapses duplicate terms (after case folding) before counting them', async () => {
      const many = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 'Ada' : 'ADA')).join('+');
      expect(body(await count(many))).toEqual(body(await count('ada')));
      expect(body(await count('ada'))).toEqual({ count: 12 });
    });

    it('refuses more terms, or a longer term, with 400 saying so', async () => {
      const terms = Array.from({ length: MAX_SEARCH_TERMS + 1 }, (_, i) => `t${i}`).join('+');
      const message = `filter[q] has ${MAX_SEARCH_TERMS + 1} distinct terms; at most ${MAX_SEARCH_TERMS} are searched. Search with fewer words.`;
      expectError(await count(terms), 400, 'shop_api_invalid_query_parameter', message);
      expectError(await get(`/wc-api/v1/orders?filter[q]=${terms}`), 400, 'shop_api_invalid_query_parameter', message);
      expectError(await count(terms, 'coupons'), 400, 'shop_api_invalid_query_parameter', message);
      const long = encodeURIComponent('é'.repeat(MAX_SEARCH_TERM_LENGTH + 1));
      expectError(await count(`ada+${long}`), 400, 'shop_api_invalid_query_parameter', `filter[q] has a term of 101 characters; search terms are at most 100 characters.`);
      // 3,000 distinct terms (the thousands of terms): refused before any search.
      const thousands = Array.from({ length: 3000 }, (_, i) => i.toString(36)).join('+');
      expectError(await count(thousands), 400, 'shop_api_invalid_query_parameter', /^filter\[q\] has 3000 distinct terms; at most 16/);
    });
  });

  describe('text no backend can store is refused at the HTTP layer, the same way on every backend', () => {
    it('refuses a search holding a NUL character', async () => {
      expectError(await get('/wc-api/v1/orders?filter[q]=ada%00'), 400, 'shop_api_invalid_query_parameter', `filter[q] ${UNSTORABLE}`);
      expectError(await get('/wc-api/v1/coupons/count?filter[q]=%00'), 400, 'shop_api_invalid_query_parameter', `filter[q] ${UNSTORABLE}`);
    });

    it('refuses a status change whose note holds a NUL or a lone surrogate, changing nothing', async () => {
      const t = await serve();
      const notesBefore = body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1003/notes' }));
      for (const note of ['Shipped\\u0000', 'half \\ud83d pair', '\\udc00', 'x\\u0000\\ud800']) {
        const res = await send(t, { method: 'PUT', path: '/wc-api/v1/orders/1003', body: `{"order":{"status":"completed","note":"${note}"}}` });
        expectError(res, 400, 'shop_api_invalid_body', `"note" ${UNSTORABLE}`);
      }
      expect(body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1003?fields=status' }))).toEqual({ order: { status: 'on-hold' } });
      expect(body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1003/notes' }))).toEqual(notesBefore);
      // A surrogate pair is fine, and stored as sent.
      const ok = await send(t, { method: 'PUT', path: '/wc-api/v1/orders/1003', body: '{"status":"completed","note":"Shipped \\ud83d\\udce6"}' });
      expect(ok.status).toBe(200);
      const notes = body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1003/notes?fields=note' })).order_notes;
      expect(notes[0]).toEqual({ note: 'Shipped 📦 Order status changed from on-hold to completed.' });
    });
  });

  describe('bodies are sized to what the API reads', () => {
    const put = (t: ConformanceTarget, text: string) => send(t, { method: 'PUT', path: '/wc-api/v1/orders/1004', body: text });
    const noteOfSize = (bytes: number) => {
      const head = '{"status":"completed","note":"';
      return `${head}${'n'.repeat(bytes - head.length - 2)}"}`;
    };

    it('reads a body of exactly 64 KiB and refuses one byte more with 413, before parsing', async () => {
      expect(DEFAULT_MAX_BODY_BYTES).toBe(65_536);
      const t = await serve();
      const tooLarge = `The request body is larger than ${DEFAULT_MAX_BODY_BYTES} bytes`;
      // Not even JSON: refused for its size alone, whoever sends it.
      expectError(await put(t, `{${'x'.repeat(DEFAULT_MAX_BODY_BYTES)}`), 413, 'shop_api_body_too_large', tooLarge);
      expectError(await put(t, noteOfSize(DEFAULT_MAX_BODY_BYTES + 1)), 413, 'shop_api_body_too_large', tooLarge);
      const atLimit = await put(t, noteOfSize(DEFAULT_MAX_BODY_BYTES));
      expect(atLimit.status).toBe(200);
      expect(body(atLimit).order.status).toBe('completed');
    });

    it('applies a configured maxBodyBytes (adapters follow the API)', async () => {
      const t = await serve({ maxBodyBytes: 100 });
      expectError(await put(t, noteOfSize(101)), 413, 'shop_api_body_too_large', 'The request body is larger than 100 bytes');
      expect((await put(t, noteOfSize(100))).status).toBe(200);
    });

    it(`refuses JSON nesting deeper than ${MAX_BODY_DEPTH} levels with 400, and serves ${MAX_BODY_DEPTH}`, async () => {
      const t = await serve();
      const nested = (depth: number) => `{"status":"processing","extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      const deep = await put(t, nested(MAX_BODY_DEPTH + 1));
      expectError(deep, 400, 'shop_api_invalid_body', `The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
      // Brackets inside strings do not count.
      expect((await put(t, `{"status":"processing","note":"${'['.repeat(1000)}"}`)).status).toBe(200);
      expect((await put(t, nested(MAX_BODY_DEPTH))).status).toBe(200);
      // The worst case within the size limit: 64 KiB of opening brackets is refused in one scan.
      expectError(await put(t, '['.repeat(DEFAULT_MAX_BODY_BYTES)), 400, 'shop_api_invalid_body', `The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
    });
  });
}
