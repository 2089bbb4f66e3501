// Conformance cases for bounded work per request, counts that leak nothing, and consistency under concurrency
// (issue 13). Registered by describeShopApiConformance, so they run on every binding and every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConsumerKeyAuth,
  generateConsumerKeyPair,
  signOAuthUrl,
  SHOP_MANAGER_CAPABILITIES,
  type Authenticate,
  type ConsumerKeyPair,
  type ShopApi,
  type ShopApiOptions,
} from 'wc-legacy-api/shop';
import { FIXTURE_NOW, fixtureApiOn, type ConformanceBackend } from './fixture';
import type { ConformanceRequest, ConformanceResponse, ConformanceTarget } from './targets';

type Who = 'manager' | 'customer' | 'reporter' | 'stranger' | 'nobody';

export interface LimitsSuiteContext {
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

/** Registers the cases; called inside the suite's describe block. */
export function describeLimitsAndConsistency(ctx: LimitsSuiteContext): void {
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

  describe('the index is routed before authentication, for every method', () => {
    it('answers an unsigned DELETE, PUT, POST or PATCH of the index with 404 shop_api_no_route', async () => {
      for (const method of ['DELETE', 'PUT', 'POST', 'PATCH']) {
        for (const path of ['/wc-api/v1/', '/wc-api/v1']) {
          expectError(await send(ctx.target(), { method, path }, 'nobody'), 404, 'shop_api_no_route');
        }
      }
      // Through a method override too, and a verb the API does not know is 400 as on every other path.
      expectError(await send(ctx.target(), { method: 'POST', path: '/wc-api/v1/?_method=DELETE' }, 'nobody'), 404, 'shop_api_no_route');
      expectError(await send(ctx.target(), { method: 'GET', path: '/wc-api/v1/?_method=FROB' }, 'nobody'), 400, 'shop_api_unsupported_method');
      // Every other route still authenticates first; a method no route takes is routed (404) before that.
      expectError(await send(ctx.target(), { method: 'GET', path: '/wc-api/v1/orders' }, 'nobody'), 401, 'shop_api_authentication_error');
      expectError(await send(ctx.target(), { method: 'DELETE', path: '/wc-api/v1/orders' }, 'nobody'), 404, 'shop_api_no_route');
      expect((await get('/wc-api/v1/', 'nobody')).status).toBe(200);
    });
  });

  describe('listings are clamped to maxPageSize, and the headers describe the clamped pages', () => {
    let small: ConformanceTarget;
    beforeAll(async () => {
      small = await serve({ maxPageSize: 2 });
    });
    const list = (path: string, who: Who = 'manager') => send(small, { method: 'GET', path: `/wc-api/v1${path}` }, who);
    const idsOf = (res: ConformanceResponse, key = 'orders') => (body(res)[key] as { id: number }[]).map((o) => o.id);
    const site = 'https://shop.example.com:8443';
    const link = (query: string, page: number, rel: string, what = 'orders') => `<${site}${small.prefix}/wc-api/v1/${what}?${query}page=${page}>; rel="${rel}"`;

    it('serves filter[limit]=-1 one clamped page at a time, with links to walk them all', async () => {
      const first = await list('/orders?fields=id&filter[limit]=-1');
      expect(idsOf(first)).toEqual([1012, 1011]);
      expect(first.headers['x-wc-total']).toBe('12');
      expect(first.headers['x-wc-totalpages']).toBe('6');
      expect(first.headers.link).toBe(`${link('fields=id&filter[limit]=-1&', 2, 'next')}, ${link('fields=id&filter[limit]=-1&', 6, 'last')}`);
      // Walking the next links visits every order exactly once, newest first.
      const seen: number[] = [];
      let next: string | undefined = `/orders?fields=id&filter[limit]=-1`;
      while (next !== undefined) {
        const res = await list(next);
        seen.push(...idsOf(res));
        const m = /<([^>]+)>; rel="next"/.exec(res.headers.link ?? '');
        next = m === null ? undefined : m[1]!.slice(`${site}${small.prefix}/wc-api/v1`.length);
      }
      expect(seen).toEqual([1012, 1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001]);
    });

    it('clamps larger limits, positive or negative, and leaves smaller ones alone', async () => {
      for (const limit of ['1000000000', '2147483647', '-2147483647', '3']) {
        const res = await list(`/orders?fields=id&filter[limit]=${limit}&page=2`);
        expect(idsOf(res), limit).toEqual([1010, 1009]);
        expect(res.headers['x-wc-totalpages']).toBe('6');
      }
      const one = await list('/orders?fields=id&filter[limit]=1&page=2');
      expect(idsOf(one)).toEqual([1011]);
      expect(one.headers['x-wc-totalpages']).toBe('12');
    });

    it('clamps with filter[offset] too, and clamps coupon listings alike', async () => {
      const offset = await list('/orders?fields=id&filter[limit]=-1&filter[offset]=9');
      expect(idsOf(offset)).toEqual([1003, 1002]);
      expect(offset.headers['x-wc-totalpages']).toBe('6');
      expect(offset.headers.link).toBeUndefined();
      const coupons = await list('/coupons?fields=id&filter[limit]=-1');
      expect(idsOf(coupons, 'coupons')).toEqual([502, 503]);
      expect(coupons.headers['x-wc-total']).toBe('3');
      expect(coupons.headers['x-wc-totalpages']).toBe('2');
      expect(coupons.headers.link).toBe(`${link('fields=id&filter[limit]=-1&', 2, 'next', 'coupons')}, ${link('fields=id&filter[limit]=-1&', 2, 'last', 'coupons')}`);
    });

    it('lowers the default page size (10) to maxPageSize; counts are never paged', async () => {
      expect(idsOf(await list('/orders?fields=id&page=3'))).toEqual([1008, 1007]);
      expect(body(await list('/orders/count?filter[limit]=-1'))).toEqual({ count: 12 });
    });
  });

  describe('totals and pages count only what the caller may read', () => {
    it('gives a caller without capabilities nothing to learn from X-WC-Total (the count oracle)', async () => {
      // Ada has 11 orders, none of them the stranger's: the headers must not say so.
      const res = await get('/wc-api/v1/orders?filter[limit]=1&filter[q]=ada@example.com', 'stranger');
      expect(body(res)).toEqual({ orders: [] });
      expect(res.headers['x-wc-total']).toBe('0');
      expect(res.headers['x-wc-totalpages']).toBe('0');
      expect(res.headers.link).toBeUndefined();
      const charles = await get('/wc-api/v1/orders?filter[limit]=1&filter[q]=charles@example.com', 'customer');
      expect(charles.headers['x-wc-total']).toBe('0');
    });

    it("counts and pages a customer's own orders only", async () => {
      const res = await get('/wc-api/v1/orders?fields=id&filter[limit]=1&page=2', 'customer');
      expect(body(res)).toEqual({ orders: [{ id: 1005 }] });
      expect(res.headers['x-wc-total']).toBe('3');
      expect(res.headers['x-wc-totalpages']).toBe('3');
      expect(res.headers.link).toMatch(/page=3>; rel="next"/);
      const completed = await get('/wc-api/v1/orders?fields=id&status=completed', 'customer');
      expect(body(completed)).toEqual({ orders: [{ id: 1010 }] });
      expect(completed.headers['x-wc-total']).toBe('1');
      const searched = await get('/wc-api/v1/orders?fields=id&filter[q]=ada', 'customer');
      expect(body(searched)).toEqual({ orders: [{ id: 1010 }, { id: 1005 }, { id: 1002 }] });
      expect(searched.headers['x-wc-total']).toBe('3');
    });

    it('counts no coupon for a caller who may read none (no recovering a code character by character)', async () => {
      for (const q of ['v', 'vi', 'vip', 'winter', '']) {
        const res = await get(`/wc-api/v1/coupons?filter[limit]=1&filter[q]=${q}`, 'customer');
        expect(body(res)).toEqual({ coupons: [] });
        expect(res.headers['x-wc-total'], q).toBe('0');
        expect(res.headers['x-wc-totalpages']).toBe('0');
      }
      expect((await get('/wc-api/v1/coupons?filter[q]=vip')).headers['x-wc-total']).toBe('1');
    });
  });

  describe('report ranges are bounded', () => {
    const tooLarge = /^The report range covers [\d,]+ months; at most 1,200 periods \(days or months\) are reported\./;

    it('refuses a range beyond the period limit with 400 shop_api_report_range_too_large, for both reports', async () => {
      const huge = 'filter[date_min]=0001-01-01&filter[date_max]=9999-12-31';
      const sales = await get(`/wc-api/v1/reports/sales?${huge}`, 'reporter');
      expectError(sales, 400, 'shop_api_report_range_too_large', /^The report range covers 119,988 months; at most 1,200 periods/);
      expectError(await get(`/wc-api/v1/reports/sales/top_sellers?${huge}`, 'reporter'), 400, 'shop_api_report_range_too_large', tooLarge);
      // An open end runs to now: still far too long.
      expectError(await get('/wc-api/v1/reports/sales?filter[date_min]=0001-01-01', 'reporter'), 400, 'shop_api_report_range_too_large', tooLarge);
      // The permission is still checked first.
      expectError(await get(`/wc-api/v1/reports/sales?${huge}`, 'customer'), 401, 'shop_api_user_cannot_read_report');
    });

    it('serves a range of exactly 1,200 months, and the periods options leave untouched', async () => {
      const res = await get('/wc-api/v1/reports/sales?filter[date_min]=1924-04-01&filter[date_max]=2024-03-31&fields=totals_grouped_by,total_orders', 'reporter');
      expect(body(res)).toEqual({ sales: { totals_grouped_by: 'month', total_orders: 8 } });
      expect(Object.keys(body(await get('/wc-api/v1/reports/sales?filter[date_min]=1924-04-01&filter[date_max]=2024-03-31', 'reporter')).sales.totals)).toHaveLength(1200);
      expectError(await get('/wc-api/v1/reports/sales?filter[date_min]=1924-03-31&filter[date_max]=2024-03-31', 'reporter'), 400, 'shop_api_report_range_too_large', /covers 1,201 months/);
      expect((await get('/wc-api/v1/reports/sales?filter[period]=year&filter[date_min]=0001-01-01', 'reporter')).status).toBe(200);
    });

    it('applies a configured maxReportPeriods', async () => {
      const t = await serve({ maxReportPeriods: 6 });
      const week = await send(t, { method: 'GET', path: '/wc-api/v1/reports/sales?filter[period]=week' }, 'reporter');
      expectError(week, 400, 'shop_api_report_range_too_large', /^The report range covers 7 days; at most 6 periods/);
      const days = await send(t, { method: 'GET', path: '/wc-api/v1/reports/sales?filter[date_min]=2024-03-07&filter[date_max]=2024-03-12&fields=total_orders' }, 'reporter');
      expect(body(days)).toEqual({ sales: { total_orders: 5 } });
    });
  });

  describe('date filters compare at the precision the API prints (seconds)', () => {
    const ids = async (q: string) => (body(await get(`/wc-api/v1/orders?fields=id&filter[limit]=20&${q}`)).orders as { id: number }[]).map((o) => o.id);

    it('includes a record whose printed timestamp equals a max bound, though it was stored with milliseconds', async () => {
      // 1012 was updated at 10:00:00.750 and 1011 created at 10:00:00.250; both print as 10:00:00Z.
      const printed = body(await get('/wc-api/v1/orders/1012?fields=updated_at')).order.updated_at;
      expect(printed).toBe('2024-03-13T10:00:00Z');
      expect(await ids(`filter[updated_at_max]=${printed}`)).toContain(1012);
      expect(await ids('filter[updated_at_max]=2024-03-13T09:59:59Z')).not.toContain(1012);
      expect(await ids('filter[updated_at_min]=2024-03-13T10:00:00Z')).toEqual([1012]);
      expect(await ids('filter[created_at_max]=2024-03-11T10:00:00Z')).toEqual([1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001]);
      expect(await ids('filter[created_at_min]=2024-03-11T10:00:00Z&filter[created_at_max]=2024-03-11T10:00:00Z')).toEqual([1011]);
      expect(body(await get('/wc-api/v1/orders/count?filter[created_at_max]=2024-03-11T10:00:00%2B00:00'))).toEqual({ count: 11 });
    });
  });

  describe('status changes stay consistent under concurrency', () => {
    it('200 parallel PUTs on one order: updated_at is the newest note time and that note names the current status', async () => {
      // A clock that moves one second per reading, so the order in which changes read it is visible in the data.
      let tick = 0;
      const t = await serve({ now: () => new Date(FIXTURE_NOW.getTime() + 1000 * tick++) });
      const statuses = ['completed', 'on-hold', 'processing', 'cancelled'];
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          send(t, { method: 'PUT', path: '/wc-api/v1/orders/1004', body: JSON.stringify({ status: statuses[i % 4], note: `w${i}` }), headers: { 'content-type': 'application/json' } }),
        ),
      );
      expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
      const order = body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1004?fields=status,updated_at' })).order;
      const notes = body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1004/notes' })).order_notes as { id: number; created_at: string; note: string }[];
      expect(notes.length).toBeGreaterThan(0);
      // Newest first (time, then id): the newest note explains the current status and carries updated_at.
      expect(notes[0]!.note).toMatch(new RegExp(`to ${order.status}\\.$`));
      expect(notes[0]!.created_at).toBe(order.updated_at);
      // Oldest to newest, the notes form one chain of transitions from pending (1004's status before), and their
      // times never decrease.
      let current = 'pending';
      for (const note of [...notes].reverse()) {
        const m = /Order status changed from (\S+) to (\S+)\.$/.exec(note.note);
        expect(m?.[1], note.note).toBe(current);
        current = m![2]!;
      }
      expect(current).toBe(order.status);
      const times = notes.map((n) => n.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    }, 60_000);
  });

