/**
 * The real legacy clients against the real Express and Koa examples, authenticated by createConsumerKeyAuth:
 * `woocommerce-api` 1.5.0 (legacy mode, version v1) over plain HTTP with OAuth 1.0a and over TLS with Basic and
 * query-string keys; `@woocommerce/woocommerce-rest-api` 1.0.2 over TLS (Basic, query string) and over plain HTTP
 * with the opt-in newer signing key. Expected data comes from the same repository read through `api.handle` with a
 * trusted caller, so the only thing under test between the two is the authentication path.
 */
import https from 'node:https';
import WooCommerceRestApi, { type WooCommerceRestApiVersion } from '@woocommerce/woocommerce-rest-api';
import WooCommerceAPI from 'woocommerce-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConsumerKeyAuth,
  createMemoryKeyStore,
  createMemoryRepository,
  createShopApi,
  SHOP_MANAGER_CAPABILITIES,
  type Caller,
  type ConsumerKeyPair,
  type ShopApi,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { makeSelfSignedCertificate } from './self-signed-cert';
import { startShop, type Framework, type RunningShop } from './shop-servers';

const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };

function demoSnapshot(): ShopSnapshot {
  const shop = generateDemoShop({ orders: 40, seed: 3 });
  const first = shop.coupons[0]!;
  // A coupon whose code has a space: the path is signed decoded, the client sends it as %20.
  return { ...shop, coupons: [...shop.coupons, { ...first, id: 520, code: 'summer sale' }] };
}

/** One GET endpoint as each client spells it, and the same request for the reference read. */
interface Read {
  readonly legacy: string;
  /**
   * Over TLS woocommerce-api sends the endpoint string verbatim (it only rebuilds the query when it signs), so a user
   * percent-encodes non-ASCII text there themselves.
   */
  readonly legacyTls?: string;
  readonly rest: readonly [string, Record<string, unknown>];
  readonly reference: string;
  readonly check: (body: any) => void;
}

const READS: readonly Read[] = [
  {
    legacy: 'orders?filter[limit]=2&page=2',
    rest: ['orders', { filter: { limit: 2 }, page: 2 }],
    reference: 'orders?filter[limit]=2&page=2',
    check: (b) => expect(b.orders.map((o: { id: number }) => o.id)).toHaveLength(2),
  },
  {
    legacy: 'orders?status=completed&filter[q]=Müller&filter[limit]=3&fields=id,status',
    legacyTls: 'orders?status=completed&filter[q]=M%C3%BCller&filter[limit]=3&fields=id,status',
    rest: ['orders', { status: 'completed', filter: { q: 'Müller', limit: 3 }, fields: 'id,status' }],
    reference: 'orders?status=completed&filter[q]=M%C3%BCller&filter[limit]=3&fields=id,status',
    check: (b) => {
      expect(b.orders).toHaveLength(3);
      for (const order of b.orders) expect(order).toEqual({ id: expect.any(Number), status: 'completed' });
    },
  },
  { legacy: 'orders/count', rest: ['orders/count', {}], reference: 'orders/count', check: (b) => expect(b.count).toBe(40) },
  { legacy: 'orders/1004', rest: ['orders/1004', {}], reference: 'orders/1004', check: (b) => expect(b.order.id).toBe(1004) },
  { legacy: 'orders/1004/notes', rest: ['orders/1004/notes', {}], reference: 'orders/1004/notes', check: (b) => expect(Array.isArray(b.order_notes)).toBe(true) },
  {
    legacy: 'coupons?filter[limit]=3',
    rest: ['coupons', { filter: { limit: 3 } }],
    reference: 'coupons?filter[limit]=3',
    check: (b) => expect(b.coupons).toHaveLength(3),
  },
  { legacy: 'coupons/count', rest: ['coupons/count', {}], reference: 'coupons/count', check: (b) => expect(b.count).toEqual(expect.any(Number)) },
  { legacy: 'coupons/501', rest: ['coupons/501', {}], reference: 'coupons/501', check: (b) => expect(b.coupon.code).toBe('welcome10') },
  {
    legacy: 'coupons/code/summer sale',
    rest: ['coupons/code/summer sale', {}],
    reference: 'coupons/code/summer%20sale',
    check: (b) => expect(b.coupon).toMatchObject({ id: 520, code: 'summer sale' }),
  },
  { legacy: 'reports', rest: ['reports', {}], reference: 'reports', check: (b) => expect(b.reports).toEqual(['sales', 'sales/top_sellers']) },
  {
    legacy: 'reports/sales?filter[period]=year',
    rest: ['reports/sales', { filter: { period: 'year' } }],
    reference: 'reports/sales?filter[period]=year',
    check: (b) => expect(b.sales).toHaveProperty('total_sales'),
  },
  {
    legacy: 'reports/sales/top_sellers?filter[limit]=3',
    rest: ['reports/sales/top_sellers', { filter: { limit: 3 } }],
    reference: 'reports/sales/top_sellers?filter[limit]=3',
    check: (b) => expect(Array.isArray(b.top_sellers)).toBe(true),
  },
];

