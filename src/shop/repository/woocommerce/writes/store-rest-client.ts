// The bridge's client of the store's own REST API (`/wp-json/wc/v3`), used only to forward writes. Web APIs alone
// (fetch, WebCrypto, TextEncoder, AbortController), so it runs wherever the fetch adapter runs. Every call has a
// deadline; every outcome is data (StoreAnswer), never a throw; no message carries a credential.
import { readCappedStream } from '../../../../common/read-capped-stream';

/**
 * Where and how the WooCommerce repository forwards a status change: the store's own REST API and a key of it with
 * write permission (see docs/woocommerce.md "Writes go through WooCommerce").
 *
 * @example
 * ```ts
 * const forwardWritesTo: ForwardWritesOptions = {
 *   restUrl: 'https://store.example/wp-json/wc/v3',
 *   consumerKey: process.env.WC_REST_CONSUMER_KEY!,
 *   consumerSecret: process.env.WC_REST_CONSUMER_SECRET!,
 * };
 * ```
 */
export interface ForwardWritesOptions {
  /** The store's REST API root, e.g. `https://store.example/wp-json/wc/v3` (pretty permalinks). */
  readonly restUrl: string;
  /** A key of the store (`ck_...`) with `write` or `read_write` permission. */
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** Time budget of one forwarded change, all its calls together, in ms (default 10,000). */
  readonly timeoutMs?: number | undefined;
  /**
   * Allow an `http:` restUrl (default false). Over plain HTTP WooCommerce takes OAuth 1.0a signatures instead of the
   * key and secret, which protects the secret but not the order data, and nothing stops a replay of the body on the
   * way: only for a store on the same host or a private network.
   */
  readonly allowPlainHttp?: boolean | undefined;
  /** The fetch to call the store with (default the global `fetch`): a proxy, custom TLS trust, tests. */
  readonly fetch?: typeof fetch | undefined;
}

/** What the store answered one call with. */
export type StoreAnswer =
  | { readonly kind: 'ok'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'error'; readonly status: number; readonly code: string | undefined; readonly retryAfterSeconds: number | undefined }
  | { readonly kind: 'garbage'; readonly status: number; readonly detail: string }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'unreachable'; readonly detail: string }
  | { readonly kind: 'cancelled' };

/** A configured client: `call` never rejects. */
export interface StoreRestClient {
  readonly timeoutMs: number;
  call(method: 'PUT' | 'POST' | 'DELETE', path: string, body: unknown, deadline: number, signal?: AbortSignal): Promise<StoreAnswer>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// An order with its lines is a few KB; a body past this is not the store's REST API answering.
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The client for `options`, checked now: a wrong option throws here, with a message that names no credential. */
export function storeRestClient(options: ForwardWritesOptions): StoreRestClient {
  let url: URL;
  try {
    url = new URL(options.restUrl);
  } catch {
    throw new TypeError('forwardWritesTo.restUrl must be an absolute URL, e.g. https://store.example/wp-json/wc/v3');
  }
  const plain = url.protocol === 'http:';
  if (!plain && url.protocol !== 'https:') throw new TypeError('forwardWritesTo.restUrl must use https');
  if (plain && options.allowPlainHttp !== true) {
    throw new TypeError('forwardWritesTo.restUrl uses plain http: use https, or set allowPlainHttp for a store on a private network (docs/woocommerce.md)');
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new TypeError('forwardWritesTo.restUrl must not hold credentials, a query or a fragment');
  }
  const key = options.consumerKey;
  const secret = options.consumerSecret;
  // Printable ASCII without spaces (WooCommerce's are ck_/cs_ + 40 hex digits); the key without ':' (Basic's separator).
  if (typeof key !== 'string' || !/^[\x21-\x39\x3b-\x7e]+$/.test(key)) throw new TypeError('forwardWritesTo.consumerKey must be a WooCommerce consumer key (ck_...)');
  if (typeof secret !== 'string' || !/^[\x21-\x7e]+$/.test(secret)) throw new TypeError('forwardWritesTo.consumerSecret must be a WooCommerce consumer secret (cs_...)');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 1) throw new RangeError(`forwardWritesTo.timeoutMs must be a number of at least 1, got ${timeoutMs}`);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError('forwardWritesTo.fetch must be a fetch function');
  const doFetch = options.fetch ?? ((input: Parameters<typeof fetch>[0], init?: RequestInit) => globalThis.fetch(input, init));
  const root = url.href.replace(/\/+$/, '');
  const basic = `Basic ${base64(new TextEncoder().encode(`${key}:${secret}`))}`;

