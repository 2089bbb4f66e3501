/**
 * `shopkeep/shop`: a WooCommerce legacy REST API v1 compatible shop data API.
 *
 * @packageDocumentation
 */
// Shared contracts: the domain model, callers, the repository interface, search and note text, HTTP and report types.
export { ORDER_STATUSES, COUPON_TYPES, COUPON_STATUSES } from './model';
export type {
  OrderStatus,
  CouponType,
  CouponStatus,
  Address,
  BillingAddress,
  LineItem,
  ShippingLine,
  TaxLine,
  FeeLine,
  CouponLine,
  Refund,
  OrderNote,
  Payment,
  Order,
  Coupon,
  Product,
  Customer,
  StoreSettings,
  ShopSnapshot,
} from './model';
export { CAPABILITIES, ANONYMOUS_CALLER, SHOP_MANAGER_CAPABILITIES, can, canReadOrder, canEditOrder, canReadCoupon } from './caller';
export type { Capability, Caller } from './caller';
export type { ShopRepository, OrderFilter, CouponFilter, Paging, TimeWindow, OrderStatusChange } from './repository';
export { foldCase, searchTerms, orderSearchText, couponSearchText, matchesTerms } from './search-text';
export { statusChangeNoteText } from './status-note';
export type { ShopRequest, ShopResponse, Authenticate, AuthenticationContext, AuthenticationResult } from './http-types';
// The JSON shop snapshot format and the in-memory repository.
export { loadShopSnapshot } from './load-shop-snapshot';
export type { LoadShopSnapshotResult } from './load-shop-snapshot';
export { serializeShopSnapshot } from './snapshot-serialize';
export { shopSnapshotSchema, SNAPSHOT_FORMAT_VERSION } from './snapshot-schema';
export type { ShopSnapshotJson, ShopSnapshotJsonInput } from './snapshot-schema';
export { formatSnapshotIssue, formatSnapshotPath } from './snapshot-issue';
export type { SnapshotIssue, SnapshotIssueCode } from './snapshot-issue';
export { createMemoryRepository } from './memory-repository';
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
} from './report-types';
// Reports: range resolution, the sales report and the top sellers.
export { resolveReportRange, reportPeriodBounds, REPORT_PERIODS, CUSTOM_DAY_GROUPING_MAX_MONTHS } from './report-range';
export type { ReportRangeResult, ReportClock, InvalidReportDateError } from './report-range';
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
} from './sales-report';
export {
  DEFAULT_TOP_SELLERS_LIMIT,
  parseTopSellersLimit,
  computeTopSellers,
  topSellersFromOrders,
  topSellersFor,
  serializeTopSellers,
} from './top-sellers';
export type { TopSellerLine, ProductLookup } from './top-sellers';
// Serializers: money and timestamp formats, the order / order note / coupon resources, the `fields` projection.
export { formatMoney } from './format-money';
export { formatTimestamp } from './format-timestamp';
export { serializeOrder } from './serialize-order';
export type { SerializeOrderContext } from './serialize-order';
export { serializeOrderNote, serializeOrderNotes } from './serialize-order-note';
export { serializeCoupon } from './serialize-coupon';
export { applyFields } from './apply-fields';
export type { FieldsProjection, SubFieldsProjection } from './apply-fields';
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
} from './resource-types';
// Consumer-key authentication (HTTP Basic / query keys over HTTPS, OAuth 1.0a over HTTP), key and nonce stores.
export { createConsumerKeyAuth } from './consumer-key-auth';
export type { ConsumerKeyAuthOptions } from './consumer-key-auth';
export { createMemoryKeyStore, generateConsumerKeyPair, hashConsumerKey, KEY_PERMISSIONS } from './consumer-key-store';
export type { ConsumerKeyStore, ConsumerKeyRecord, ConsumerKeyPair, KeyPermissions, MemoryKeyStore, NewKeyOptions } from './consumer-key-store';
export { createMemoryNonceStore } from './nonce-store';
export type { NonceStore, NonceVerdict, MemoryNonceStoreOptions } from './nonce-store';
export { OAUTH_SIGNATURE_METHODS, oauthPercentEncode, oauthParameterString, oauthBaseString, oauthSign, signOAuthUrl } from './oauth-signature';
export type { OAuthSignatureMethod, QueryPair, SignOAuthUrlOptions } from './oauth-signature';
// The HTTP handler: createShopApi(...).handle(request), its error codes and the query/route helpers adapters reuse.
export { createShopApi } from './create-shop-api';
export type { ShopApi, ShopApiOptions } from './create-shop-api';
export { API_ERROR_CODES, shopErrorResponse, JSON_CONTENT_TYPE } from './api-error';
export type { ApiErrorCode, ApiError } from './api-error';
export { parseQuery } from './parse-query';
export type { QueryMap, QueryValue, ParseQueryResult } from './parse-query';
export { parseFilterDate } from './parse-filter-date';
export type { FilterDateResult } from './parse-filter-date';
// PostgreSQL: the repository over a user's client (pg Pool/Client or PGlite), migrations and the snapshot import.
export { createPostgresRepository } from './postgres-repository';
export type { PostgresRepositoryOptions } from './postgres-repository';
export { migratePostgres } from './postgres-migrate';
export type { PostgresMigrationResult } from './postgres-migrate';
export { importShopSnapshot, SnapshotImportError } from './postgres-import';
export type { ImportShopSnapshotOptions, ImportShopSnapshotResult } from './postgres-import';
export type { PostgresClient, PostgresQueryable, PostgresResult, PostgresPooledConnection } from './postgres-client';
export { POSTGRES_MIGRATIONS } from './migrations/index';
export type { PostgresMigration } from './migrations/index';
