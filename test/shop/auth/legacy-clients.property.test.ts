/**
 * Property: whatever query values a user passes, the REAL clients' OAuth signatures verify against the real Express
 * example (woocommerce-api with the legacy key, @woocommerce/woocommerce-rest-api with the opt-in newer key), and
 * the answer equals the same query read directly. Names are the kind these clients can sign (letters, `_`,
 * `filter[...]`): both sign a name as it appears in their rebuilt URL, so names needing percent-encoding cannot
 * verify on any server (see docs/authentication.md).
 */
import fc from 'fast-check';
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
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { startShop, type RunningShop } from './shop-servers';

const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const tricky = fc.constantFrom('[', ']', '+', ' ', '&', '=', '%', '?', '#', '/', ':', "'", '!', '*', '(', ')', '~', ';', ',', '"', 'ä', '€', '😀', '中', 'a', 'Z', '5');
const char = fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const value = fc.array(char, { maxLength: 10 }).map((chars) => chars.join(''));
const name = fc.oneof(
  fc.constantFrom('filter[q]', 'filter[limit]', 'fields', 'status', 'page'),
  fc.stringMatching(/^[a-z_]{1,8}$/).filter((n) => !n.startsWith('oauth_') && !n.startsWith('consumer_')),
  fc.stringMatching(/^[a-z_]{1,8}$/).map((n) => `filter[${n}]`),
);
const params = fc.uniqueArray(fc.tuple(name, value), { minLength: 1, maxLength: 5, selector: ([k]) => k });

let referenceApi: ShopApi;
let legacyShop: RunningShop;
let newerShop: RunningShop;
let pair: ConsumerKeyPair;

beforeAll(async () => {
  const repository = createMemoryRepository(generateDemoShop({ orders: 30, seed: 11 }));
  referenceApi = createShopApi({ repository });
  const keys = createMemoryKeyStore();
  pair = keys.createKey({ permissions: 'read', caller: manager });
  const api = (siteUrl: string, acceptNewerSigningKey: boolean) =>
    createShopApi({ repository, authenticate: createConsumerKeyAuth({ keys, siteUrl, acceptNewerSigningKey }) });
  legacyShop = await startShop('express', (url) => api(url, false));
  newerShop = await startShop('express', (url) => api(url, true));
});
afterAll(async () => {
  await Promise.all([legacyShop.close(), newerShop.close()]);
});

/** What the handler answers for the same query with a trusted caller (status and body). */
async function direct(pairs: readonly (readonly [string, string])[]): Promise<{ status: number; body: unknown }> {
  const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const res = await referenceApi.handle({ method: 'GET', url: `/wc-api/v1/orders?${query}`, caller: manager });
  return { status: res.status, body: JSON.parse(res.body!) };
}

describe('real clients sign random queries that verify (property)', () => {
  it('woocommerce-api (legacy v1 key): the answer equals the direct read', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (pairs) => {
        const client = new WooCommerceAPI({ url: legacyShop.url, ...pair, version: 'v1' });
        // The endpoint string a user writes: values encoded, brackets readable.
        const endpoint = `orders?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
        const res = await client.getAsync(endpoint);
        const body = JSON.parse(res.body) as { errors?: { code: string }[] };
        expect(body.errors?.[0]?.code).not.toBe('shop_api_authentication_error');
        expect({ status: res.statusCode, body }).toEqual(await direct(pairs));
      }),
      { numRuns: 40 },
    );
  });

  it('@woocommerce/woocommerce-rest-api (opt-in newer key): the answer equals the direct read', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (pairs) => {
        const client = new WooCommerceRestApi({
          url: newerShop.url,
          ...pair,
          wpAPIPrefix: 'wc-api',
          version: 'v1' as WooCommerceRestApiVersion,
        });
        // The client flattens one level of objects itself; pass the names as they are.
        const answer = await client.get('orders', Object.fromEntries(pairs)).then(
          (r) => ({ status: r.status, body: r.data as unknown }),
          (e: { response: { status: number; data: unknown } }) => ({ status: e.response.status, body: e.response.data }),
        );
        expect((answer.body as { errors?: { code: string }[] }).errors?.[0]?.code).not.toBe('shop_api_authentication_error');
        expect(answer).toEqual(await direct(pairs));
      }),
      { numRuns: 40 },
    );
  });
});
