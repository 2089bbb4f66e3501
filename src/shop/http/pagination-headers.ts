/** What the pagination headers of a listing are computed from. */
export interface PaginationInput {
  /** The store's public URL; its scheme, host and port prefix every link. */
  readonly siteUrl: string;
  /** Whether the request arrived over HTTPS (links then use `https`). */
  readonly secure: boolean;
  /** The request's raw URL (path and query, as received, mount prefix included). */
  readonly url: string;
  /** The requested page (1-based). */
  readonly page: number;
  /** Rows per page, after clamping to the maximum page size. */
  readonly perPage: number;
  /** Number of matching records the caller may read, whatever the page. */
  readonly total: number;
  /** True when `filter[offset]` chose the rows: page links could not move away from it, so none are sent. */
  readonly offsetGiven: boolean;
}

// Query parameters that carry credentials: never copied into a link (the legacy API echoed them).
const CREDENTIAL_PARAM = /^(consumer_key|consumer_secret|oauth_.*)$/i;

/**
 * The pagination headers of `GET /orders` and `GET /coupons`: `X-WC-Total`, `X-WC-TotalPages`, and ONE `Link`
 * header with the `first`, `prev`, `next` and `last` links (RFC 8288, comma-joined) that apply. Links repeat the
 * request's path and query (credentials removed, `page` moved to the end) on the store's public origin, port kept.
 *
 * Unlike the legacy API, the totals are the real ones on a page past the end (it sent 0), `perPage` is the clamped
 * page size (so `limit=-1` gets as many pages as the maximum page size makes; it sent 0 pages and a `page=0` link),
 * and an empty result has no `last` link.
 *
 * @example
 * ```ts
 * paginationHeaders({ siteUrl: 'https://shop.example:8443', secure: false, url: '/wc-api/v1/orders?page=2',
 *   page: 2, perPage: 10, total: 35, offsetGiven: false });
 * // { 'X-WC-Total': '35', 'X-WC-TotalPages': '4', Link: '<https://shop.example:8443/wc-api/v1/orders?page=1>; rel="first", ...' }
 * ```
 */
export function paginationHeaders(input: PaginationInput): Record<string, string> {
  const { page, perPage, total } = input;
  const totalPages = Math.ceil(total / perPage);
  const headers: Record<string, string> = {
    'X-WC-Total': String(total),
    'X-WC-TotalPages': String(totalPages),
  };
  if (input.offsetGiven) return headers;
  const links: string[] = [];
  const url = linkBase(input);
  if (page > 1) {
    links.push(`<${url(1)}>; rel="first"`, `<${url(page - 1)}>; rel="prev"`);
  }
  if (page + 1 <= totalPages) links.push(`<${url(page + 1)}>; rel="next"`);
  if (totalPages >= 1 && page !== totalPages) links.push(`<${url(totalPages)}>; rel="last"`);
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

function linkBase(input: PaginationInput): (page: number) => string {
  const origin = publicOrigin(input.siteUrl, input.secure);
  const q = input.url.indexOf('?');
  const hash = input.url.indexOf('#');
  const path = input.url.slice(0, q >= 0 ? q : hash >= 0 ? hash : undefined);
  const query = q >= 0 ? input.url.slice(q + 1, hash > q ? hash : undefined) : '';
  const kept = query
    .split('&')
    .filter((part) => part !== '' && !isDropped(part))
    .map(uriSafe);
  const prefix = `${origin}${uriSafe(path)}?${kept.map((p) => `${p}&`).join('')}page=`;
  return (page) => `${prefix}${page}`;
}

/**
 * The scheme, host and port of the store's public URL (https when the request was secure).
 *
 * @example
 * ```ts
 * publicOrigin('http://shop.example:8080/blog', false); // 'http://shop.example:8080'
 * ```
 */
export function publicOrigin(siteUrl: string, secure: boolean): string {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return '';
  }
  if (secure) url.protocol = 'https:';
  return url.origin === 'null' ? '' : url.origin;
}

function isDropped(part: string): boolean {
  const eq = part.indexOf('=');
  const name = lenientDecode(eq < 0 ? part : part.slice(0, eq)).trimStart();
  const bracket = name.indexOf('[');
  const base = bracket > 0 ? name.slice(0, bracket) : name;
  return base === 'page' || CREDENTIAL_PARAM.test(base);
}

function lenientDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Percent-encodes what may not appear literally in a URI inside a `Link` header (`<`, `>`, quotes, spaces,
 * non-ASCII, stray `%`); everything the client sent validly encoded stays as sent.
 */
function uriSafe(text: string): string {
  return text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?[\]%]/gu, encodeChar);
}

function encodeChar(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as a UTF-8 decoder would read it
  }
}
