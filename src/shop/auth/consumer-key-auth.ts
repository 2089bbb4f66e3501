import { nodeCrypto } from './node-crypto';
import type { Authenticate, AuthenticationContext, AuthenticationResult, ShopRequest } from '../http/http-types';
import { hashConsumerKey, type ConsumerKeyRecord, type ConsumerKeyStore, type KeyPermissions } from './consumer-key-store';
import { createMemoryNonceStore, type NonceStore } from './nonce-store';
import { isOAuthSignatureMethod, oauthBaseString, oauthPercentEncode, oauthSign } from './oauth-signature';
import { lastValueWins, MAX_QUERY_PARAMETERS, rawQueryPairs } from '../http/raw-query-pairs';

/**
 * Options of {@link createConsumerKeyAuth}.
 *
 * @example
 * ```ts
 * const options: ConsumerKeyAuthOptions = { keys, siteUrl: 'https://shop.example', trustForwardedProto: true };
 * ```
 */
export interface ConsumerKeyAuthOptions {
  /** Where the API keys live. */
  readonly keys: ConsumerKeyStore;
  /**
   * The site URL exactly as clients are configured with it (scheme, host, port, sub-directory; e.g.
   * `http://127.0.0.1:8080`). OAuth signatures are checked against this, never against the Host header.
   */
  readonly siteUrl: string;
  /** Used OAuth nonces; default: an in-memory store with a bounded share per key (one per authenticator). */
  readonly nonces?: NonceStore | undefined;
  /** The clock (epoch ms or a Date); default `Date.now`. */
  readonly now?: (() => number | Date) | undefined;
  /** How far an OAuth timestamp may be from `now`, in ms, either way; default 15 minutes. */
  readonly window?: number | undefined;
  /**
   * Count a request as HTTPS when its first `X-Forwarded-Proto` value is `https`. Only enable behind a proxy you
   * control that sets this header itself; a client can send anything.
   */
  readonly trustForwardedProto?: boolean | undefined;
  /**
   * Also accept OAuth signatures made with the RFC 5849 key `secret&` (what `@woocommerce/woocommerce-rest-api` and
   * `woocommerce-api` with a version other than v1/v2 use). Off by default: legacy v1 signs with the bare secret.
   */
  readonly acceptNewerSigningKey?: boolean | undefined;
  /**
   * Also accept a `/wc-api/v1/...` request over plain HTTP signed over the `/wc-api/v3/...` URL with the consumer
   * secret alone: what the Legacy REST API plugin on WooCommerce 9.0+ verifies (its v1 check builds the base string
   * from `get_woocommerce_api_url()`, which 9.0 fixed at `wc-api/v3/`), so clients of such stores sign that way.
   * Default true; it applies only when the base path ends in `/wc-api/v1`. See docs/authentication.md.
   */
  readonly acceptV3SignedUrl?: boolean | undefined;
}

const REQUIRED_OAUTH_PARAMETERS = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
] as const;

/** Where a refused signature's message points: the usual causes of a 401 and their fixes. */
const TROUBLESHOOTING_URL = 'https://github.com/wc-legacy-api/wc-legacy-api/blob/main/docs/troubleshooting.md';

/** Longest nonce accepted, so that the nonce store stays small. oauth-1.0a sends 32 characters. */
const MAX_NONCE_LENGTH = 128;

/**
 * Consumer-key authentication as the legacy WooCommerce REST API v1 does it, for `createShopApi({ authenticate })`.
 *
 * - HTTPS (`secure`, or a trusted `X-Forwarded-Proto: https`): HTTP Basic `consumer_key:consumer_secret`, or the
 *   `consumer_key` and `consumer_secret` query parameters.
 * - Plain HTTP: one-legged OAuth 1.0a with every parameter in the query string, `HMAC-SHA1` or `HMAC-SHA256`, signed
 *   with the consumer secret WITHOUT a trailing `&` (legacy v1), over `siteUrl + basePath + path`.
 *
 * Then the key's permissions must allow the method (GET/HEAD: read; POST/PUT/PATCH/DELETE: write), and the request
 * acts as the key's `caller`. Every failure is `{ ok: false, message }` naming what failed; no message contains a
 * credential. The returned function never rejects.
 *
 * @example
 * ```ts
 * const keys = createMemoryKeyStore();
 * const { consumerKey, consumerSecret } = keys.createKey({ permissions: 'read_write', caller: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES } });
 * const api = createShopApi({ repository, authenticate: createConsumerKeyAuth({ keys, siteUrl: 'http://127.0.0.1:8080' }) });
 * ```
 */
