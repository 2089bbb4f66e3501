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
