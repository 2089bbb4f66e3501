import type { ShopRequest } from './http-types';
import { queryString, type QueryMap } from './parse-query';

/** Whether the request really is a HEAD request (its body is dropped at the end, whatever answered it). */
export function isHead(request: ShopRequest): boolean {
  try {
    return typeof request.method === 'string' && request.method.toUpperCase() === 'HEAD';
  } catch {
    return false;
  }
}

/**
 * The method the request is served as: `?_method=` first, then `X-HTTP-Method-Override`, then the real method;
 * uppercase. HEAD stays HEAD (its body is dropped at the end).
 */
export function effectiveMethod(request: ShopRequest, query: QueryMap | undefined): string {
  const real = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  const fromQuery = query === undefined ? undefined : queryString(query, '_method');
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery.toUpperCase();
  const header = headerValue(request, 'x-http-method-override');
  if (header !== undefined && header.trim() !== '') return header.trim().toUpperCase();
  return real;
}

/** A request header by lowercase name, whatever case the adapter kept; the first value of a repeated header. */
export function headerValue(request: ShopRequest, name: string): string | undefined {
  const headers = request.headers;
  if (headers === undefined || headers === null || typeof headers !== 'object') return undefined;
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== name) continue;
    const value = headers[key];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
}

/** The request target reduced to path and query: an absolute-form target (`http://host/path`, as proxies send) loses
 * its scheme and authority. */
export function originFormOf(url: unknown): string {
  return typeof url === 'string' ? url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') : '';
}

/** The raw path of a path-and-query target. */
export function rawPathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/** The route path, URL-decoded once (the legacy server matches decoded paths); undefined when undecodable. */
export function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** A configured base path as routes compare it: leading slash, no trailing slash, '' for the root. */
export function normaliseBasePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
