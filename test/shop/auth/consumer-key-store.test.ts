import { describe, expect, it } from 'vitest';
import { createMemoryKeyStore, generateConsumerKeyPair, hashConsumerKey, type Caller } from 'wc-legacy-api/shop';

const caller: Caller = { userId: 3, capabilities: ['read_private_shop_orders'] };

describe('consumer keys', () => {
  it('generates ck_/cs_ pairs of 40 lowercase hex digits, all different', () => {
    const pairs = Array.from({ length: 50 }, () => generateConsumerKeyPair());
    for (const { consumerKey, consumerSecret } of pairs) {
      expect(consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
      expect(consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
    }
    const all = pairs.flatMap((p) => [p.consumerKey.slice(3), p.consumerSecret.slice(3)]);
    expect(new Set(all).size).toBe(100);
  });

  it('hashes keys like WooCommerce wc_api_hash (HMAC-SHA256 keyed "wc-api"), so its keys can be imported', () => {
    // echo -n ck_test | openssl dgst -sha256 -hmac wc-api
    expect(hashConsumerKey('ck_test')).toBe('c84d2755258acc4448a88c9c78ff71533c13fb2e23886445743b0c75f08bf2d1');
  });

  it('keeps only the hash of the consumer key (and the secret), looked up by that hash', async () => {
    const keys = createMemoryKeyStore();
    const pair = keys.createKey({ permissions: 'read', caller, description: 'BI export' });
    const record = await keys.findByKeyHash(hashConsumerKey(pair.consumerKey));
    expect(record).toEqual({
      consumerKeyHash: hashConsumerKey(pair.consumerKey),
      consumerSecret: pair.consumerSecret,
      permissions: 'read',
      caller,
      description: 'BI export',
    });
    expect(JSON.stringify(record)).not.toContain(pair.consumerKey.slice(3));
    expect(await keys.findByKeyHash(pair.consumerKey)).toBeUndefined();
  });

  it('adds existing pairs, revokes keys, and rejects bad input', async () => {
    const keys = createMemoryKeyStore();
    keys.addKey({ consumerKey: 'ck_imported', consumerSecret: 'cs_imported' }, { permissions: 'write', caller });
    expect((await keys.findByKeyHash(hashConsumerKey('ck_imported')))?.permissions).toBe('write');
    expect(keys.revokeKey('ck_imported')).toBe(true);
    expect(keys.revokeKey('ck_imported')).toBe(false);
    expect(await keys.findByKeyHash(hashConsumerKey('ck_imported'))).toBeUndefined();
    expect(() => keys.addKey({ consumerKey: 'ck_x', consumerSecret: 'cs_x' }, { permissions: 'admin' as 'read', caller })).toThrow(/permissions/);
    expect(() => keys.addKey({ consumerKey: '', consumerSecret: 'cs_x' }, { permissions: 'read', caller })).toThrow(/empty/);
  });
});
