// The handler's options and guarantees, and its query and date parsing, through the public API.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  ANONYMOUS_CALLER,
  API_ERROR_CODES,
  canReadCoupon,
  canReadOrder,
  createMemoryRepository,
  createShopApi,
  DEFAULT_MAX_BODY_BYTES,
  parseFilterDate,
  parseQuery,
  SHOP_MANAGER_CAPABILITIES,
  shopErrorResponse,
  type Authenticate,
  type Paging,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';
import { FIXTURE_NOW, fixtureSnapshot } from './conformance/fixture';

const manager = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };

// A repository as one without the optional orderPage (the WooCommerce bridge, a user's own): GET /orders then makes
// the three calls.
function withoutOrderPage(repository: ShopRepository): ShopRepository {
  const { orderPage: _unused, ...rest } = repository;
  return rest;
}
const json = (body: string | null): any => JSON.parse(body ?? 'null');

describe('parseQuery', () => {
  it('nests bracketed names, lets the last duplicate win, decodes once and reads + as a space', () => {
    const r = parseQuery('/x?filter[limit]=5&filter[q]=a+b%2Bc&page=2&page=3&filter[limit]=7&v=%2541');
    expect(r).toEqual({ ok: true, query: { filter: { limit: '7', q: 'a b+c' }, page: '3', v: '%41' } });
  });

  it('appends for [], nests deeper levels, and keeps a later plain value over a map', () => {
    expect(parseQuery('?a[]=x&a[]=y&b[c][d]=1&e[x]=1&e=2&f')).toEqual({
      ok: true,
      query: { a: { 0: 'x', 1: 'y' }, b: { c: { d: '1' } }, e: '2', f: '' },
    });
    expect(parseQuery('/path-without-query')).toEqual({ ok: true, query: {} });
  });

  it('treats __proto__ and constructor as plain names', () => {
    const r = parseQuery('?__proto__[polluted]=1&constructor=2');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Object.keys(r.query)).toEqual(['__proto__', 'constructor']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('reports malformed percent-encoding instead of throwing', () => {
    expect(parseQuery('?q=%E0%A4%A').ok).toBe(false);
    expect(parseQuery('?q=%zz').ok).toBe(false);
  });

  it('round-trips any names and values encoded by URLSearchParams (property)', () => {
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(fc.dictionary(name, fc.string({ unit: 'grapheme' }), { maxKeys: 6 }), (entries) => {
        const search = new URLSearchParams(Object.entries(entries)).toString();
        const r = parseQuery(`/p?${search}`);
        expect(r).toEqual({ ok: true, query: { ...entries } });
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseFilterDate', () => {
  it('reads dates, date-times and offsets; honours the offset', () => {
    const iso = (t: string) => {
      const r = parseFilterDate(t);
      return r.ok ? r.date.toISOString() : r.message;
    };
    expect(iso('2013-11-01')).toBe('2013-11-01T00:00:00.000Z');
    expect(iso('2013-11-01T10:00')).toBe('2013-11-01T10:00:00.000Z');
    expect(iso('2013-11-01 10:00:05.123')).toBe('2013-11-01T10:00:05.000Z');
    expect(iso('2013-11-01T10:00:00+02:00')).toBe('2013-11-01T08:00:00.000Z'); // 10:00 - 2h
    expect(iso('2013-11-01T10:00:00-0530')).toBe('2013-11-01T15:30:00.000Z'); // 10:00 + 5h30
    expect(iso('2013-11-01T10:00:00 02:00')).toBe('2013-11-01T08:00:00.000Z'); // "+" decoded to a space
    expect(iso('2013-11-01T01:00:00+02:00')).toBe('2013-10-31T23:00:00.000Z'); // crosses midnight backwards
    expect(iso('0099-01-01')).toBe('0099-01-01T00:00:00.000Z');
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses impossible and malformed dates', () => {
    for (const bad of ['', 'now', '2023-02-29', '2024-13-01', '2024-01-32', '2024-01-01T24:00', '2024-01-01T10:60', '20240101', '2024-01-01T10:00:00+25:00']) {
      expect(parseFilterDate(bad).ok).toBe(false);
    }
  });

  it('reads back every instant written as an ISO string (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        const r = parseFilterDate(d.toISOString());
        expect(r.ok && r.date.getTime()).toBe(Math.floor(d.getTime() / 1000) * 1000);
      }),
    );
  });
});

describe('createShopApi', () => {
  const repository = () => createMemoryRepository(fixtureSnapshot());

  it('uses request.caller without an authenticator, and the anonymous caller when there is none', async () => {
    const api = createShopApi({ repository: repository() });
    const asManager = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/count', caller: manager });
    expect(json(asManager.body)).toEqual({ count: 12 });
    const anonymous = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/count' });
    expect(anonymous.status).toBe(401);
    expect(json(anonymous.body).errors[0].code).toBe('shop_api_user_cannot_read_orders_count');
    const asAnonymous = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/1001', caller: ANONYMOUS_CALLER });
    expect(asAnonymous.status).toBe(401);
  });

  it('tells the authenticator the effective method, route path, base path and security, and skips it for the index', async () => {
    const seen: unknown[] = [];
    const authenticate: Authenticate = async (_req, context) => {
      seen.push(context);
      return { ok: true, caller: manager };
    };
    const api = createShopApi({ repository: repository(), authenticate, basePath: '/api/v1/' });
    await api.handle({ method: 'GET', url: '/api/v1/', secure: true });
    expect(seen).toEqual([]);
    const res = await api.handle({ method: 'POST', url: '/mount/api/v1/orders/1001?_method=put', secure: true, body: '{}' });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ method: 'PUT', path: '/orders/1001', basePath: '/api/v1', secure: true }]);
  });

  it('counts exactly the orders and coupons the caller may read, for any caller and filter (property)', async () => {
    const shop = generateDemoShop({ orders: 150, seed: 8 });
    const api = createShopApi({ repository: createMemoryRepository(shop), maxPageSize: 500 });
    const customerIds = [...new Set(shop.orders.map((o) => o.customerId))];
    await fc.assert(
      fc.asyncProperty(
        fc.record({ userId: fc.constantFrom(0, 999, ...customerIds), capabilities: fc.subarray([...SHOP_MANAGER_CAPABILITIES]) }),
        fc.constantFrom('', 'status=completed', 'status=processing,on-hold', 'filter[q]=a', 'filter[q]=example.com', 'filter[created_at_min]=2025-06-01'),
        async (caller, query) => {
          const all = await api.handle({ method: 'GET', url: `/wc-api/v1/orders?fields=id,customer_id&filter[limit]=-1&${query}`, caller: manager });
          const readable = (json(all.body).orders as { id: number; customer_id: number }[]).filter((o) => canReadOrder(caller, { customerId: o.customer_id }));
          const res = await api.handle({ method: 'GET', url: `/wc-api/v1/orders?fields=id&filter[limit]=-1&${query}`, caller });
          expect(res.headers['X-WC-Total']).toBe(String(readable.length));
          expect(json(res.body).orders.map((o: { id: number }) => o.id)).toEqual(readable.map((o) => o.id));
          const coupons = await api.handle({ method: 'GET', url: '/wc-api/v1/coupons?filter[limit]=-1', caller });
          expect(Number(coupons.headers['X-WC-Total'])).toBe(canReadCoupon(caller, { id: 0 }) ? shop.coupons.filter((c) => c.status === 'publish').length : 0);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('never asks the repository for more than maxPageSize rows (default 100), whatever filter[limit] says', async () => {
    const repo = createMemoryRepository(generateDemoShop({ orders: 250, seed: 3 }));
    const pages: Paging[] = [];
    const listOrders = repo.listOrders.bind(repo);
    vi.spyOn(repo, 'listOrders').mockImplementation((filter, paging) => {
      pages.push(paging);
      return listOrders(filter, paging);
    });
    // GET /orders pages through orderPage where the repository has it (memory does).
    const orderPage = repo.orderPage!.bind(repo);
    vi.spyOn(repo, 'orderPage').mockImplementation((filter, paging) => {
      pages.push(paging);
      return orderPage(filter, paging);
    });
    const api = createShopApi({ repository: repo });
    for (const limit of ['-1', '1000000000', '-2147483647', '100', '']) {
      const res = await api.handle({ method: 'GET', url: `/wc-api/v1/orders?fields=id&filter[limit]=${limit}`, caller: manager });
      expect(json(res.body).orders).toHaveLength(limit === '' ? 10 : 100);
      expect(res.headers['X-WC-Total']).toBe('250');
      expect(res.headers['X-WC-TotalPages']).toBe(limit === '' ? '25' : '3');
    }
    expect(pages.map((p) => p.limit)).toEqual([100, 100, 100, 100, 10]);
    const clamped = createShopApi({ repository: repo, maxPageSize: 20, pageSize: 20 });
    const res = await clamped.handle({ method: 'GET', url: '/wc-api/v1/orders?filter[limit]=-1&page=13', caller: manager });
    expect(json(res.body).orders).toHaveLength(10); // 250 = 12 pages of 20 and one of 10
    expect(pages.at(-1)).toEqual({ offset: 240, limit: 20 });
    expect(() => createShopApi({ repository: repo, pageSize: 20 + 81, maxPageSize: 100 })).toThrow(/pageSize \(101\) must not exceed maxPageSize \(100\)/);
    expect(() => createShopApi({ repository: repo, maxPageSize: 0 })).toThrow(/maxPageSize must be a positive integer/);
    expect(() => createShopApi({ repository: repo, maxPageSize: Number.POSITIVE_INFINITY })).toThrow(/maxPageSize/);
  });

  it('refuses an over-long report range before any report work: no repository report call is made', async () => {
    const repo = repository();
    const touched: string[] = [];
    for (const name of ['ordersCreatedIn', 'customersRegisteredIn'] as const) {
      vi.spyOn(repo, name).mockImplementation(() => {
        touched.push(name);
        throw new Error(`${name} must not be called`);
      });
    }
    const api = createShopApi({ repository: repo, now: () => FIXTURE_NOW });
    for (const path of ['/reports/sales', '/reports/sales/top_sellers']) {
      const res = await api.handle({ method: 'GET', url: `/wc-api/v1${path}?filter[date_min]=0001-01-01&filter[date_max]=9999-12-31`, caller: manager });
      expect(res.status).toBe(400);
      expect(json(res.body).errors[0].code).toBe('shop_api_report_range_too_large');
    }
    expect(touched).toEqual([]);
    expect(() => createShopApi({ repository: repo, maxReportPeriods: 0 })).toThrow(/maxReportPeriods/);
  });

  it('reads the store from the repository once, unless one is given', async () => {
    const repo = repository();
    const getStore = vi.spyOn(repo, 'getStore');
    const api = createShopApi({ repository: repo });
    await api.handle({ method: 'GET', url: '/wc-api/v1/orders', caller: manager });
    await api.handle({ method: 'GET', url: '/wc-api/v1/', caller: manager });
    expect(getStore).toHaveBeenCalledTimes(1);

    const given = createShopApi({
      repository: repo,
      store: { ...fixtureSnapshot().store, siteUrl: 'http://public.example:81/blog' },
      pageSize: 5,
    });
    const res = await given.handle({ method: 'GET', url: '/wc-api/v1/orders?fields=id', caller: manager });
    expect(getStore).toHaveBeenCalledTimes(1);
    expect(json(res.body).orders).toHaveLength(5);
    expect(res.headers['X-WC-TotalPages']).toBe('3'); // ceil(12 / 5)
    expect(res.headers.Link).toContain('<http://public.example:81/wc-api/v1/orders?fields=id&page=2>; rel="next"');
  });

  it('links over https when the request was secure', async () => {
    const api = createShopApi({ repository: createMemoryRepository({ ...fixtureSnapshot(), store: { ...fixtureSnapshot().store, siteUrl: 'http://shop.example' } }) });
    const res = await api.handle({ method: 'GET', url: '/wc-api/v1/orders', caller: manager, secure: true });
    expect(res.headers.Link).toMatch(/^<https:\/\/shop\.example\/wc-api\/v1\/orders\?page=2>; rel="next"/);
  });

  it('uses the clock for status changes', async () => {
    const api = createShopApi({ repository: repository(), now: () => FIXTURE_NOW });
    const res = await api.handle({ method: 'PUT', url: '/wc-api/v1/orders/1004', caller: manager, body: new TextEncoder().encode('{"status":"completed"}') });
    expect(json(res.body).order.updated_at).toBe('2024-03-12T18:00:00Z');
  });

  // orderPage is optional: the handler answers GET /orders from it where present, else from listOrders, countOrders
  // and getProducts, and a client cannot tell which.
  it('serves GET /orders alike with and without the repository\'s orderPage, for a manager and a customer', async () => {
    const withPage = createShopApi({ repository: repository() });
    const without = createShopApi({ repository: withoutOrderPage(repository()) });
    const customer = { userId: fixtureSnapshot().orders[0]!.customerId, capabilities: [] };
    for (const url of ['/wc-api/v1/orders', '/wc-api/v1/orders?filter[limit]=2&page=2', '/wc-api/v1/orders?status=processing', '/wc-api/v1/orders?filter[q]=zzz']) {
      for (const caller of [manager, customer]) {
        const a = await withPage.handle({ method: 'GET', url, caller });
        const b = await without.handle({ method: 'GET', url, caller });
        expect(a.status).toBe(200);
        expect(a).toEqual(b);
      }
    }
  });

  it('answers an unexpected fault with a 500 envelope, tells onError, and never leaks the fault', async () => {
    const repo: ShopRepository = { ...withoutOrderPage(repository()), listOrders: async () => { throw new Error('disk on fire: /var/secret'); } };
    const onError = vi.fn();
    const api = createShopApi({ repository: repo, onError });
    const req = { method: 'GET', url: '/wc-api/v1/orders', caller: manager };
    const res = await api.handle(req);
    expect(res).toEqual(shopErrorResponse('shop_api_internal_error'));
    expect(res.body).toBe('{"errors":[{"code":"shop_api_internal_error","message":"Internal server error"}]}');
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]![0] as Error).message).toContain('disk on fire');
    expect(onError.mock.calls[0]![1]).toBe(req);
  });

  it('never rejects: not for a throwing onError, a throwing authenticator, nor a malformed request object', async () => {
    const repo: ShopRepository = { ...repository(), getOrder: async () => { throw new Error('x'); } };
    const api = createShopApi({ repository: repo, onError: () => { throw new Error('hook broke'); } });
    expect((await api.handle({ method: 'GET', url: '/wc-api/v1/orders/1', caller: manager })).status).toBe(500);
    const failingAuth = createShopApi({ repository: repository(), authenticate: async () => { throw new Error('auth db down'); } });
    expect((await failingAuth.handle({ method: 'GET', url: '/wc-api/v1/orders' })).status).toBe(500);
    const weird = await api.handle({ method: 42, url: null, headers: 'nope' } as never);
    expect(weird.status).toBe(400); // a method that is not a string is no known method
    expect((await api.handle(undefined as never)).status).toBe(500);
  });

  it('retries the store after a failed read', async () => {
    const repo = repository();
    let calls = 0;
    const original = repo.getStore.bind(repo);
    repo.getStore = async () => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      return original();
    };
    const api = createShopApi({ repository: repo });
    expect((await api.handle({ method: 'GET', url: '/wc-api/v1/' })).status).toBe(500);
    expect((await api.handle({ method: 'GET', url: '/wc-api/v1/' })).status).toBe(200);
  });

  it('reads an absolute-form request target as its path and query', async () => {
    const api = createShopApi({ repository: repository() });
    const res = await api.handle({ method: 'GET', url: 'http://proxy.example/wc-api/v1/orders?fields=id&page=2', caller: manager });
    expect(json(res.body).orders).toEqual([{ id: 1002 }, { id: 1001 }]);
    expect(res.headers.Link).toBe(
      '<https://shop.example.com:8443/wc-api/v1/orders?fields=id&page=1>; rel="first", <https://shop.example.com:8443/wc-api/v1/orders?fields=id&page=1>; rel="prev"',
    );
  });

  it('drops the body of a request served as HEAD through _method', async () => {
    const api = createShopApi({ repository: repository() });
    const res = await api.handle({ method: 'GET', url: '/wc-api/v1/orders?_method=HEAD', caller: manager });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.headers['X-WC-Total']).toBe('12');
  });

  it('refuses a page size that is not a positive integer at construction', () => {
    expect(() => createShopApi({ repository: repository(), pageSize: 0 })).toThrow(RangeError);
    expect(() => createShopApi({ repository: repository(), maxBodyBytes: 0 })).toThrow(/maxBodyBytes must be a positive integer/);
    expect(() => createShopApi({ repository: repository(), maxBodyBytes: 1.5 })).toThrow(RangeError);
  });

  it('tells adapters its body limit: 64 KiB by default, or the configured one', () => {
    expect(createShopApi({ repository: repository() }).maxBodyBytes).toBe(DEFAULT_MAX_BODY_BYTES);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(64 * 1024);
    expect(createShopApi({ repository: repository(), maxBodyBytes: 512 }).maxBodyBytes).toBe(512);
  });

  it('answers an oversized string or byte body with 413 before anything else, a HEAD without a body', async () => {
    const api = createShopApi({ repository: repository(), maxBodyBytes: 10 });
    for (const body of ['{"status":"x"}', new TextEncoder().encode('01234567890'), 'ééééé1', '\u{1F4E6}\u{1F4E6}\u{1F4E6}']) {
      const res = await api.handle({ method: 'PUT', url: '/wc-api/v1/nowhere', body });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body!).errors[0]).toEqual({ code: 'shop_api_body_too_large', message: 'The request body is larger than 10 bytes' });
    }
    // Exactly 10 bytes in UTF-8 (5 two-byte characters) is within the limit: routed as usual.
    expect((await api.handle({ method: 'PUT', url: '/wc-api/v1/nowhere', body: 'ééééé' })).status).toBe(404);
    expect((await api.handle({ method: 'HEAD', url: '/wc-api/v1/', body: '01234567890' })).body).toBeNull();
  });

  it('exposes every error code with the shop_api_ prefix', () => {
    expect(API_ERROR_CODES.length).toBeGreaterThan(15);
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^shop_api_[a-z_]+$/);
  });
});
