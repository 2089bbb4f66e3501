import { nodeCrypto } from './node-crypto';
import { rawQueryPairs, type QueryPair } from '../http/raw-query-pairs';

/**
 * The OAuth 1.0a signature methods the legacy v1 API accepts (compared case-sensitively, as it does).
 *
 * @example
 * ```ts
 * OAUTH_SIGNATURE_METHODS; // ['HMAC-SHA1', 'HMAC-SHA256']
 * ```
 */
export const OAUTH_SIGNATURE_METHODS = ['HMAC-SHA1', 'HMAC-SHA256'] as const;

/**
 * One of {@link OAUTH_SIGNATURE_METHODS}.
 *
 * @example
 * ```ts
 * const method: OAuthSignatureMethod = 'HMAC-SHA256';
 * ```
 */
export type OAuthSignatureMethod = (typeof OAUTH_SIGNATURE_METHODS)[number];

/**
 * RFC 3986 percent-encoding as OAuth 1.0a requires it: every byte of the UTF-8 form except `A-Z a-z 0-9 - . _ ~`.
 *
 * @example
 * ```ts
 * oauthPercentEncode('filter[q]'); // 'filter%5Bq%5D'
 * oauthPercentEncode("it's (50%)"); // 'it%27s%20%2850%25%29'
 * ```
 */
export function oauthPercentEncode(text: string): string {
  // encodeURIComponent leaves !'()* alone; RFC 3986 (and PHP rawurlencode) encode them.
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The OAuth parameter string: every pair except `oauth_signature`, names and values encoded with
 * {@link oauthPercentEncode}, sorted by encoded name (byte order, then by value), joined as `k=v&k=v`.
 *
 * Pairs must already be decoded once and de-duplicated the way the server reads the query (last value wins), because
 * the real clients sign each name once but send `filter[...]` names twice.
 *
 * @example
 * ```ts
 * oauthParameterString([{ key: 'page', value: '2' }, { key: 'filter[limit]', value: '2' }]);
 * // 'filter%5Blimit%5D=2&page=2'
 * ```
 */
export function oauthParameterString(pairs: readonly QueryPair[]): string {
  const encoded = pairs
    .filter((pair) => pair.key !== 'oauth_signature')
    .map((pair) => [oauthPercentEncode(pair.key), oauthPercentEncode(pair.value)] as const);
  // Byte order: encoded text is pure ASCII, so UTF-16 code unit order is byte order.
  encoded.sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return encoded.map(([k, v]) => `${k}=${v}`).join('&');
}

/**
 * The OAuth 1.0a signature base string: `METHOD&enc(baseUri)&enc(parameterString)`.
 *
 * @example
 * ```ts
 * oauthBaseString('GET', 'http://shop.example/wc-api/v1/orders', [{ key: 'filter[limit]', value: '2' }]);
 * // 'GET&http%3A%2F%2Fshop.example%2Fwc-api%2Fv1%2Forders&filter%255Blimit%255D%3D2'
 * ```
 */
export function oauthBaseString(method: string, baseUri: string, pairs: readonly QueryPair[]): string {
  return `${method.toUpperCase()}&${oauthPercentEncode(baseUri)}&${oauthPercentEncode(oauthParameterString(pairs))}`;
}

/**
 * The base64 HMAC of a base string. `signingKey` is used as given: the legacy v1 convention is the percent-encoded
 * consumer secret with NO trailing `&`; RFC 5849 (and newer clients) append `&`.
 *
 * @example
 * ```ts
 * const signature = oauthSign('HMAC-SHA256', baseString, 'cs_0123abcd');
 * ```
 */
export function oauthSign(method: OAuthSignatureMethod, baseString: string, signingKey: string): string {
  const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  return nodeCrypto().createHmac(algorithm, signingKey).update(baseString, 'utf8').digest('base64');
}

/**
 * Whether a text names a supported signature method (case-sensitive).
 *
 * @example
 * ```ts
 * isOAuthSignatureMethod('HMAC-SHA256'); // true
 * isOAuthSignatureMethod('hmac-sha256'); // false
 * ```
 */
export function isOAuthSignatureMethod(text: string): text is OAuthSignatureMethod {
  return (OAUTH_SIGNATURE_METHODS as readonly string[]).includes(text);
}

/**
 * Options of {@link signOAuthUrl}.
 *
 * @example
 * ```ts
 * const options: SignOAuthUrlOptions = { method: 'GET', url: 'http://127.0.0.1:8080/wc-api/v1/orders', consumerKey, consumerSecret };
 * ```
 */
export interface SignOAuthUrlOptions {
  /** The HTTP method the URL will be requested with. */
  readonly method: string;
  /** The full URL, query included, e.g. `http://127.0.0.1:8080/wc-api/v1/orders?filter[limit]=2`. */
  readonly url: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** Default `HMAC-SHA256`. */
  readonly signatureMethod?: OAuthSignatureMethod | undefined;
  /** Default: now. */
  readonly timestamp?: Date | undefined;
  /** Default: 32 random hex digits. */
  readonly nonce?: string | undefined;
}

/**
 * Signs a URL the way a legacy v1 client does (one-legged OAuth 1.0a, parameters in the query, key = the encoded
 * secret without `&`) and returns it with the `oauth_*` parameters added. Handy for curl and scripts; the result is
 * valid once, within the server's timestamp window. The path may be given percent-encoded (`summer%20sale`) or not:
 * the signature covers it decoded once, which is what the server verifies, and the returned URL keeps it as given.
 * Throws a TypeError when the URL's path or query is not valid percent-encoded UTF-8.
 *
 * @example
 * ```ts
 * const url = signOAuthUrl({ method: 'GET', url: 'http://127.0.0.1:8080/wc-api/v1/orders?filter[limit]=2', consumerKey, consumerSecret });
 * await fetch(url);
 * ```
 */
export function signOAuthUrl(options: SignOAuthUrlOptions): string {
  const base = options.url.split(/[?#]/)[0]!;
  const signedBase = decodedPathOf(base);
  const parsed = rawQueryPairs(options.url);
  if (!parsed.ok) throw new TypeError(`signOAuthUrl: ${parsed.message}`);
  const pairs: QueryPair[] = [...parsed.pairs];
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA256';
  pairs.push(
    { key: 'oauth_consumer_key', value: options.consumerKey },
    { key: 'oauth_nonce', value: options.nonce ?? nodeCrypto().randomBytes(16).toString('hex') },
    { key: 'oauth_signature_method', value: signatureMethod },
    { key: 'oauth_timestamp', value: String(Math.floor((options.timestamp ?? new Date()).getTime() / 1000)) },
    { key: 'oauth_version', value: '1.0' },
  );
  const signature = oauthSign(signatureMethod, oauthBaseString(options.method, signedBase, pairs), oauthPercentEncode(options.consumerSecret));
  pairs.push({ key: 'oauth_signature', value: signature });
  return `${base}?${pairs.map(({ key, value }) => `${oauthPercentEncode(key)}=${oauthPercentEncode(value)}`).join('&')}`;
}

/** `scheme://authority` as given, then the path decoded once: the URL the server puts in its base string. */
function decodedPathOf(base: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(base)?.[0] ?? '';
  try {
    return authority + decodeURIComponent(base.slice(authority.length));
  } catch {
    throw new TypeError('signOAuthUrl: the URL path is not valid percent-encoded UTF-8.');
  }
}
