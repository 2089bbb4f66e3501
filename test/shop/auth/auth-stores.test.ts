// The auth store contract on the in-memory stores, and what only the memory nonce store has: its overall ceiling.
import { describe, expect, it } from 'vitest';
import { createMemoryKeyStore, createMemoryNonceStore, DEFAULT_NONCES_PER_KEY, hashConsumerKey } from 'wc-legacy-api/shop';
import { describeAuthStoreContract } from './auth-store-contract';

describeAuthStoreContract('memory', async ({ maxEntriesPerKey }) => ({
  keys: createMemoryKeyStore(),
  nonces: createMemoryNonceStore({ maxEntriesPerKey }),
}));

describe('createMemoryNonceStore', () => {
  it("gives every key its own share of 10,000 by default: the issue's flood of 100,500 nonces from one key locks out only that key", () => {
    const store = createMemoryNonceStore();
    const flooder = hashConsumerKey('ck_flood');
    const verdicts = new Map<string, number>();
    for (let i = 0; i < 100_500; i++) {
      const verdict = store.useOnce(flooder, `n${i}`, 1_800_000, i);
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
    }
    expect(Object.fromEntries(verdicts)).toEqual({ fresh: DEFAULT_NONCES_PER_KEY, full: 100_500 - DEFAULT_NONCES_PER_KEY });
    expect(store.useOnce(hashConsumerKey('ck_quiet'), 'n0', 1_800_000, 100_500)).toBe('fresh');
    expect(store.size).toBe(DEFAULT_NONCES_PER_KEY + 1);
  });

  it('keeps an overall ceiling: refuses everyone while full of live nonces, accepts again once they expire', () => {
    const store = createMemoryNonceStore({ maxEntries: 3 });
    const scope = 'k'.repeat(64);
    expect(['a', 'b', 'c'].map((n) => store.useOnce(scope, n, 2000, 1000))).toEqual(['fresh', 'fresh', 'fresh']);
    expect(store.useOnce(scope, 'd', 2000, 1000)).toBe('unavailable');
    expect(store.useOnce('other', 'd', 2000, 1000)).toBe('unavailable');
    expect(store.useOnce(scope, 'a', 2000, 1500)).toBe('reused');
    expect(store.size).toBe(3);
    // At 2000 ms the entries are still live (expiry is inclusive); at 2001 ms all have expired and are swept.
    expect(store.useOnce(scope, 'd', 3000, 2000)).toBe('unavailable');
    expect(store.useOnce('other', 'd', 3000, 2001)).toBe('fresh');
    expect(store.useOnce(scope, 'a', 3000, 2001)).toBe('fresh');
    expect(store.size).toBe(2);
  });

  it('refuses a bad configuration', () => {
    expect(() => createMemoryNonceStore({ maxEntriesPerKey: 0 })).toThrow(/maxEntriesPerKey/);
    expect(() => createMemoryNonceStore({ maxEntries: 1.5 })).toThrow(/maxEntries/);
  });
});