interface Answer {
  readonly status: number;
  readonly body: any;
  readonly headers: Record<string, unknown>;
}

async function legacyCall(promise: Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>): Promise<Answer> {
  const res = await promise;
  if (res.body === '') return { status: res.statusCode, body: undefined, headers: res.headers };
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
}

async function restCall(promise: Promise<any>): Promise<Answer> {
  try {
    const res = await promise;
    return { status: res.status, body: res.data, headers: { ...res.headers } };
  } catch (error: any) {
    if (error?.response === undefined) throw error;
    return { status: error.response.status, body: error.response.data, headers: { ...error.response.headers } };
  }
}

async function reference(api: ShopApi, path: string): Promise<unknown> {
  const res = await api.handle({ method: 'GET', url: `/wc-api/v1/${path}`, caller: manager });
  expect(res.status).toBe(200);
  return JSON.parse(res.body!);
}

function expectAuthError(answer: Answer, message: RegExp, ...secrets: string[]): void {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ errors: [{ code: 'shop_api_authentication_error', message: expect.stringMatching(message) }] });
  const everything = JSON.stringify(answer);
  for (const secret of secrets) expect(everything).not.toContain(secret);
}

const tls = makeSelfSignedCertificate();
// The clients trust exactly the test certificate: real TLS, real verification.
const httpsAgent = new https.Agent({ ca: tls.cert });