  return {
    timeoutMs,
    async call(method, path, body, deadline, signal) {
      const left = deadline - Date.now();
      if (left <= 0) return { kind: 'timeout', ms: timeoutMs };
      if (aborted(signal)) return { kind: 'cancelled' };
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), left);
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const target = `${root}${path}`;
        const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json; charset=utf-8' };
        let requestUrl = target;
        if (plain) requestUrl = await oauthSigned(method, target, key, secret);
        else headers.Authorization = basic;
        const init: RequestInit = { method, headers, signal: controller.signal, redirect: 'manual' };
        if (body !== undefined) init.body = JSON.stringify(body);
        const response = await doFetch(requestUrl, init);
        return await answerOf(response);
      } catch (error) {
        if (aborted(signal)) return { kind: 'cancelled' };
        if (controller.signal.aborted) return { kind: 'timeout', ms: timeoutMs };
        // A fetch of the caller's may name the URL (with the OAuth key) in its message: neither credential goes on.
        return { kind: 'unreachable', detail: describe(error).split(secret).join('[secret]').split(key).join('[key]') };
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

// A function, so the compiler does not keep the narrowing of an earlier check across awaits.
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

async function answerOf(response: Response): Promise<StoreAnswer> {
  const { status } = response;
  // A redirect is not followed: it would resend credentials and bodies somewhere restUrl does not name.
  if (status === 0 || (status >= 300 && status < 400)) {
    await response.body?.cancel();
    return { kind: 'garbage', status, detail: 'the store redirected the call: set restUrl to the final address' };
  }
  const text = await cappedText(response);
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (status >= 200 && status < 300) {
    if (typeof parsed === 'object' && parsed !== null) return { kind: 'ok', status, body: parsed };
    return { kind: 'garbage', status, detail: text === undefined ? 'an answer larger than 4 MB' : 'an answer that is not a JSON object' };
  }
  const code = (parsed as { code?: unknown } | undefined)?.code;
  return {
    kind: 'error',
    status,
    code: typeof code === 'string' && /^[A-Za-z0-9_.-]{1,80}$/.test(code) ? code : undefined,
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
  };
}

/** The body as text, or undefined past MAX_ANSWER_BYTES (the rest is not read). */
async function cappedText(response: Response): Promise<string | undefined> {
  if (response.body === null) return '';
  const bytes = await readCappedStream(response.body, MAX_ANSWER_BYTES);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}

function retryAfter(value: string | null): number | undefined {
  if (value === null || !/^\s*\d{1,5}\s*$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds >= 1 && seconds <= 3600 ? seconds : undefined;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof cause === 'string' ? `${message} (${cause})` : message;
}

/**
 * One-legged OAuth 1.0a as WooCommerce's REST API verifies it over plain HTTP: the parameters in the query, the base
 * string over the URL as requested, HMAC-SHA256 keyed with `secret&` (RFC 5849 with no token; the JSON body is not
 * signed). WebCrypto, so no Node builtin is needed.
 */
async function oauthSigned(method: string, url: string, key: string, secret: string): Promise<string> {
  const [base = url, query] = url.split('?');
  const own: [string, string][] = query === undefined ? [] : [...new URLSearchParams(query)];
  const nonce = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const params: [string, string][] = [
    ['oauth_consumer_key', key],
    ['oauth_nonce', nonce],
    ['oauth_signature_method', 'HMAC-SHA256'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const normalized = [...own, ...params].map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).sort().join('&');
  const baseString = `${method}&${rfc3986(base)}&${rfc3986(normalized)}`;
  const encoder = new TextEncoder();
  const hmacKey = await crypto.subtle.importKey('raw', encoder.encode(`${rfc3986(secret)}&`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = base64(new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(baseString))));
  const signed: [string, string][] = [...own, ...params, ['oauth_signature', signature]];
  return `${base}?${signed.map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).join('&')}`;
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
