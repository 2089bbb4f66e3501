import { describe, expect, it } from 'vitest';
import {
  createConsumerKeyAuth,
  createMemoryKeyStore,
  createMemoryNonceStore,
  SHOP_MANAGER_CAPABILITIES,
  type Authenticate,
  type AuthenticationResult,
  type Caller,
  type NonceStore,
  signOAuthUrl,
} from 'wc-legacy-api/shop';
import { signRequest, type SignInput } from './independent-signer';

const SITE = 'http://127.0.0.1:8080';
const BASE_PATH = '/wc-api/v1';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW_SECONDS = NOW / 1000;
const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const reader: Caller = { userId: 2, capabilities: ['read_private_shop_orders'] };

function setup(options: Partial<Parameters<typeof createConsumerKeyAuth>[0]> = {}) {
  const keys = createMemoryKeyStore();
  const rw = keys.createKey({ permissions: 'read_write', caller: manager });
  const ro = keys.createKey({ permissions: 'read', caller: reader });
  const wo = keys.createKey({ permissions: 'write', caller: manager });
  const auth = createConsumerKeyAuth({ keys, siteUrl: SITE, now: () => NOW, ...options });
  return { keys, rw, ro, wo, auth };
}

interface Call {
  readonly method?: string;
  readonly pathAndQuery: string;
  readonly secure?: boolean;
  readonly headers?: Record<string, string>;
}

/** What the handler does before calling the authenticator: effective method, decoded path below the base path. */
function call(auth: Authenticate, { method = 'GET', pathAndQuery, secure = false, headers = {} }: Call) {
  const pathname = pathAndQuery.split('?')[0]!;
  const path = decodeURIComponent(pathname.slice(BASE_PATH.length).replace(/\+/g, ' '));
  return auth(
    { method, url: pathAndQuery, headers, secure },
    { method: method.toUpperCase(), path, basePath: BASE_PATH, secure },
  );
}

function signed(pair: { consumerKey: string; consumerSecret: string }, over: Partial<SignInput> & { path?: string } = {}) {
  const { path = '/orders', ...rest } = over;
  return signRequest({
    method: 'GET',
    url: `${SITE}${BASE_PATH}${path}`,
    params: [],
    timestamp: NOW_SECONDS,
    ...pair,
    ...rest,
  }).pathAndQuery;
}

function expectFailure(result: AuthenticationResult, message: RegExp): void {
  expect(result).toEqual({ ok: false, message: expect.stringMatching(message) });
}

