// The WooCommerce bridge: reads a live WooCommerce database (read-only).
export {
  exportWooCommerceSnapshot,
  readWooCommerceSnapshot,
  type WooCommerceExportOptions,
  type WooCommerceSnapshotJson,
  type WooCommerceSnapshotPart,
} from './export-woocommerce-snapshot';
export { WooCommerceStoreError, storeTimeZone } from './read-store-settings';
export { readPhpSerialized, type PhpValue, type PhpArray } from './php-unserialize';
export type { MysqlQueryable, WooCommerceStorage } from './woocommerce-database';
export { createWooCommerceRepository, type WooCommerceRepository, type WooCommerceRepositoryOptions } from './woocommerce-repository';
export type { ForwardWritesOptions } from './writes/store-rest-client';
export type { WooCommerceReportCacheOptions } from './reports/report-day-cache';