export function createConsumerKeyAuth(options: ConsumerKeyAuthOptions): Authenticate {
  const { keys } = options;
  const windowMs = options.window ?? 15 * 60 * 1000;
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('window must be a positive number of ms');
  const oauthSiteBase = oauthBaseOfSite(options.siteUrl);
  const nonces = options.nonces ?? createMemoryNonceStore();
  const clock = options.now ?? Date.now;
  const now = (): number => {
    const value = clock();
    return typeof value === 'number' ? value : value.getTime();
  };
  const trustForwardedProto = options.trustForwardedProto ?? false;
  const acceptNewerSigningKey = options.acceptNewerSigningKey ?? false;
  const acceptV3SignedUrl = options.acceptV3SignedUrl ?? true;
  const windowText = describeWindow(windowMs);

  const lookUp = async (consumerKey: string): Promise<ConsumerKeyRecord | undefined> =>
    keys.findByKeyHash(hashConsumerKey(consumerKey));

  const viaKeyAndSecret = async (request: ShopRequest, params: ReadonlyMap<string, string>, context: AuthenticationContext) => {
    const basic = basicCredentials(request);
    if (basic === 'malformed') return fail('The Authorization header does not hold valid HTTP Basic credentials.');
    const consumerKey = basic?.user ?? params.get('consumer_key') ?? '';
    const consumerSecret = basic?.password ?? params.get('consumer_secret') ?? '';
    if (consumerKey === '') {
      return fail('Consumer key is missing. Over HTTPS send HTTP Basic credentials or consumer_key and consumer_secret.');
    }
    if (consumerSecret === '') return fail('Consumer secret is missing.');
    const record = await lookUp(consumerKey);
    if (record === undefined) return fail('Consumer key is invalid.');
    if (!sameText(consumerSecret, record.consumerSecret)) return fail('Consumer secret is invalid.');
    return permitted(record, context.method);
  };

  const viaOAuth = async (request: ShopRequest, params: ReadonlyMap<string, string>, context: AuthenticationContext) => {
    if (basicCredentials(request) !== undefined) {
      return fail('HTTP Basic authentication is refused over plain HTTP; use HTTPS or sign the request with OAuth 1.0a.');
    }
    if (params.has('consumer_secret')) {
      return fail('consumer_key/consumer_secret authentication is refused over plain HTTP; use HTTPS or OAuth 1.0a.');
    }
    for (const name of REQUIRED_OAUTH_PARAMETERS) {
      if ((params.get(name) ?? '') === '') return fail(`${name} parameter is missing.`);
    }
    const consumerKey = params.get('oauth_consumer_key') ?? '';
    const signatureMethod = params.get('oauth_signature_method') ?? '';
    // Clients that do not escape `+` in the base64 signature have it arrive as a space.
    const givenSignature = (params.get('oauth_signature') ?? '').replace(/ /g, '+');
    const timestamp = params.get('oauth_timestamp') ?? '';
    const nonce = params.get('oauth_nonce') ?? '';

    const record = await lookUp(consumerKey);
    if (record === undefined) return fail('Consumer key is invalid.');
    if (!isOAuthSignatureMethod(signatureMethod)) {
      return fail('Invalid signature - signature method is invalid; use HMAC-SHA1 or HMAC-SHA256.');
    }
    const pairs = [...params].map(([key, value]) => ({ key, value }));
    const signedUrl = `${oauthSiteBase}${context.basePath}${context.path}`;
    const baseString = oauthBaseString(context.method, signedUrl, pairs);
    const secretKey = oauthPercentEncode(record.consumerSecret);
    // Both key forms are computed and compared in constant time every time, so timing does not tell which matched.
    const legacyKeyMatches = sameText(givenSignature, oauthSign(signatureMethod, baseString, secretKey));
    const newerKeyMatches = sameText(givenSignature, oauthSign(signatureMethod, baseString, `${secretKey}&`));
    // WooCommerce 9.0+ with the Legacy REST API plugin: the v1 check signs the v3 URL, still with the bare secret
    // (never `secret&`: that pairing verifies nowhere for a v1 request). Computed whenever it applies, matched or not.
    const v3Url = v3SignedUrl(oauthSiteBase, context.basePath, context.path);
    const v3BaseString = v3Url === undefined ? undefined : oauthBaseString(context.method, v3Url, pairs);
    const v3Signed = v3BaseString !== undefined && sameText(givenSignature, oauthSign(signatureMethod, v3BaseString, secretKey));
    const v3UrlMatches = v3Signed && acceptV3SignedUrl;
    // The messages say what the server signed (public: the site URL and the request's own method and path) and where
    // the usual causes are explained; never a credential.
    if (newerKeyMatches && !acceptNewerSigningKey && !v3UrlMatches) {
      return fail(
        "Invalid signature - signed with the key 'secret&' of newer clients; this API expects the legacy v1 key (the consumer secret alone): " +
          `use version 'v1' in woocommerce-api, or acceptNewerSigningKey on the server. See ${TROUBLESHOOTING_URL}#signed-with-secret`,
      );
    }
    if (v3Signed && !acceptV3SignedUrl && !legacyKeyMatches) {
      return fail(
        `Invalid signature - signed over ${v3Url} (the URL WooCommerce 9.0+ signs v1 requests over); this API expects ${signedUrl}, ` +
          `or acceptV3SignedUrl on the server. See ${TROUBLESHOOTING_URL}#invalid-signature`,
      );
    }
    if (!legacyKeyMatches && !newerKeyMatches && !v3UrlMatches) {
      return fail(
        `Invalid signature - provided signature does not match. The server signed ${context.method.toUpperCase()} ${signedUrl}; ` +
          `the client must use exactly this site URL and the consumer secret. See ${TROUBLESHOOTING_URL}#invalid-signature`,
      );
    }

    const at = now();
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(at - Number(timestamp) * 1000) > windowMs) {
      return fail(`Invalid timestamp - it must be within ${windowText} of the server time.`);
    }
    if (nonce.length > MAX_NONCE_LENGTH) return fail(`Invalid nonce - it is longer than ${MAX_NONCE_LENGTH} characters.`);
    // Kept until the timestamp itself leaves the window: until then the same request would pass every other check.
    const verdict = await nonces.useOnce(record.consumerKeyHash, nonce, Number(timestamp) * 1000 + windowMs, at);
    if (verdict === 'reused') return fail('Invalid nonce - nonce has already been used.');
    if (verdict === 'full') return fail(`Invalid nonce - this API key has made too many requests within ${windowText}; try again later.`);
    if (verdict !== 'fresh') return fail('Invalid nonce - it cannot be recorded right now; try again later.');
    return permitted(record, context.method);
  };

  return async (request, context) => {
    try {
      const parsed = rawQueryPairs(request.url, MAX_QUERY_PARAMETERS);
      if (!parsed.ok) return fail(parsed.message);
      // One value per name, the last one winning, exactly as the handler reads the query: the real clients send
      // `filter[...]` names twice but sign them once.
      const params = new Map(lastValueWins(parsed.pairs).map(({ key, value }) => [key, value]));
      const secure = context.secure || (trustForwardedProto && forwardedProtoIsHttps(request));
      return await (secure ? viaKeyAndSecret(request, params, context) : viaOAuth(request, params, context));
    } catch {
      // A key or nonce store that throws (database down) must not turn into an unhandled rejection.
      return fail('The API key could not be checked right now; try again later.');
    }
  };
}

