/**
 * wc-legacy-api: everything from both halves. Prefer the subpaths `wc-legacy-api/shop` and
 * `wc-legacy-api/cloud-config` so a program loads only the half it uses.
 *
 * @packageDocumentation
 */
export * from './shop/index';
export * from './cloud-config/index';
