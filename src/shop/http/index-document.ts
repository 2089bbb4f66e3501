import type { StoreSettings } from '../model/shop';
import { ROUTES } from './route';

/** One entry of the index's `routes` map. */
export interface IndexRoute {
  supports: string[];
  accepts_data?: true;
  meta?: { self: string };
}

/** The index document served at `GET {basePath}/`. */
export interface IndexDocument {
  store: {
    name: string;
    description: string;
    URL: string;
    wc_version: string;
    routes: Record<string, IndexRoute>;
    meta: {
      timezone: string;
      currency: string;
      currency_format: string;
      tax_included: boolean;
      weight_unit: string;
      dimension_unit: string;
      ssl_enabled: boolean;
      permalinks_enabled: boolean;
      links: Record<string, string>;
    };
  };
}

/** The interface version the index announces (the spec's "code version 2.1"). */
export const API_VERSION = '2.1';

/**
 * The index document: store information and the API's routes (only the routes this API serves), with the methods
 * each supports, `accepts_data` on the one route that takes a body, and a `self` link for routes without
 * parameters. Keys follow the legacy order.
 *
 * @param store - the store settings.
 * @param apiUrl - the public URL of the base path, e.g. `https://shop.example/wc-api/v1` (no trailing slash).
 * @example
 * ```ts
 * indexDocument(store, 'https://shop.example/wc-api/v1').store.routes['/orders'];
 * // { supports: ['HEAD', 'GET'], meta: { self: 'https://shop.example/wc-api/v1/orders' } }
 * ```
 */
export function indexDocument(store: StoreSettings, apiUrl: string): IndexDocument {
  const routes: Record<string, IndexRoute> = {};
  for (const route of ROUTES) {
    const entry: IndexRoute = { supports: [...route.methods] };
    if (route.acceptsData) entry.accepts_data = true;
    if (!route.template.includes('<')) entry.meta = { self: `${apiUrl}${route.template}` };
    routes[route.template] = entry;
  }
  return {
    store: {
      name: store.name,
      description: store.description,
      URL: store.siteUrl,
      wc_version: API_VERSION,
      routes,
      meta: {
        timezone: store.timeZone,
        currency: store.currency,
        currency_format: htmlEntities(store.currencySymbol),
        tax_included: store.pricesIncludeTax,
        weight_unit: store.weightUnit,
        dimension_unit: store.dimensionUnit,
        ssl_enabled: /^https:/i.test(store.siteUrl),
        permalinks_enabled: true,
        links: {},
      },
    },
  };
}

/** Encodes every character but ASCII letters and digits as a decimal HTML entity, as the legacy symbols are (`&#36;`). */
function htmlEntities(text: string): string {
  let out = '';
  for (const ch of text) out += /[A-Za-z0-9]/.test(ch) ? ch : `&#${ch.codePointAt(0)};`;
  return out;
}