describe('createConsumerKeyAuth over plain HTTP (OAuth 1.0a, legacy v1 signing)', () => {
  it('accepts HMAC-SHA256 and HMAC-SHA1 requests and acts as the key caller', async () => {
    const { auth, rw, ro } = setup();
    for (const signatureMethod of ['HMAC-SHA256', 'HMAC-SHA1']) {
      const result = await call(auth, { pathAndQuery: signed(ro, { signatureMethod, params: [['page', '2']] }) });
      expect(result).toEqual({ ok: true, caller: reader });
    }
    const put = await call(auth, { method: 'PUT', pathAndQuery: signed(rw, { method: 'PUT', path: '/orders/12' }) });
    expect(put).toEqual({ ok: true, caller: manager });
  });

  it('verifies filter[...] names sent twice, bracket-encoded, as woocommerce-api sends them', async () => {
    const { auth, ro } = setup();
    const pathAndQuery = signed(ro, {
      params: [['filter[limit]', '2'], ['filter[q]', 'Acme & Sons+co'], ['page', '2']],
      duplicateOnWire: true,
    });
    // The second filter[limit] appears after the oauth_* parameters, bracket-encoded: the server reads it once.
    expect(pathAndQuery.match(/filter%5Blimit%5D=2/g)).toHaveLength(2);
    expect(await call(auth, { pathAndQuery })).toEqual({ ok: true, caller: reader });
  });

  it('accepts `+` for spaces (axios) and `%20` (request) alike, and a path with a space', async () => {
    const { auth, ro } = setup();
    for (const spaces of ['+', '%20'] as const) {
      const pathAndQuery = signed(ro, { path: '/coupons/code/summer sale', params: [['filter[q]', 'a b']], spaces });
      expect(await call(auth, { pathAndQuery })).toEqual({ ok: true, caller: reader });
    }
  });

  it('restores a `+` in the signature that arrived unescaped as a space', async () => {
    const { auth, ro } = setup();
    // Find a request whose base64 signature contains `+`, then send that `+` unescaped (it decodes to a space).
    for (let i = 0; i < 200; i++) {
      const pathAndQuery = signed(ro, { nonce: `plus${i}` });
      const raw = pathAndQuery.replace(/oauth_signature=([^&]*)/, (_, sig: string) => `oauth_signature=${decodeURIComponent(sig)}`);
      if (!/oauth_signature=[^&]*\+/.test(raw)) continue;
      expect(await call(auth, { pathAndQuery: raw })).toEqual({ ok: true, caller: reader });
      return;
    }
    throw new Error('no signature with a + among 200 tries');
  });

  it('refuses a signature computed for another path, method or site URL', async () => {
    const { auth, rw } = setup();
    const otherPath = signed(rw, { path: '/coupons' }).replace('/coupons', '/orders');
    // The message says what the server signed (so a wrong site URL shows) and where the causes are explained.
    expect(await call(auth, { pathAndQuery: otherPath })).toEqual({
      ok: false,
      message:
        'Invalid signature - provided signature does not match. The server signed GET http://127.0.0.1:8080/wc-api/v1/orders; ' +
        'the client must use exactly this site URL and the consumer secret. See https://github.com/wc-legacy-api/wc-legacy-api/blob/main/docs/troubleshooting.md#invalid-signature',
    });
    const otherMethod = signed(rw, { method: 'GET', path: '/orders/1' });
    expectFailure(await call(auth, { method: 'PUT', pathAndQuery: otherMethod }), /provided signature does not match/);
    const otherSite = signRequest({ method: 'GET', url: `http://localhost:8080${BASE_PATH}/orders`, params: [], timestamp: NOW_SECONDS, ...rw });
    expectFailure(await call(auth, { pathAndQuery: otherSite.pathAndQuery }), /provided signature does not match/);
  });

  it('ignores the Host header: only the configured site URL is signed', async () => {
    const { auth, ro } = setup();
    const pathAndQuery = signed(ro);
    expect(await call(auth, { pathAndQuery, headers: { host: 'evil.example' } })).toEqual({ ok: true, caller: reader });
  });

  it('refuses a wrong secret, an unknown key and a changed parameter', async () => {
    const { auth, ro } = setup();
    const wrongSecret = signed({ consumerKey: ro.consumerKey, consumerSecret: `${ro.consumerSecret}0` });
    expectFailure(await call(auth, { pathAndQuery: wrongSecret }), /provided signature does not match/);
    const unknown = signed({ consumerKey: 'ck_0000000000000000000000000000000000000000', consumerSecret: ro.consumerSecret });
    expectFailure(await call(auth, { pathAndQuery: unknown }), /^Consumer key is invalid\.$/);
    const changed = signed(ro, { params: [['filter[limit]', '2']] }).replace('filter%5Blimit%5D=2', 'filter%5Blimit%5D=200');
    expectFailure(await call(auth, { pathAndQuery: changed }), /provided signature does not match/);
  });

  it('refuses an extra parameter appended after signing, even a duplicate name (last value wins)', async () => {
    const { auth, ro } = setup();
    const pathAndQuery = `${signed(ro, { params: [['filter[limit]', '2']] })}&filter%5Blimit%5D=500`;
    expectFailure(await call(auth, { pathAndQuery }), /provided signature does not match/);
  });

  it('names each missing OAuth parameter', async () => {
    const { auth, ro } = setup();
    for (const name of ['oauth_consumer_key', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method']) {
      const pathAndQuery = signed(ro).replace(new RegExp(`([?&])${name}=[^&]*`), '$1');
      expectFailure(await call(auth, { pathAndQuery }), new RegExp(`^${name} parameter is missing\\.$`));
      const empty = signed(ro).replace(new RegExp(`([?&])${name}=[^&]*`), `$1${name}=`);
      expectFailure(await call(auth, { pathAndQuery: empty }), new RegExp(`^${name} parameter is missing\\.$`));
    }
    expectFailure(await call(auth, { pathAndQuery: `${BASE_PATH}/orders` }), /^oauth_consumer_key parameter is missing\.$/);
  });

  it('refuses signature methods other than HMAC-SHA1 / HMAC-SHA256 (case-sensitive)', async () => {
    const { auth, ro } = setup();
    for (const signatureMethod of ['PLAINTEXT', 'hmac-sha256', 'RSA-SHA1']) {
      expectFailure(await call(auth, { pathAndQuery: signed(ro, { signatureMethod }) }), /^Invalid signature - signature method is invalid/);
    }
  });

  it('refuses a timestamp 16 minutes old or ahead, accepts 14 minutes', async () => {
    const { auth, ro } = setup();
    // 16 min = 960 s > 900 s window; 14 min = 840 s < 900 s.
    for (const offset of [-960, 960, -900 - 1]) {
      const pathAndQuery = signed(ro, { timestamp: NOW_SECONDS + offset });
      expectFailure(await call(auth, { pathAndQuery }), /^Invalid timestamp - it must be within 15 minutes of the server time\.$/);
    }
    for (const offset of [-840, 840, -900]) {
      expect(await call(auth, { pathAndQuery: signed(ro, { timestamp: NOW_SECONDS + offset }) })).toEqual({ ok: true, caller: reader });
    }
    const notANumber = signed(ro, { params: [] }).replace(/oauth_timestamp=\d+/, 'oauth_timestamp=soon');
    expectFailure(await call(auth, { pathAndQuery: notANumber }), /provided signature does not match/);
  });

  it('refuses a non-numeric timestamp that is correctly signed', async () => {
    const { auth, ro } = setup();
    // String(NaN) === 'NaN': the signature covers it, so only the timestamp check can refuse it.
    const pathAndQuery = signed(ro, { timestamp: Number.NaN });
    expect(pathAndQuery).toContain('oauth_timestamp=NaN');
    expectFailure(await call(auth, { pathAndQuery }), /^Invalid timestamp/);
  });

  it('refuses a replay of a captured request, and lets exactly one of two concurrent copies through', async () => {
    const { auth, ro } = setup();
    const pathAndQuery = signed(ro);
    expect(await call(auth, { pathAndQuery })).toEqual({ ok: true, caller: reader });
    expectFailure(await call(auth, { pathAndQuery }), /^Invalid nonce - nonce has already been used\.$/);

    const twin = signed(ro, { nonce: 'twin' });
    const results = await Promise.all([call(auth, { pathAndQuery: twin }), call(auth, { pathAndQuery: twin })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, message: 'Invalid nonce - nonce has already been used.' }]);
  });

  it('keeps nonces per key: another key may use the same nonce', async () => {
    const { auth, ro, rw } = setup();
    expect((await call(auth, { pathAndQuery: signed(ro, { nonce: 'shared' }) })).ok).toBe(true);
    expect((await call(auth, { pathAndQuery: signed(rw, { nonce: 'shared' }) })).ok).toBe(true);
  });

  it('does not burn the nonce when the signature is wrong', async () => {
    const { auth, ro } = setup();
    const forged = signed({ consumerKey: ro.consumerKey, consumerSecret: 'cs_guess' }, { nonce: 'precious' });
    expectFailure(await call(auth, { pathAndQuery: forged }), /provided signature does not match/);
    expect(await call(auth, { pathAndQuery: signed(ro, { nonce: 'precious' }) })).toEqual({ ok: true, caller: reader });
  });

  it('remembers a nonce for the whole window, then forgets it', async () => {
    let now = NOW;
    const { auth, ro } = setup({ now: () => now });
    const pathAndQuery = signed(ro, { nonce: 'n1' });
    expect((await call(auth, { pathAndQuery })).ok).toBe(true);
    now = NOW + 15 * 60 * 1000; // timestamp exactly at the window edge: still valid, so still remembered
    expectFailure(await call(auth, { pathAndQuery }), /nonce has already been used/);
    now = NOW + 15 * 60 * 1000 + 1000; // the timestamp itself is now too old
    expectFailure(await call(auth, { pathAndQuery }), /^Invalid timestamp/);
  });

  it('checks the key permission against the effective method', async () => {
    const { auth, ro, wo, rw } = setup();
    expectFailure(
      await call(auth, { method: 'PUT', pathAndQuery: signed(ro, { method: 'PUT', path: '/orders/1' }) }),
      /^The API key provided does not have write permissions\.$/,
    );
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      expectFailure(await call(auth, { method, pathAndQuery: signed(ro, { method, path: '/orders/1' }) }), /write permissions/);
    }
    expectFailure(await call(auth, { pathAndQuery: signed(wo) }), /^The API key provided does not have read permissions\.$/);
    expectFailure(await call(auth, { method: 'HEAD', pathAndQuery: signed(wo, { method: 'HEAD' }) }), /read permissions/);
    expect((await call(auth, { method: 'PUT', pathAndQuery: signed(wo, { method: 'PUT', path: '/orders/1' }) })).ok).toBe(true);
    expect((await call(auth, { method: 'HEAD', pathAndQuery: signed(rw, { method: 'HEAD' }) })).ok).toBe(true);
  });

  it('refuses HTTP Basic and consumer_secret query authentication over plain HTTP', async () => {
    const { auth, ro } = setup();
    const basic = `Basic ${Buffer.from(`${ro.consumerKey}:${ro.consumerSecret}`).toString('base64')}`;
    expectFailure(
      await call(auth, { pathAndQuery: `${BASE_PATH}/orders`, headers: { Authorization: basic } }),
      /^HTTP Basic authentication is refused over plain HTTP/,
    );
    const query = `${BASE_PATH}/orders?consumer_key=${ro.consumerKey}&consumer_secret=${ro.consumerSecret}`;
    expectFailure(await call(auth, { pathAndQuery: query }), /refused over plain HTTP/);
  });

  it('accepts the newer `secret&` signing key only when opted in', async () => {
    const legacy = setup();
    const newer = signed(legacy.ro, { keyStyle: 'rfc' });
    // Refused with a message that names the cause, since the client evidently holds the right secret.
    expectFailure(await call(legacy.auth, { pathAndQuery: newer }), /^Invalid signature - signed with the key 'secret&' of newer clients; .*#signed-with-secret$/);

    const optedIn = setup({ acceptNewerSigningKey: true });
    expect(await call(optedIn.auth, { pathAndQuery: signed(optedIn.ro, { keyStyle: 'rfc' }) })).toEqual({ ok: true, caller: reader });
    expect(await call(optedIn.auth, { pathAndQuery: signed(optedIn.ro, { keyStyle: 'v1' }) })).toEqual({ ok: true, caller: reader });
  });

  it('signs against the configured site URL including a sub-directory, and over http even for an https site URL', async () => {
    const keys = createMemoryKeyStore();
    const pair = keys.createKey({ permissions: 'read', caller: reader });
    const auth = createConsumerKeyAuth({ keys, siteUrl: 'https://shop.example/store/', now: () => NOW });
    const { pathAndQuery } = signRequest({ method: 'GET', url: `http://shop.example/store${BASE_PATH}/orders`, params: [], timestamp: NOW_SECONDS, ...pair });
    const request = { method: 'GET', url: pathAndQuery.replace('/store', '') };
    const context = { method: 'GET', path: '/orders', basePath: BASE_PATH, secure: false };
    expect(await auth(request, context)).toEqual({ ok: true, caller: reader });
  });

  it('reports malformed percent-encoding instead of throwing', async () => {
    const { auth } = setup();
    expectFailure(await call(auth, { pathAndQuery: `${BASE_PATH}/orders?filter%5Bq%5D=%E0%A4%A` }), /not valid percent-encoded/);
  });

  it('reads at most 1,000 query parameters (the handler refuses more before authentication)', async () => {
    const { auth } = setup();
    const many = `${BASE_PATH}/orders?${'a[]=1&'.repeat(4000)}oauth_consumer_key=ck`;
    expectFailure(await call(auth, { pathAndQuery: many }), /^The query string has more than 1,000 parameters; at most 1,000 are read\.$/);
  });

  it('never rejects and names the cause when a store throws or is full', async () => {
    const broken: NonceStore = { useOnce: () => Promise.reject(new Error('redis down')) };
    const { auth, ro } = setup({ nonces: broken });
    expectFailure(await call(auth, { pathAndQuery: signed(ro) }), /could not be checked right now/);

    const full: NonceStore = { useOnce: () => 'unavailable' };
    const second = setup({ nonces: full });
    expectFailure(await call(second.auth, { pathAndQuery: signed(second.ro) }), /cannot be recorded right now/);

    const keysDown = createConsumerKeyAuth({ keys: { findByKeyHash: () => { throw new Error('db down'); } }, siteUrl: SITE, now: () => NOW });
    expectFailure(await call(keysDown, { pathAndQuery: signed(second.ro) }), /could not be checked right now/);
  });

  it('refuses only the flooding key once it has used its share of nonces; every other key keeps working', async () => {
    const { auth, ro, rw } = setup({ nonces: createMemoryNonceStore({ maxEntriesPerKey: 5 }) });
    for (let i = 0; i < 5; i++) expect((await call(auth, { pathAndQuery: signed(ro, { nonce: `flood${i}` }) })).ok).toBe(true);
    expectFailure(await call(auth, { pathAndQuery: signed(ro, { nonce: 'flood5' }) }), /^Invalid nonce - this API key has made too many requests within 15 minutes; try again later\.$/);
    expectFailure(await call(auth, { pathAndQuery: signed(ro, { nonce: 'flood0' }) }), /nonce has already been used/);
    expect(await call(auth, { pathAndQuery: signed(rw, { nonce: 'calm' }) })).toEqual({ ok: true, caller: manager });
  });

  it('refuses an oversized nonce', async () => {
    const { auth, ro } = setup();
    expectFailure(await call(auth, { pathAndQuery: signed(ro, { nonce: 'n'.repeat(129) }) }), /^Invalid nonce - it is longer than 128/);
  });

  it('rejects a bad configuration at setup time', () => {
    const keys = createMemoryKeyStore();
    expect(() => createConsumerKeyAuth({ keys, siteUrl: '127.0.0.1:8080' })).toThrow(/siteUrl/);
    expect(() => createConsumerKeyAuth({ keys, siteUrl: 'ftp://x' })).toThrow(/siteUrl/);
    expect(() => createConsumerKeyAuth({ keys, siteUrl: SITE, window: 0 })).toThrow(/window/);
  });
});