function fail(message: string): AuthenticationResult {
  return { ok: false, message };
}

function permitted(record: ConsumerKeyRecord, method: string): AuthenticationResult {
  const needed = permissionNeeded(method);
  if (needed !== undefined && !grants(record.permissions, needed)) {
    return fail(`The API key provided does not have ${needed} permissions.`);
  }
  return { ok: true, caller: record.caller };
}

function permissionNeeded(method: string): 'read' | 'write' | undefined {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
    case 'PUT':
    case 'PATCH':
    case 'DELETE':
      return 'write';
    default:
      // Other verbs reach no route; the handler answers them.
      return undefined;
  }
}

function grants(permissions: KeyPermissions, needed: 'read' | 'write'): boolean {
  return permissions === 'read_write' || permissions === needed;
}

/** Equal-length digests compared with timingSafeEqual, so neither length nor content leaks through timing. */
function sameText(given: string, expected: string): boolean {
  const { createHash, timingSafeEqual } = nodeCrypto();
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function header(request: ShopRequest, name: string): string | undefined {
  const headers = request.headers ?? {};
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== name) continue;
    const value = headers[key];
    return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

function forwardedProtoIsHttps(request: ShopRequest): boolean {
  const value = header(request, 'x-forwarded-proto');
  return value !== undefined && (value.split(',')[0] ?? '').trim().toLowerCase() === 'https';
}

function basicCredentials(request: ShopRequest): { user: string; password: string } | 'malformed' | undefined {
  const value = header(request, 'authorization');
  const match = value === undefined ? null : /^\s*basic(?:\s+(.*))?$/i.exec(value);
  if (match === null) return undefined;
  const token = (match[1] ?? '').trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return 'malformed';
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The site URL as OAuth clients sign it: verbatim (clients do not normalise it), without a trailing `/`, and with an
 * `http` scheme, since OAuth is only used over plain HTTP (the legacy server forces `http` there too).
 */
function oauthBaseOfSite(siteUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(siteUrl);
  } catch {
    throw new TypeError('siteUrl must be an absolute http(s) URL, e.g. http://127.0.0.1:8080');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('siteUrl must use http or https');
  if (parsed.search !== '' || parsed.hash !== '') throw new TypeError('siteUrl must not have a query or fragment');
  return siteUrl.replace(/\/+$/, '').replace(/^https:/i, 'http:');
}

/** The `/wc-api/v3/...` URL WooCommerce 9.0+ signs a v1 request over, when the base path is a `/wc-api/v1` one. */
function v3SignedUrl(siteBase: string, basePath: string, path: string): string | undefined {
  return /\/wc-api\/v1$/.test(basePath) ? `${siteBase}${basePath.slice(0, -2)}v3${path}` : undefined;
}

function describeWindow(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} seconds`;
}
