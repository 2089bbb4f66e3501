// The behaviour every key store and nonce store of this package must have (memory and PostgreSQL alike), run on
// each by test/shop/auth/auth-stores.test.ts and test/shop/postgres/auth-stores.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateConsumerKeyPair,
  hashConsumerKey,
  SHOP_MANAGER_CAPABILITIES,
  type ConsumerKeyPair,
  type ConsumerKeyRecord,
  type NewKeyOptions,
  type NonceStore,
} from 'wc-legacy-api/shop';

/** A key store as both stores offer it (the memory one answers at once, the PostgreSQL one asynchronously). */
export interface ContractKeyStore {
  findByKeyHash(hash: string): Promise<ConsumerKeyRecord | undefined> | ConsumerKeyRecord | undefined;
  createKey(options: NewKeyOptions): Promise<ConsumerKeyPair> | ConsumerKeyPair;
  addKey(pair: ConsumerKeyPair, options: NewKeyOptions): Promise<void> | void;
  revokeKey(consumerKey: string): Promise<boolean> | boolean;
}

export type MakeAuthStores = (options: { maxEntriesPerKey: number }) => Promise<{ keys: ContractKeyStore; nonces: NonceStore }>;

const scope = (n: number) => hashConsumerKey(`ck_contract_${n}`);

export function describeAuthStoreContract(name: string, make: MakeAuthStores): void {
  describe(`auth store contract: ${name}`, () => {
    let keys: ContractKeyStore;
    let nonces: NonceStore;
    beforeAll(async () => {
      ({ keys, nonces } = await make({ maxEntriesPerKey: 3 }));
    });

    it('stores keys by the hash of the consumer key, with permissions, caller and description', async () => {
      const caller = { userId: 42, capabilities: ['read_private_shop_orders', 'view_shop_reports'] as const };
      const pair = await keys.createKey({ permissions: 'read', caller: { ...caller, capabilities: [...caller.capabilities] }, description: 'BI export' });
      expect(pair.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
      expect(await keys.findByKeyHash(hashConsumerKey(pair.consumerKey))).toEqual({
        consumerKeyHash: hashConsumerKey(pair.consumerKey),
        consumerSecret: pair.consumerSecret,
        permissions: 'read',
        caller: { userId: 42, capabilities: ['read_private_shop_orders', 'view_shop_reports'] },
        description: 'BI export',
      });
      expect(await keys.findByKeyHash(pair.consumerKey)).toBeUndefined(); // never by the key itself
      expect(await keys.findByKeyHash(hashConsumerKey('ck_unknown'))).toBeUndefined();
    });

    it('replaces a key added again, revokes once, and refuses bad options', async () => {
      const pair = generateConsumerKeyPair();
      await keys.addKey(pair, { permissions: 'read', caller: { userId: 1, capabilities: [] } });
      await keys.addKey(pair, { permissions: 'read_write', caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } });
      const found = await keys.findByKeyHash(hashConsumerKey(pair.consumerKey));
      expect(found).toMatchObject({ permissions: 'read_write', caller: { userId: 1, capabilities: [...SHOP_MANAGER_CAPABILITIES] } });
      expect(found?.description).toBeUndefined();
      expect(await keys.revokeKey(pair.consumerKey)).toBe(true);
      expect(await keys.findByKeyHash(hashConsumerKey(pair.consumerKey))).toBeUndefined();
      expect(await keys.revokeKey(pair.consumerKey)).toBe(false);
      const bad = { permissions: 'admin', caller: { userId: 1, capabilities: [] } } as unknown as NewKeyOptions;
      await expect(Promise.resolve().then(() => keys.addKey(generateConsumerKeyPair(), bad))).rejects.toThrow(TypeError);
      await expect(Promise.resolve().then(() => keys.addKey({ consumerKey: '', consumerSecret: 'cs' }, { permissions: 'read', caller: { capabilities: [] } }))).rejects.toThrow(TypeError);
    });

    it('records a nonce once: reused while live (expiry inclusive), fresh again once expired', async () => {
      expect(await nonces.useOnce(scope(1), 'n1', 2000, 1000)).toBe('fresh');
      expect(await nonces.useOnce(scope(1), 'n1', 2500, 1500)).toBe('reused');
      expect(await nonces.useOnce(scope(1), 'n1', 3000, 2000)).toBe('reused');
      expect(await nonces.useOnce(scope(1), 'n1', 3001, 2001)).toBe('fresh');
      expect(await nonces.useOnce(scope(1), 'n1', 3001, 2002)).toBe('reused');
    });

    it('keeps keys apart, even when key and nonce texts concatenate alike', async () => {
      expect(await nonces.useOnce(`${scope(2)}ab`, 'c', 10_000, 0)).toBe('fresh');
      expect(await nonces.useOnce(`${scope(2)}a`, 'bc', 10_000, 0)).toBe('fresh');
      expect(await nonces.useOnce(`${scope(2)}ab`, 'c', 10_000, 0)).toBe('reused');
      expect(await nonces.useOnce(scope(3), 'c', 10_000, 0)).toBe('fresh');
    });

    it("bounds each key's share: a flooding key is refused ('full'), every other key still records", async () => {
      const flooder = scope(4);
      for (const n of ['a', 'b', 'c']) expect(await nonces.useOnce(flooder, n, 5000, 1000)).toBe('fresh');
      expect(await nonces.useOnce(flooder, 'd', 5000, 1000)).toBe('full');
      expect(await nonces.useOnce(flooder, 'a', 5000, 1000)).toBe('reused'); // a replay is still named as one
      for (const n of ['a', 'b', 'c']) expect(await nonces.useOnce(scope(5), n, 5000, 1000)).toBe('fresh');
      // Once its nonces expire, the flooding key records again.
      expect(await nonces.useOnce(flooder, 'd', 9000, 5001)).toBe('fresh');
      expect(await nonces.useOnce(flooder, 'e', 9000, 5001)).toBe('fresh');
    });

    it('lets exactly one of several identical concurrent requests through', async () => {
      const verdicts = await Promise.all(Array.from({ length: 12 }, () => nonces.useOnce(scope(6), 'twin', 10_000, 0)));
      expect(verdicts.filter((v) => v === 'fresh')).toHaveLength(1);
      expect(verdicts.filter((v) => v === 'reused')).toHaveLength(11);
    });
  });
}
