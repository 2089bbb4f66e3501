/**
 * `wc-legacy-api/shop`: a WooCommerce legacy REST API v1 compatible shop data API.
 *
 * @packageDocumentation
 */
// Shared contracts: the domain model, callers, the repository interface, search and note text, HTTP and report types.
export { ORDER_STATUSES } from './model/order';
export { COUPON_TYPES, COUPON_STATUSES } from './model/coupon';
export type { OrderStatus, Address, BillingAddress, Payment, Order } from './model/order';
export type { CouponType, CouponStatus, Coupon } from './model/coupon';
export type { LineItem, ShippingLine, TaxLine, FeeLine, CouponLine, Refund, OrderNote } from './model/order-lines';
export type { Product, Customer, StoreSettings, ShopSnapshot } from './model/shop';
export {
  CAPABILITIES,
  ANONYMOUS_CALLER,
  SHOP_MANAGER_CAPABILITIES,
  can,
  canReadOrder,
  canEditOrder,
  canReadCoupon,
  orderReadScope,
  couponReadScope,
} from './model/caller';
export type { Capability, Caller, OrderReadScope, CouponReadScope } from './model/caller';
export type { ShopRepository, OrderFilter, CouponFilter, Paging, TimeWindow, OrderStatusChange, OrderPage } from './repository/shop-repository';
export { lineProductIds, statusChangeTime } from './repository/shop-repository';
export { RepositoryUnavailableError } from './repository/repository-unavailable';
export { OrderChangeRefusedError } from './repository/order-change-refused';
export type { RepositoryUnavailableReason, RepositoryRequestScope } from './repository/repository-unavailable';
export {
  foldCase,
  searchTerms,
  searchTermsIssue,
  MAX_SEARCH_TERMS,
  MAX_SEARCH_TERM_LENGTH,
  orderSearchText,
  couponSearchText,
  matchesTerms,
} from './repository/search-text';
export { isStorableText, unstorableTextMessage } from './model/storable-text';
export { statusChangeNoteText } from './model/status-note';
export type { ShopRequest, ShopResponse, Authenticate, AuthenticationContext, AuthenticationResult } from './http/http-types';
// The JSON shop snapshot format and the in-memory repository.
export { loadShopSnapshot } from './snapshot/load-shop-snapshot';
export type { LoadShopSnapshotResult } from './snapshot/load-shop-snapshot';
export { readShopSnapshot, loadShopSnapshotStream } from './snapshot/read-shop-snapshot';
export type { ShopSnapshotSource, ShopSnapshotHead, ShopSnapshotPart, ReadShopSnapshotOptions } from './snapshot/read-shop-snapshot';
export { serializeShopSnapshot } from './snapshot/serialize-shop-snapshot';
export { getShopSnapshotSchema, SNAPSHOT_FORMAT_VERSION } from './snapshot/snapshot-schema';
export type { ShopSnapshotJson, ShopSnapshotJsonInput } from './snapshot/snapshot-schema';
export { formatSnapshotIssue, formatSnapshotPath } from './snapshot/snapshot-issue';
export type { SnapshotIssue, SnapshotIssueCode } from './snapshot/snapshot-issue';
export { createMemoryRepository } from './repository/memory/memory-repository';
export type {
  ReportRange,
  ReportFilter,
  ReportGrouping,
  PeriodTotals,
  SalesReport,
  SalesReportResource,
  SalesPeriodResource,
  TopSellerRow,
  TopSellerResource,
} from './reports/report-types';
// Reports: range resolution, the sales report and the top sellers.
export {
  resolveReportRange,
  reportPeriodBounds,
  REPORT_PERIODS,
  CUSTOM_DAY_GROUPING_MAX_MONTHS,
  MAX_REPORT_PERIODS,
} from './reports/report-range';
export type {
  ReportRangeResult,
  ReportRangeOptions,
  ReportClock,
  InvalidReportDateError,
  ReportRangeTooLargeError,
} from './reports/report-range';
export {
  REPORT_ORDER_STATUSES,
  REPORT_CUSTOMER_ROLE,
  ZERO_PERIOD_TOTALS,
  salesReportWindow,
  computeSalesReport,
  salesReportFromPeriods,
  addPeriodTotals,
  salesReportFor,
  serializeSalesReport,
} from './reports/sales-report';
export {
  DEFAULT_TOP_SELLERS_LIMIT,
  parseTopSellersLimit,
  computeTopSellers,
  topSellersFromOrders,
  topSellersFor,
  serializeTopSellers,
} from './reports/top-sellers';
export type { TopSellerLine, ProductLookup } from './reports/top-sellers';
// Serializers: money and timestamp formats, the order / order note / coupon resources, the `fields` projection.
export { formatMoney } from './resources/format-money';
export { formatTimestamp } from './resources/format-timestamp';
export { serializeOrder } from './resources/serialize-order';
export type { SerializeOrderContext } from './resources/serialize-order';
export { serializeOrderNote, serializeOrderNotes } from './resources/serialize-order-note';
export { serializeCoupon } from './resources/serialize-coupon';
export { applyFields } from './resources/apply-fields';
export type { FieldsProjection, SubFieldsProjection } from './resources/apply-fields';
export type {
  OrderResource,
  LineItemResource,
  ShippingLineResource,
  TaxLineResource,
  FeeLineResource,
  CouponLineResource,
  PaymentDetailsResource,
  AddressResource,
  BillingAddressResource,
  OrderNoteResource,
  CouponResource,
} from './resources/resource-types';
// Consumer-key authentication (HTTP Basic / query keys over HTTPS, OAuth 1.0a over HTTP), key and nonce stores.
export { createConsumerKeyAuth } from './auth/consumer-key-auth';
export type { ConsumerKeyAuthOptions } from './auth/consumer-key-auth';
export { createMemoryKeyStore, generateConsumerKeyPair, hashConsumerKey, newKeyRecord, KEY_PERMISSIONS } from './auth/consumer-key-store';
export type { ConsumerKeyStore, ConsumerKeyRecord, ConsumerKeyPair, KeyPermissions, MemoryKeyStore, NewKeyOptions } from './auth/consumer-key-store';
export { createMemoryNonceStore, DEFAULT_NONCES_PER_KEY } from './auth/nonce-store';
export type { NonceStore, NonceVerdict, MemoryNonceStore, MemoryNonceStoreOptions } from './auth/nonce-store';
export { createPostgresKeyStore } from './auth/postgres-key-store';
export { createWooCommerceKeyStore, type WooCommerceAuthClient, type WooCommerceKeyStoreOptions } from './auth/woocommerce-key-store';
export type { PostgresKeyStore, PostgresKeyStoreOptions, PostgresAuthClient } from './auth/postgres-key-store';
export { createPostgresNonceStore } from './auth/postgres-nonce-store';
export type { PostgresNonceStore, PostgresNonceStoreOptions } from './auth/postgres-nonce-store';
export { OAUTH_SIGNATURE_METHODS, oauthPercentEncode, oauthParameterString, oauthBaseString, oauthSign, signOAuthUrl } from './auth/oauth-signature';
export type { OAuthSignatureMethod, SignOAuthUrlOptions } from './auth/oauth-signature';
export type { QueryPair } from './http/raw-query-pairs';
// The HTTP handler: createShopApi(...).handle(request), its error codes and the query/route helpers adapters reuse.
export { createShopApi, DEFAULT_MAX_PAGE_SIZE } from './http/create-shop-api';
export { DEFAULT_MAX_BODY_BYTES, MAX_BODY_DEPTH } from './http/body-limits';
export { MAX_QUERY_PARAMETERS } from './http/raw-query-pairs';
export type { ShopApi, ShopApiOptions } from './http/create-shop-api';
export { API_ERROR_CODES, shopErrorResponse, JSON_CONTENT_TYPE } from './http/api-error';
export type { ApiErrorCode, ApiError } from './http/api-error';
// The OpenAPI 3.1 document of the API, generated from the route table.
export { createOpenApiDocument } from './http/openapi/create-openapi-document';
export type { OpenApiDocument, OpenApiDocumentOptions } from './http/openapi/openapi-types';
export { parseQuery } from './http/parse-query';
export type { QueryMap, QueryValue, ParseQueryResult } from './http/parse-query';
export { parseFilterDate } from './http/parse-filter-date';
export type { FilterDateResult } from './http/parse-filter-date';
// PostgreSQL: the repository over a user's client (pg Pool/Client or PGlite), migrations and the snapshot import.
export { createPostgresRepository, DEFAULT_STATEMENT_TIMEOUT_MS } from './repository/postgres/postgres-repository';
export type { PostgresRepositoryOptions, PostgresRepository } from './repository/postgres/postgres-repository';
export type { PostgresReadCacheOptions, ReadCacheStats } from './repository/postgres/cache/read-cache';
export { migratePostgres, readPostgresSchemaVersion } from './repository/postgres/migrate';
export type { PostgresMigrationResult, PostgresSchemaState } from './repository/postgres/migrate';
export { importShopSnapshot } from './repository/postgres/import/import-shop-snapshot';
export type { ImportShopSnapshotOptions, ImportShopSnapshotResult, ImportProgress } from './repository/postgres/import/import-snapshot';
export { SnapshotImportError, InvalidSnapshotError, ImportTargetError } from './repository/postgres/import/import-errors';
export type { ImportTargetIssue } from './repository/postgres/import/import-errors';
export type { PostgresClient, PostgresQueryable, PostgresResult, PostgresPooledConnection } from './repository/postgres/client';
export { POSTGRES_MIGRATIONS } from './repository/postgres/migrations/index';
export type { PostgresMigration } from './repository/postgres/migrations/index';
