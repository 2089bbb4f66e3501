import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConsumerKeyAuth, createMemoryKeyStore, oauthBaseString, type Caller } from 'wc-legacy-api/shop';
import { rfc3986, signRequest } from './independent-signer';

const SITE = 'http://shop.example:8080/store';
const BASE_PATH = '/wc-api/v1';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const caller: Caller = { userId: 7, capabilities: ['read_private_shop_orders'] };

// Characters that trip encoders: reserved and sub-delims, brackets, space, `+`, `%`, quotes, non-ASCII and astral.
const tricky = fc.constantFrom('[', ']', '+', ' ', '&', '=', '%', '?', '#', '/', ':', "'", '!', '*', '(', ')', '~', ';', ',', '"', '\\', 'ä', '€', '😀', '中');
const char = fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }));
const text = (minLength: number) => fc.array(char, { minLength, maxLength: 12 }).map((chars) => chars.join(''));
// Names the server treats specially are left out: oauth_* are the protocol's own, consumer_secret is refused over HTTP.
const name = fc.oneof(text(1), text(1).map((inner) => `filter[${inner}]`)).filter(
  (n) => !n.startsWith('oauth_') && n !== 'consumer_secret',
);
const params = fc.uniqueArray(fc.tuple(name, text(0)), { maxLength: 6, selector: ([k]) => k });

function setup() {
  const keys = createMemoryKeyStore();
  const pair = keys.createKey({ permissions: 'read', caller });
  // A huge window and a fresh authenticator per run: only the signature decides.
  const auth = createConsumerKeyAuth({ keys, siteUrl: SITE, now: () => NOW });
  return { pair, auth };
}

function verify(auth: ReturnType<typeof setup>['auth'], pathAndQuery: string, path: string, method = 'GET') {
  return auth({ method, url: pathAndQuery }, { method, path, basePath: BASE_PATH, secure: false });
}

describe('OAuth 1.0a signatures (property)', () => {
  it('a request signed by an independent RFC 5849 signer verifies, with either space style and duplicated names', async () => {
    await fc.assert(
      fc.asyncProperty(params, fc.constantFrom('%20', '+') as fc.Arbitrary<'%20' | '+'>, fc.boolean(), fc.constantFrom('HMAC-SHA1', 'HMAC-SHA256'), async (pairs, spaces, duplicateOnWire, signatureMethod) => {
        const { pair, auth } = setup();
        const { pathAndQuery } = signRequest({
          method: 'GET', url: `${SITE}${BASE_PATH}/orders`, params: pairs, timestamp: NOW / 1000, spaces, duplicateOnWire, signatureMethod, ...pair,
        });
        expect(await verify(auth, pathAndQuery.replace('/store', ''), '/orders')).toEqual({ ok: true, caller });
      }),
      { numRuns: 300 },
    );
  });

  it('any single-character change to any name or value (oauth_* included), the method or the path fails', async () => {
    const change = fc.record({ which: fc.nat(), where: fc.nat(), by: char, inName: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(params, change, async (pairs, { which, where, by, inName }) => {
        const { pair, auth } = setup();
        const original = signRequest({ method: 'GET', url: `${SITE}${BASE_PATH}/orders`, params: pairs, timestamp: NOW / 1000, ...pair });
        // Every pair on the wire, decoded (the client's own parameters, then oauth_*, oauth_signature last).
        const wire = original.pathAndQuery.split('?')[1]!.split('&').map((part) => {
          const [k, v] = part.split('=') as [string, string];
          return [decodeURIComponent(k), decodeURIComponent(v)] as [string, string];
        });
        const index = which % wire.length;
        const [k, v] = wire[index]!;
        const target = [...(inName ? k : v)];
        fc.pre(target.length > 0);
        const at = where % target.length;
        fc.pre(target[at] !== by);
        // The server reads a space in the signature as `+` (clients that do not escape it): not a change.
        fc.pre(!(k === 'oauth_signature' && !inName && [target[at], by].every((c) => c === '+' || c === ' ')));
        target[at] = by;
        const changed = wire.map((p, i) => (i === index ? (inName ? [target.join(''), v] : [k, target.join('')]) : p));
        const forged = `${BASE_PATH}/orders?${changed.map(([a, b]) => `${rfc3986(a!)}=${rfc3986(b!)}`).join('&')}`;
        expect((await verify(auth, forged, '/orders')).ok).toBe(false);
        // The untouched request still passes: the failed attempt burned nothing.
        expect(await verify(auth, original.pathAndQuery.replace('/store', ''), '/orders')).toEqual({ ok: true, caller });
      }),
      { numRuns: 400 },
    );
    // Method and path: the same signed query sent with another method or to another route.
    const { pair, auth } = setup();
    const { pathAndQuery } = signRequest({ method: 'GET', url: `${SITE}${BASE_PATH}/orders`, params: [], timestamp: NOW / 1000, ...pair });
    expect((await verify(auth, pathAndQuery.replace('/store', ''), '/orders', 'HEAD')).ok).toBe(false);
    expect((await verify(auth, pathAndQuery.replace('/store', '').replace('/orders', '/orderz'), '/orderz')).ok).toBe(false);
    expect(await verify(auth, pathAndQuery.replace('/store', ''), '/orders')).toEqual({ ok: true, caller });
  });

  it('the exported base string equals the independent one', () => {
    fc.assert(
      fc.property(params, (pairs) => {
        const { baseString, pathAndQuery } = signRequest({
          method: 'get', url: `${SITE}${BASE_PATH}/orders`, params: pairs, consumerKey: 'ck_a', consumerSecret: 'cs_b', nonce: 'n', timestamp: 1,
        });
        const oauthPairs = [...new URLSearchParams(pathAndQuery.split('?')[1]!)].filter(([key]) => key.startsWith('oauth_'));
        const all = [...pairs, ...oauthPairs].map(([key, value]) => ({ key, value }));
        expect(oauthBaseString('get', `${SITE}${BASE_PATH}/orders`, all)).toBe(baseString);
      }),
      { numRuns: 200 },
    );
  });
});