  describe('the body of a PUT is the client\'s JSON whatever its content type', () => {
    it('applies JSON sent as a form or as text, and answers an empty or missing body with 400', async () => {
      const t = await serve();
      const put = (id: number, type: string | undefined, payload: string | undefined) =>
        send(t, { method: 'PUT', path: `/wc-api/v1/orders/${id}`, headers: type === undefined ? {} : { 'content-type': type }, ...(payload === undefined ? {} : { body: payload }) });
      expect(body(await put(1004, 'application/x-www-form-urlencoded', '{"status":"processing"}')).order.status).toBe('processing');
      expect(body(await put(1005, 'text/plain', '{"status":"refunded"}')).order.status).toBe('refunded');
      expectError(await put(1002, 'application/json', ''), 400, 'shop_api_missing_body');
      expectError(await put(1002, undefined, undefined), 400, 'shop_api_missing_body');
      expectError(await put(1002, 'application/x-www-form-urlencoded', 'status=completed'), 400, 'shop_api_invalid_body');
      expect(body(await send(t, { method: 'GET', path: '/wc-api/v1/orders/1002?fields=status' })).order.status).toBe('processing');
    });
  });

  describe('OAuth 1.0a through the binding (consumer-key authentication)', () => {
    // The site URL clients are configured with: plain HTTP (so OAuth applies), the mount prefix included.
    const site = (t: ConformanceTarget) => `http://shop.example.com${t.prefix}`;
    let t: ConformanceTarget;
    let manager: ConsumerKeyPair;
    let reader: ConsumerKeyPair;
    let nonce = 0;
    const signed = (method: string, path: string, pair: ConsumerKeyPair = manager) =>
      signOAuthUrl({ method, url: `${site(t)}/wc-api/v1${path}`, ...pair, timestamp: FIXTURE_NOW, nonce: `n${nonce++}` }).slice(site(t).length);

    beforeAll(async () => {
      const { keys, nonces } = await ctx.backend.authStores({ maxNoncesPerKey: 4 });
      manager = generateConsumerKeyPair();
      await keys.addKey(manager, { permissions: 'read_write', caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } });
      reader = generateConsumerKeyPair();
      await keys.addKey(reader, { permissions: 'read', caller: { userId: 12, capabilities: [] } });
      // The authenticator needs the site URL, which includes the prefix the binding mounts the API under.
      let authenticate: Authenticate = async () => ({ ok: false, message: 'not ready' });
      t = await serve({ authenticate: (request, context) => authenticate(request, context) });
      authenticate = createConsumerKeyAuth({ keys, nonces, siteUrl: site(t), now: () => FIXTURE_NOW });
    });

    it('signOAuthUrl signs a percent-encoded path as the server verifies it (the decoded path)', async () => {
      const res = await send(t, { method: 'GET', path: signed('GET', '/coupons/code/Winter%20Deal?fields=id') }, 'nobody');
      expect(res.status).toBe(200);
      expect(body(res)).toEqual({ coupon: { id: 502 } });
      const plain = await send(t, { method: 'GET', path: signed('GET', '/orders/count?status=completed') }, 'nobody');
      expect(body(plain)).toEqual({ count: 4 });
    });

    it("refuses a flooding key once it has used its share of nonces, and only that key", async () => {
      // The reader key (a read-only key, as in the issue) floods: 4 requests fit its share, the rest are refused.
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await send(t, { method: 'GET', path: signed('GET', '/reports', reader) }, 'nobody')).status);
      expect(codes).toEqual([200, 200, 200, 200, 401, 401, 401]);
      expectError(
        await send(t, { method: 'GET', path: signed('GET', '/reports', reader) }, 'nobody'),
        401,
        'shop_api_authentication_error',
        'Invalid nonce - this API key has made too many requests within 15 minutes; try again later.',
      );
      // Every other key is unaffected.
      const other = await send(t, { method: 'GET', path: signed('GET', '/orders/count') }, 'nobody');
      expect(body(other)).toEqual({ count: 12 });
      // A replay of a recorded request is still a replay.
      const once = signed('GET', '/orders/count');
      expect((await send(t, { method: 'GET', path: once }, 'nobody')).status).toBe(200);
      expectError(await send(t, { method: 'GET', path: once }, 'nobody'), 401, 'shop_api_authentication_error', 'Invalid nonce - nonce has already been used.');
    });
  });
}