describe('signOAuthUrl', () => {
  it('signs exactly like the independent signer, and the result verifies once', async () => {
    const { auth, ro } = setup();
    const url = `${SITE}${BASE_PATH}/orders?filter[q]=a b+c&page=2`;
    const signedUrl = signOAuthUrl({ method: 'GET', url, ...ro, nonce: 'abc', timestamp: new Date(NOW) });
    const independent = signRequest({
      method: 'GET', url: `${SITE}${BASE_PATH}/orders`, params: [['filter[q]', 'a b c'], ['page', '2']], nonce: 'abc', timestamp: NOW_SECONDS, ...ro,
    });
    expect(new URL(signedUrl).searchParams.get('oauth_signature')).toBe(independent.signature);
    const pathAndQuery = signedUrl.slice(SITE.length);
    expect(await call(auth, { pathAndQuery })).toEqual({ ok: true, caller: reader });
    expectFailure(await call(auth, { pathAndQuery }), /nonce has already been used/);
  });

  it('signs the path as the server verifies it: decoded once, whether the caller encoded it or not', async () => {
    const { auth, ro } = setup();
    for (const path of ['/coupons/code/summer%20sale', '/coupons/code/summer sale', '/coupons/code/caf%C3%A9']) {
      const signedUrl = signOAuthUrl({ method: 'GET', url: `${SITE}${BASE_PATH}${path}?fields=id`, ...ro, timestamp: new Date(NOW) });
      // The path stays as given; only the signature covers the decoded form.
      expect(signedUrl.startsWith(`${SITE}${BASE_PATH}${path}?`)).toBe(true);
      const pathAndQuery = signedUrl.slice(SITE.length).replace(/ /g, '%20');
      expect(await call(auth, { pathAndQuery }), path).toEqual({ ok: true, caller: reader });
    }
    const independent = signRequest({
      method: 'GET', url: `${SITE}${BASE_PATH}/coupons/code/summer sale`, params: [], nonce: 'abc', timestamp: NOW_SECONDS, ...ro,
    });
    const ours = signOAuthUrl({ method: 'GET', url: `${SITE}${BASE_PATH}/coupons/code/summer%20sale`, ...ro, nonce: 'abc', timestamp: new Date(NOW) });
    expect(new URL(ours).searchParams.get('oauth_signature')).toBe(independent.signature);
    expect(() => signOAuthUrl({ method: 'GET', url: `${SITE}/x%E0`, consumerKey: 'ck', consumerSecret: 'cs' })).toThrow(/percent-encoded/);
  });

  it('throws a clear error for a malformed query', () => {
    expect(() => signOAuthUrl({ method: 'GET', url: `${SITE}/x?q=%E0`, consumerKey: 'ck', consumerSecret: 'cs' })).toThrow(/percent-encoded/);
  });
});

