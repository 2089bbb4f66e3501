/**
 * shopkeep: everything from both halves. Prefer the subpaths `shopkeep/shop` and
 * `shopkeep/cloud-config` so a program loads only the half it uses.
 *
 * @packageDocumentation
 */
export * from './shop/index';
export * from './cloud-config/index';