for (const framework of ['express', 'koa'] as const satisfies readonly Framework[]) {
  describe(`real legacy clients against the ${framework} example`, () => {
    let repository: ShopRepository;
    let referenceApi: ShopApi;
    let rw: ConsumerKeyPair;
    let ro: ConsumerKeyPair;
    let skew = 0;
    let plain: RunningShop; // OAuth, legacy v1 key only
    let plainNewer: RunningShop; // OAuth, also `secret&`
    let secure: RunningShop; // TLS: Basic and query-string keys

    beforeAll(async () => {
      repository = createMemoryRepository(demoSnapshot());
      referenceApi = createShopApi({ repository });
      const keys = createMemoryKeyStore();
      rw = keys.createKey({ permissions: 'read_write', caller: manager });
      ro = keys.createKey({ permissions: 'read', caller: manager });
      const api = (siteUrl: string, acceptNewerSigningKey = false) =>
        createShopApi({
          repository,
          authenticate: createConsumerKeyAuth({ keys, siteUrl, acceptNewerSigningKey, now: () => Date.now() + skew }),
        });
      plain = await startShop(framework, (url) => api(url));
      plainNewer = await startShop(framework, (url) => api(url, true));
      secure = await startShop(framework, (url) => api(url), tls);
    });
    afterAll(async () => {
      await Promise.all([plain.close(), plainNewer.close(), secure.close()]);
    });

    const legacyClient = (url: string, pair: ConsumerKeyPair, extra: Record<string, unknown> = {}) =>
      new WooCommerceAPI({ url, consumerKey: pair.consumerKey, consumerSecret: pair.consumerSecret, version: 'v1', ...(url.startsWith('https:') ? { agent: httpsAgent } : {}), ...extra });
    const restClient = (url: string, pair: ConsumerKeyPair, extra: Record<string, unknown> = {}) =>
      new WooCommerceRestApi({
        url,
        consumerKey: pair.consumerKey,
        consumerSecret: pair.consumerSecret,
        wpAPIPrefix: 'wc-api',
        version: 'v1' as WooCommerceRestApiVersion,
        axiosConfig: { httpsAgent },
        ...extra,
      });

    describe('every endpoint answers 200 with the right data', () => {
      const variants = [
        { name: 'woocommerce-api, http, OAuth (legacy key)', run: (r: Read) => legacyCall(legacyClient(plain.url, rw).getAsync(r.legacy)) },
        { name: 'woocommerce-api, https, Basic', run: (r: Read) => legacyCall(legacyClient(secure.url, rw).getAsync(r.legacyTls ?? r.legacy)) },
        { name: 'woocommerce-api, https, query string', run: (r: Read) => legacyCall(legacyClient(secure.url, rw, { queryStringAuth: true }).getAsync(r.legacyTls ?? r.legacy)) },
        { name: 'rest-api, https, Basic', run: (r: Read) => restCall(restClient(secure.url, rw).get(...r.rest)) },
        { name: 'rest-api, https, query string', run: (r: Read) => restCall(restClient(secure.url, rw, { queryStringAuth: true }).get(...r.rest)) },
        { name: 'rest-api, http, OAuth (opt-in newer key)', run: (r: Read) => restCall(restClient(plainNewer.url, rw).get(...r.rest)) },
      ];
      for (const variant of variants) {
        it(variant.name, async () => {
          for (const read of READS) {
            const answer = await variant.run(read);
            expect({ endpoint: read.legacy, status: answer.status }).toEqual({ endpoint: read.legacy, status: 200 });
            expect(answer.body).toEqual(await reference(referenceApi, read.reference));
            read.check(answer.body);
            // Pagination links never carry credentials.
            const link = String(answer.headers.link ?? '');
            // Page 2 of 20 orders (40 orders / 2 per page) has first, prev, next and last links.
            if (read.reference === 'orders?filter[limit]=2&page=2') expect(link).toContain('rel="next"');
            for (const secret of [rw.consumerKey, rw.consumerSecret, 'oauth_', 'consumer_']) expect(link).not.toContain(secret);
          }
        });
      }
    });

    it('woocommerce-api sends each filter[...] name twice; the server reads and verifies it once', async () => {
      const before = plain.seen.length;
      const answer = await legacyCall(legacyClient(plain.url, rw).getAsync('orders?filter[limit]=2&page=2'));
      expect(answer.status).toBe(200);
      expect(answer.body.orders).toHaveLength(2);
      const sent = plain.seen.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.match(/filter%5Blimit%5D=2/g)).toHaveLength(2);
      expect(sent[0]).toMatch(/oauth_signature_method=HMAC-SHA256/);

      // @woocommerce/woocommerce-rest-api repeats every name, `page` too, once raw and once bracket-encoded.
      const restBefore = plainNewer.seen.length;
      const rest = await restCall(restClient(plainNewer.url, rw).get('orders', { filter: { limit: 2 }, page: 2 }));
      expect(rest.status).toBe(200);
      expect(rest.body.orders).toHaveLength(2);
      const restSent = plainNewer.seen.slice(restBefore);
      expect(restSent).toHaveLength(1);
      expect(restSent[0]!.match(/page=2/g)).toHaveLength(2);
      expect(restSent[0]!.match(/filter(\[|%5B)limit(\]|%5D)=2/g)).toHaveLength(2);
    });

    it('the PUT with the body each client sends changes the order', async () => {
      const puts = [
        { id: 1001, send: () => legacyCall(legacyClient(plain.url, rw).putAsync('orders/1001', { status: 'completed', note: 'Packed.' })) },
        { id: 1002, send: () => legacyCall(legacyClient(secure.url, rw).putAsync('orders/1002', { order: { status: 'completed' } })) },
        { id: 1003, send: () => restCall(restClient(secure.url, rw).put('orders/1003', { status: 'completed' })) },
        { id: 1008, send: () => restCall(restClient(secure.url, rw, { queryStringAuth: true }).put('orders/1008', { status: 'completed' })) },
        { id: 1010, send: () => restCall(restClient(plainNewer.url, rw).put('orders/1010', { order: { status: 'completed' } })) },
      ];
      for (const { id, send } of puts) {
        const before = (await reference(referenceApi, `orders/${id}`)) as { order: { status: string } };
        expect(before.order.status).not.toBe('completed');
        const answer = await send();
        expect({ id, status: answer.status }).toEqual({ id, status: 200 });
        expect(answer.body.order).toMatchObject({ id, status: 'completed' });
        expect(await reference(referenceApi, `orders/${id}`)).toMatchObject({ order: { id, status: 'completed' } });
      }
    });

    it('the index stays public', async () => {
      const answer = await legacyCall(new WooCommerceAPI({ url: plain.url, consumerKey: 'ck_x', consumerSecret: 'cs_x', version: 'v1' }).getAsync(''));
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveProperty('store');
    });

    describe('refusals, each a 401 envelope naming the cause and echoing no credential', () => {
      it('a read key doing a PUT', async () => {
        const answer = await legacyCall(legacyClient(plain.url, ro).putAsync('orders/1040', { status: 'completed' }));
        expectAuthError(answer, /does not have write permissions/, ro.consumerKey, ro.consumerSecret);
        const overTls = await restCall(restClient(secure.url, ro).put('orders/1040', { status: 'completed' }));
        expectAuthError(overTls, /does not have write permissions/, ro.consumerKey, ro.consumerSecret);
        expect(await reference(referenceApi, 'orders/1040')).toMatchObject({ order: { status: 'processing' } });
      });

      it('the newer signing key (rest-api over http) unless opted in', async () => {
        const answer = await restCall(restClient(plain.url, rw).get('orders'));
        expectAuthError(answer, /^Invalid signature - signed with the key 'secret&' of newer clients; .*acceptNewerSigningKey/, rw.consumerKey, rw.consumerSecret);
      });

      it('a client left on its default version (v3) hears that this server speaks v1, not a signature error', async () => {
        const v3 = (answer: Answer) => {
          expect(answer.status).toBe(404);
          expect(answer.body.errors[0].code).toBe('shop_api_no_route');
          expect(answer.body.errors[0].message).toMatch(/^This server speaks the WooCommerce legacy REST API v1 only, at \/wc-api\/v1; the request asked for v3\./);
          expect(JSON.stringify(answer)).not.toContain(rw.consumerSecret);
        };
        v3(await legacyCall(legacyClient(plain.url, rw, { version: 'v3' }).getAsync('orders')));
        v3(await restCall(restClient(secure.url, rw, { version: 'v3' }).get('orders')));
      });

      it('a wrong secret, over http and over https', async () => {
        const wrong = { consumerKey: rw.consumerKey, consumerSecret: 'cs_0000' };
        expectAuthError(await legacyCall(legacyClient(plain.url, wrong).getAsync('orders')), /provided signature does not match/, rw.consumerSecret);
        expectAuthError(await legacyCall(legacyClient(secure.url, wrong).getAsync('orders')), /^Consumer secret is invalid\.$/, rw.consumerSecret, 'cs_0000');
        expectAuthError(await restCall(restClient(secure.url, wrong, { queryStringAuth: true }).get('orders')), /^Consumer secret is invalid\.$/, 'cs_0000');
      });

      it('an unknown key', async () => {
        const unknown = { consumerKey: 'ck_unknown', consumerSecret: 'cs_unknown' };
        expectAuthError(await legacyCall(legacyClient(plain.url, unknown).getAsync('orders')), /^Consumer key is invalid\.$/, 'ck_unknown', 'cs_unknown');
        expectAuthError(await restCall(restClient(secure.url, unknown).get('orders')), /^Consumer key is invalid\.$/, 'ck_unknown', 'cs_unknown');
      });

      it('a signature computed for another site URL (a client configured with a sub-directory)', async () => {
        const answer = await legacyCall(legacyClient(`${plain.url}/shop`, rw).getAsync('orders'));
        expectAuthError(answer, /provided signature does not match/);
      });

      it('a replay of a captured request, and the captured signature used for another path or method', async () => {
        const before = plain.seen.length;
        expect((await legacyCall(legacyClient(plain.url, rw).getAsync('orders/count'))).status).toBe(200);
        const captured = plain.seen[before]!;
        const replay = async (target: string, method = 'GET'): Promise<Answer> => {
          const res = await fetch(`${plain.url}${target}`, { method, headers: { accept: 'application/json' } });
          return { status: res.status, body: await res.json(), headers: Object.fromEntries(res.headers) };
        };
        expectAuthError(await replay(captured), /^Invalid nonce - nonce has already been used\.$/);
        expectAuthError(await replay(captured.replace('/orders/count', '/coupons/count')), /provided signature does not match/);
        // A method the path does not take is routed (404) before authentication; on a path that takes it, the
        // signature made for GET does not match.
        expect((await replay(captured, 'PUT')).status).toBe(404);
        const read = plain.seen.length;
        expect((await legacyCall(legacyClient(plain.url, rw).getAsync('orders/1004'))).status).toBe(200);
        expectAuthError(await replay(plain.seen[read]!, 'PUT'), /provided signature does not match/);
      });

      it('a timestamp 16 minutes old', async () => {
        skew = 16 * 60 * 1000; // the server clock runs 16 minutes ahead of the client's timestamp
        try {
          const answer = await legacyCall(legacyClient(plain.url, rw).getAsync('orders'));
          expectAuthError(answer, /^Invalid timestamp/);
        } finally {
          skew = 0;
        }
      });

      it('HTTP Basic and query-string keys over plain HTTP', async () => {
        const basic = `Basic ${Buffer.from(`${rw.consumerKey}:${rw.consumerSecret}`).toString('base64')}`;
        const res = await fetch(`${plain.url}/wc-api/v1/orders`, { headers: { authorization: basic } });
        expectAuthError({ status: res.status, body: await res.json(), headers: {} }, /^HTTP Basic authentication is refused over plain HTTP/, rw.consumerSecret);
        const query = await fetch(`${plain.url}/wc-api/v1/orders?consumer_key=${rw.consumerKey}&consumer_secret=${rw.consumerSecret}`);
        expectAuthError({ status: query.status, body: await query.json(), headers: {} }, /refused over plain HTTP/, rw.consumerSecret);
      });

      it('a missing OAuth parameter and missing HTTPS credentials', async () => {
        const res = await fetch(`${plain.url}/wc-api/v1/orders`);
        expectAuthError({ status: res.status, body: await res.json(), headers: {} }, /^oauth_consumer_key parameter is missing\.$/);
        const overTls = await new Promise<Answer>((resolve, reject) => {
          https
            .get(`${secure.url}/wc-api/v1/orders`, { agent: httpsAgent }, (r) => {
              let text = '';
              r.on('data', (chunk: Buffer) => (text += chunk.toString()));
              r.on('end', () => resolve({ status: r.statusCode ?? 0, body: JSON.parse(text), headers: {} }));
            })
            .on('error', reject);
        });
        expectAuthError(overTls, /^Consumer key is missing\./);
      });
    });
  });
}
