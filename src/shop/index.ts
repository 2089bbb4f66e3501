/**
 * `shopkeep/shop`: a WooCommerce legacy REST API v1 compatible shop data API.
 *
 * @packageDocumentation
 */
export {};
