// A WooCommerce store's own API keys authenticate against the database they live in: the key in keys.json (stored
// hashed by WooCommerce), a 2.1-2.3 user-meta key, capabilities from the user's roles, refusal of unknown keys.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createConsumerKeyAuth,
  createMemoryNonceStore,
  createMemoryRepository,
  createShopApi,
  createWooCommerceKeyStore,
  generateConsumerKeyPair,
  hashConsumerKey,
  loadShopSnapshot,
  oauthBaseString,
  oauthPercentEncode,
  oauthSign,
  SHOP_MANAGER_CAPABILITIES,
  signOAuthUrl,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';
import { withWooCommerceIds } from './woocommerce-shape';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/keys.json`, SHARED_STORES))) : [];

describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('createWooCommerceKeyStore on %s', (store) => {
  const file = (name: string) => new URL(`${store}/${name}`, SHARED_STORES);
  const keys = JSON.parse(readFileSync(file('keys.json'), 'utf8')) as { consumer_key: string; consumer_secret: string; user_id: number; permissions: string };

  it('finds the store\'s key with its secret, permissions and the administrator\'s capabilities; refuses others', { timeout: 120_000 }, async () => {
    const db = await loadDump(file('dump.sql'));
    const prefix = readFileSync(file('table-prefix.txt'), 'utf8').trim();
    const store = createWooCommerceKeyStore({ db, tablePrefix: prefix });
    const found = await store.findByKeyHash(hashConsumerKey(keys.consumer_key));
    expect(found).toMatchObject({ consumerSecret: keys.consumer_secret, permissions: keys.permissions, caller: { userId: keys.user_id } });
    expect([...found!.caller.capabilities].sort()).toEqual([...SHOP_MANAGER_CAPABILITIES].sort());
    expect(await store.findByKeyHash(hashConsumerKey(generateConsumerKeyPair().consumerKey))).toBeUndefined();
    expect(await store.findByKeyHash("' OR 1=1 --")).toBeUndefined();

    // A 2.1-2.3 key of a customer, in user meta (written here into the test's own copy of the store).
    const [customer] = (await db.query(`SELECT user_id FROM ${prefix}usermeta WHERE meta_key = ? AND meta_value LIKE '%"customer"%' ORDER BY user_id LIMIT 1`, [`${prefix}capabilities`]))[0] as { user_id: number }[];
    const legacy = generateConsumerKeyPair();
    await db.query(`INSERT INTO ${prefix}usermeta (user_id, meta_key, meta_value) VALUES (?, 'woocommerce_api_consumer_key', ?), (?, 'woocommerce_api_consumer_secret', ?), (?, 'woocommerce_api_key_permissions', 'read')`, [
      customer!.user_id, legacy.consumerKey, customer!.user_id, legacy.consumerSecret, customer!.user_id,
    ]);
    expect(await store.findByKeyHash(hashConsumerKey(legacy.consumerKey))).toMatchObject({
      consumerSecret: legacy.consumerSecret,
      permissions: 'read',
      caller: { userId: Number(customer!.user_id), capabilities: [] },
    });
  });

  it('authenticates a signed v1 request with the store\'s key, served from the store\'s snapshot', { timeout: 120_000 }, async () => {
    const db = await loadDump(file('dump.sql'));
    const loaded = loadShopSnapshot(JSON.parse(readFileSync(file('expected-snapshot.json'), 'utf8')));
    if (!loaded.ok) throw new Error('expected snapshot does not load');
    const siteUrl = loaded.snapshot.store.siteUrl;
    const api = createShopApi({
      repository: createMemoryRepository(loaded.snapshot),
      authenticate: createConsumerKeyAuth({ keys: createWooCommerceKeyStore({ db }), nonces: createMemoryNonceStore(), siteUrl }),
    });
    const url = signOAuthUrl({ method: 'GET', url: `${siteUrl}/wc-api/v1/orders/count`, consumerKey: keys.consumer_key, consumerSecret: keys.consumer_secret });
    const response = await api.handle({ method: 'GET', url: url.slice(siteUrl.length), headers: { host: new URL(siteUrl).host } });
    expect(response.status).toBe(200);
    expect(JSON.parse(String(response.body))).toEqual({ count: loaded.snapshot.orders.length });
    const wrong = signOAuthUrl({ method: 'GET', url: `${siteUrl}/wc-api/v1/orders/count`, consumerKey: keys.consumer_key, consumerSecret: 'cs_wrong' });
    expect((await api.handle({ method: 'GET', url: wrong.slice(siteUrl.length), headers: { host: new URL(siteUrl).host } })).status).toBe(401);
  });

  // WooCommerce 9.0+ with the Legacy REST API plugin verifies a v1 request over the v3 URL (get_woocommerce_api_url()
  // is fixed at wc-api/v3/ there), with the bare secret: clients of such stores sign so, and must keep working.
  it('verifies a v1 request signed over /wc-api/v3 with the bare secret (the 9.0+ form) as well as /wc-api/v1; nothing else', { timeout: 120_000 }, async () => {
    const db = await loadDump(file('dump.sql'));
    const loaded = loadShopSnapshot(JSON.parse(readFileSync(file('expected-snapshot.json'), 'utf8')));
    if (!loaded.ok) throw new Error('expected snapshot does not load');
    const siteUrl = loaded.snapshot.store.siteUrl;
    const apiWith = (options: { acceptV3SignedUrl?: boolean } = {}) =>
      createShopApi({
        repository: createMemoryRepository(loaded.snapshot),
        authenticate: createConsumerKeyAuth({ keys: createWooCommerceKeyStore({ db }), nonces: createMemoryNonceStore(), siteUrl, ...options }),
      });
    const api = apiWith();
    const call = async (target: ReturnType<typeof createShopApi>, url: string) => {
      const response = await target.handle({ method: 'GET', url: url.slice(siteUrl.length), headers: { host: new URL(siteUrl).host } });
      return { status: response.status, body: JSON.parse(String(response.body)) as { count?: number; errors?: { message: string }[] } };
    };
    // Signed over the v3 URL, sent to the v1 one: what a client of a 9.0+ store sends.
    const v3Signed = (secret: string, key = keys.consumer_key) =>
      signOAuthUrl({ method: 'GET', url: `${siteUrl}/wc-api/v3/orders/count`, consumerKey: key, consumerSecret: secret }).replace('/wc-api/v3/', '/wc-api/v1/');
    expect(await call(api, v3Signed(keys.consumer_secret))).toEqual({ status: 200, body: { count: loaded.snapshot.orders.length } });
    const v1Signed = signOAuthUrl({ method: 'GET', url: `${siteUrl}/wc-api/v1/orders/count`, consumerKey: keys.consumer_key, consumerSecret: keys.consumer_secret });
    expect((await call(api, v1Signed)).status).toBe(200);

    // The v3 URL with the key `secret&` verifies nowhere for a v1 request (the plugin's v1 check uses the bare secret).
    const url = new URL(`${siteUrl}/wc-api/v3/orders/count`);
    const pairs = [
      { key: 'oauth_consumer_key', value: keys.consumer_key },
      { key: 'oauth_nonce', value: 'n0nce3ampersand' },
      { key: 'oauth_signature_method', value: 'HMAC-SHA256' },
      { key: 'oauth_timestamp', value: String(Math.floor(Date.now() / 1000)) },
    ];
    const ampersand = oauthSign('HMAC-SHA256', oauthBaseString('GET', url.toString(), pairs), `${oauthPercentEncode(keys.consumer_secret)}&`);
    const query = [...pairs, { key: 'oauth_signature', value: ampersand }].map((p) => `${p.key}=${oauthPercentEncode(p.value)}`).join('&');
    expect((await call(api, `${siteUrl}/wc-api/v1/orders/count?${query}`)).status).toBe(401);
    // A wrong secret over the v3 URL, and the v3 URL signed over another path, are refused.
    expect((await call(api, v3Signed('cs_wrong'))).status).toBe(401);
    const otherPath = signOAuthUrl({ method: 'GET', url: `${siteUrl}/wc-api/v3/orders`, consumerKey: keys.consumer_key, consumerSecret: keys.consumer_secret });
    expect((await call(api, otherPath.replace('/wc-api/v3/orders', '/wc-api/v1/orders/count'))).status).toBe(401);

    // Turned off, the 9.0+ form is refused and the message says which URL it was signed over.
    const strict = await call(apiWith({ acceptV3SignedUrl: false }), v3Signed(keys.consumer_secret));
    expect(strict.status).toBe(401);
    expect(strict.body.errors?.[0]?.message).toContain(`signed over ${siteUrl}/wc-api/v3/orders/count`);
    expect(strict.body.errors?.[0]?.message).not.toContain(keys.consumer_secret);
  });
});

// Keys the fixture writer stores read as the real ones do: hashed key, secret, permissions, the user's role's capabilities.
describe.skipIf(MYSQL_URL === undefined)('createWooCommerceKeyStore on a store the fixture writer wrote', () => {
  it('finds each key with the capabilities of its user\'s role, under any prefix', { timeout: 120_000 }, async () => {
    const shop = withWooCommerceIds(generateDemoShop({ orders: 5 }));
    const [admin, manager, customer] = [1, 2, shop.customers.find((c) => c.role === 'customer')!.id];
    const pairs = [admin, manager, customer].map(() => generateConsumerKeyPair());
    const db = await emptyDatabase();
    const permissions = ['read_write', 'read', 'write'] as const;
    await writeWooCommerceShop(db, shop, {
      storage: 'hpos',
      tablePrefix: 'k9_',
      apiKeys: [admin, manager, customer].map((userId, i) => ({ userId, ...pairs[i]!, permissions: permissions[i]! })),
    });
    expect(shop.customers.find((c) => c.id === manager)?.role).toBe('shop_manager');
    const store = createWooCommerceKeyStore({ db, tablePrefix: 'k9_' });
    for (const [i, userId] of [admin, manager, customer].entries()) {
      const found = await store.findByKeyHash(hashConsumerKey(pairs[i]!.consumerKey));
      expect(found).toMatchObject({ consumerSecret: pairs[i]!.consumerSecret, permissions: permissions[i], caller: { userId } });
      expect([...found!.caller.capabilities].sort()).toEqual(i < 2 ? [...SHOP_MANAGER_CAPABILITIES].sort() : []);
    }
  });
});
