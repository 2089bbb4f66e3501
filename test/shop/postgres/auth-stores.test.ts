// The PostgreSQL key and nonce stores: the auth store contract on PGlite (and the server with DATABASE_URL), then
// what sharing one database buys several processes: replay protection and revocation that hold across them.
import { describe, expect, it } from 'vitest';
import {
  createConsumerKeyAuth,
  createPostgresKeyStore,
  createPostgresNonceStore,
  hashConsumerKey,
  migratePostgres,
  SHOP_MANAGER_CAPABILITIES,
  signOAuthUrl,
  type Authenticate,
} from 'wc-legacy-api/shop';
import { describeAuthStoreContract } from '../auth/auth-store-contract';
import { TARGETS } from './harness';

const SITE = 'http://shop.example';

for (const target of TARGETS) {
  describeAuthStoreContract(`postgres on ${target.name}`, async ({ maxEntriesPerKey }) => {
    const client = await target.freshClient();
    await migratePostgres(client);
    return { keys: createPostgresKeyStore({ client }), nonces: createPostgresNonceStore({ client, maxEntriesPerKey }) };
  });

  describe(`PostgreSQL auth stores shared by several processes on ${target.name}`, () => {
    async function twoProcesses() {
      const client = await target.freshClient();
      await migratePostgres(client);
      const now = Date.UTC(2026, 0, 1, 12);
      // Two authenticators with their own store objects, as two processes behind a load balancer would have.
      const make = (): Authenticate =>
        createConsumerKeyAuth({
          keys: createPostgresKeyStore({ client }),
          nonces: createPostgresNonceStore({ client, maxEntriesPerKey: 4 }),
          siteUrl: SITE,
          now: () => now,
        });
      const admin = createPostgresKeyStore({ client });
      const pair = await admin.createKey({ permissions: 'read_write', caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } });
      const other = await admin.createKey({ permissions: 'read', caller: { userId: 2, capabilities: [] } });
      const sign = (nonce: string, who = pair) => signOAuthUrl({ method: 'GET', url: `${SITE}/wc-api/v1/orders`, ...who, nonce, timestamp: new Date(now) }).slice(SITE.length);
      const call = (auth: Authenticate, url: string) => auth({ method: 'GET', url }, { method: 'GET', path: '/orders', basePath: '/wc-api/v1', secure: false });
      return { client, admin, pair, other, sign, call, a: make(), b: make(), now };
    }

    it('refuses in one process a request another process accepted (replay), and revokes everywhere at once', async () => {
      const { admin, pair, sign, call, a, b } = await twoProcesses();
      const url = sign('shared-nonce');
      expect((await call(a, url)).ok).toBe(true);
      expect(await call(b, url)).toEqual({ ok: false, message: 'Invalid nonce - nonce has already been used.' });
      expect((await call(b, sign('second'))).ok).toBe(true);
      await admin.revokeKey(pair.consumerKey);
      expect(await call(a, sign('third'))).toEqual({ ok: false, message: 'Consumer key is invalid.' });
    });

    it("counts a key's share across processes: the flooding key is refused in both, the other key in neither", async () => {
      const { other, sign, call, a, b } = await twoProcesses();
      for (let i = 0; i < 4; i++) expect((await call(i % 2 === 0 ? a : b, sign(`f${i}`))).ok).toBe(true);
      for (const auth of [a, b]) {
        const refused = await call(auth, sign(`f-more-${auth === a ? 'a' : 'b'}`));
        expect(refused.ok === false && refused.message).toMatch(/too many requests/);
      }
      expect((await call(a, sign('calm', other))).ok).toBe(true);
    });

    it('purges expired nonces, and reuses an expired nonce row', async () => {
      const { client, now } = await twoProcesses();
      const nonces = createPostgresNonceStore({ client });
      const scope = hashConsumerKey('ck_purge');
      for (let i = 0; i < 5; i++) expect(await nonces.useOnce(scope, `p${i}`, now + i, now - 10)).toBe('fresh');
      expect(await nonces.purgeExpired(now + 2)).toBe(2); // p0 and p1 expired before now + 2
      expect(await nonces.purgeExpired(now + 2)).toBe(0);
      expect(await nonces.useOnce(scope, 'p4', now + 100, now + 10)).toBe('fresh'); // expired: recorded anew
      const { rows } = await client.query('SELECT count(*) AS n FROM shop_api_nonces WHERE scope = $1', [scope]);
      expect(Number((rows[0] as { n: unknown }).n)).toBeLessThanOrEqual(3);
    });

    it('ignores capability names it does not know, and a row with impossible permissions grants nothing', async () => {
      const { client, admin } = await twoProcesses();
      const pair = await admin.createKey({ permissions: 'read', caller: { userId: 9, capabilities: ['view_shop_reports'] } });
      const hash = hashConsumerKey(pair.consumerKey);
      await client.query(`UPDATE shop_api_keys SET capabilities = '{view_shop_reports,launch_rockets}' WHERE consumer_key_hash = $1`, [hash]);
      expect((await admin.findByKeyHash(hash))?.caller).toEqual({ userId: 9, capabilities: ['view_shop_reports'] });
      await client.query('ALTER TABLE shop_api_keys DROP CONSTRAINT shop_api_keys_permissions_check');
      await client.query(`UPDATE shop_api_keys SET permissions = 'all' WHERE consumer_key_hash = $1`, [hash]);
      expect(await admin.findByKeyHash(hash)).toBeUndefined();
    });
  });
}