describe('createConsumerKeyAuth over HTTPS (key and secret)', () => {
  const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

  it('accepts HTTP Basic and the consumer_key / consumer_secret query parameters', async () => {
    const { auth, ro, rw } = setup();
    expect(await call(auth, { secure: true, pathAndQuery: `${BASE_PATH}/orders`, headers: basic(ro.consumerKey, ro.consumerSecret) })).toEqual({ ok: true, caller: reader });
    const query = `${BASE_PATH}/orders/3?consumer_key=${rw.consumerKey}&consumer_secret=${rw.consumerSecret}`;
    expect(await call(auth, { method: 'PUT', secure: true, pathAndQuery: query })).toEqual({ ok: true, caller: manager });
  });

  it('names a missing key, a missing secret, an unknown key and a wrong secret', async () => {
    const { auth, ro } = setup();
    const orders = `${BASE_PATH}/orders`;
    expectFailure(await call(auth, { secure: true, pathAndQuery: orders }), /^Consumer key is missing\./);
    expectFailure(await call(auth, { secure: true, pathAndQuery: `${orders}?consumer_key=${ro.consumerKey}` }), /^Consumer secret is missing\.$/);
    expectFailure(await call(auth, { secure: true, pathAndQuery: orders, headers: basic('ck_nope', ro.consumerSecret) }), /^Consumer key is invalid\.$/);
    expectFailure(await call(auth, { secure: true, pathAndQuery: orders, headers: basic(ro.consumerKey, `${ro.consumerSecret}x`) }), /^Consumer secret is invalid\.$/);
    expectFailure(await call(auth, { secure: true, pathAndQuery: orders, headers: basic(ro.consumerKey, '') }), /^Consumer secret is missing\.$/);
    expectFailure(await call(auth, { secure: true, pathAndQuery: orders, headers: { authorization: 'Basic !!!' } }), /not hold valid HTTP Basic/);
  });

  it('checks permissions over HTTPS too: a read key doing a PUT', async () => {
    const { auth, ro } = setup();
    const result = await call(auth, { method: 'PUT', secure: true, pathAndQuery: `${BASE_PATH}/orders/1`, headers: basic(ro.consumerKey, ro.consumerSecret) });
    expectFailure(result, /^The API key provided does not have write permissions\.$/);
  });

  it('trusts X-Forwarded-Proto only when told to', async () => {
    const { auth, ro } = setup();
    const headers = { ...basic(ro.consumerKey, ro.consumerSecret), 'X-Forwarded-Proto': 'https' };
    expectFailure(await call(auth, { pathAndQuery: `${BASE_PATH}/orders`, headers }), /refused over plain HTTP/);
    const trusting = setup({ trustForwardedProto: true });
    const trustedHeaders = { ...basic(trusting.ro.consumerKey, trusting.ro.consumerSecret), 'x-forwarded-proto': 'https, http' };
    expect(await call(trusting.auth, { pathAndQuery: `${BASE_PATH}/orders`, headers: trustedHeaders })).toEqual({ ok: true, caller: reader });
    const httpHeaders = { ...basic(trusting.ro.consumerKey, trusting.ro.consumerSecret), 'x-forwarded-proto': 'http' };
    expectFailure(await call(trusting.auth, { pathAndQuery: `${BASE_PATH}/orders`, headers: httpHeaders }), /refused over plain HTTP/);
  });

  it('never puts a credential in a failure message', async () => {
    const { auth, ro } = setup();
    const attempts: Call[] = [
      { secure: true, pathAndQuery: `${BASE_PATH}/orders`, headers: basic(ro.consumerKey, `${ro.consumerSecret}x`) },
      { secure: true, pathAndQuery: `${BASE_PATH}/orders?consumer_key=${ro.consumerKey}x&consumer_secret=${ro.consumerSecret}` },
      { pathAndQuery: `${BASE_PATH}/orders`, headers: basic(ro.consumerKey, ro.consumerSecret) },
      { pathAndQuery: signed({ consumerKey: ro.consumerKey, consumerSecret: 'cs_wrong' }) },
      { pathAndQuery: signed(ro, { timestamp: NOW_SECONDS - 3600 }) },
    ];
    for (const attempt of attempts) {
      const result = await call(auth, attempt);
      expect(result.ok).toBe(false);
      const text = JSON.stringify(result);
      for (const secret of [ro.consumerKey, ro.consumerSecret, ro.consumerKey.slice(3), ro.consumerSecret.slice(3)]) {
        expect(text).not.toContain(secret);
      }
    }
  });
});
