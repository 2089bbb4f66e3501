import type { Coupon } from '../model/coupon';
import type { Customer, Product, StoreSettings } from '../model/shop';
import type { Order, OrderStatus } from '../model/order';
import type { PeriodTotals, ReportRange, TopSellerRow } from '../reports/report-types';
import type { RepositoryRequestScope } from './repository-unavailable';

/**
 * The storage contract of the shop API. The handler and the report functions use nothing else, so any store
 * (memory, PostgreSQL, another service) can serve the API. Methods take typed queries, never raw request data,
 * so a SQL implementation can push filters, counts, paging and aggregates down to the database.
 *
 * Repositories know nothing about callers: record-level permission checks happen in the handler, which also turns
 * what a caller may read into a filter (`OrderFilter.customerId`), so lists, counts and pages cover only that.
 */

/**
 * A half-open time window `[start, end)` of instants.
 *
 * @example
 * ```ts
 * const january: TimeWindow = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-02-01T00:00:00Z') };
 * ```
 */
export interface TimeWindow {
  readonly start: Date;
  readonly end: Date;
}

/**
 * Filters shared by order listing and counting. Every bound is inclusive.
 *
 * @example
 * ```ts
 * const filter: OrderFilter = { statuses: ['processing', 'on-hold'], createdMin: new Date('2026-01-01'), search: searchTerms('ada') };
 * const own: OrderFilter = { customerId: 42 }; // what customer 42 may list
 * ```
 */
export interface OrderFilter {
  /** Statuses to match, as a set; undefined means every defined status. An empty list matches nothing. */
  readonly statuses?: readonly OrderStatus[] | undefined;
  readonly createdMin?: Date | undefined;
  readonly createdMax?: Date | undefined;
  readonly updatedMin?: Date | undefined;
  readonly updatedMax?: Date | undefined;
  /** Search terms (see `searchTerms`); every term must occur in the order's search text. */
  readonly search?: readonly string[] | undefined;
  /**
   * Only the orders of this customer (`order.customerId === customerId`; 0 is the guest orders). The handler sets it
   * for a caller who may read only their own orders, so its lists, counts and pages leave every other order out. A
   * value no order can have (negative, fractional, beyond the safe integers, NaN) matches nothing.
   */
  readonly customerId?: number | undefined;
}

/**
 * Offset/limit paging. Results are always newest first: `createdAt` descending, then `id` descending.
 *
 * @example
 * ```ts
 * const thirdPage: Paging = { offset: 20, limit: 10 };
 * ```
 */
export interface Paging {
  /** Rows to skip (>= 0). */
  readonly offset: number;
  /** Rows to return (>= 1), or null for all remaining rows. */
  readonly limit: number | null;
}

/**
 * Filters shared by coupon listing and counting. Only published coupons are ever matched.
 *
 * @example
 * ```ts
 * const filter: CouponFilter = { search: searchTerms('summer') };
 * ```
 */
export interface CouponFilter {
  readonly createdMin?: Date | undefined;
  readonly createdMax?: Date | undefined;
  readonly updatedMin?: Date | undefined;
  readonly updatedMax?: Date | undefined;
  readonly search?: readonly string[] | undefined;
}

/**
 * A status change with its note, applied atomically by {@link ShopRepository.updateOrderStatus}.
 *
 * @example
 * ```ts
 * await repository.updateOrderStatus(42, { status: 'completed', note: 'Shipped.', at: new Date() });
 * await repository.updateOrderStatus(42, { status: 'on-hold', note: '', at: () => new Date() }); // read inside the lock
 * ```
 */
export interface OrderStatusChange {
  readonly status: OrderStatus;
  /** The caller's note (may be empty); the stored note text is `statusChangeNoteText(note, from, to)`. */
  readonly note: string;
  /**
   * When the change happens, or a clock the repository reads once it holds the order (inside its lock), so that
   * concurrent changes are stamped in the order they apply. The change's time is this instant, or the order's
   * current `updatedAt` when that is later: `updatedAt` never moves backwards (clocks of several processes differ).
   * It becomes `updatedAt`, the note's `createdAt`, and `completedAt` for `completed`.
   */
  readonly at: Date | (() => Date);
}

/**
 * The instant a status change is stamped with: its `at` (read now when it is a clock), or `updatedAt` when later.
 * Call it once the order is held, so concurrent changes are stamped in the order they apply.
 *
 * @example
 * ```ts
 * const when = statusChangeTime(change, order.updatedAt); // never before order.updatedAt
 * ```
 */
export function statusChangeTime(change: OrderStatusChange, updatedAt: Date): Date {
  const at = typeof change.at === 'function' ? change.at() : change.at;
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('updateOrderStatus: change.at is an invalid date');
  return ms >= updatedAt.getTime() ? at : updatedAt;
}

/**
 * One page of orders with what `GET /orders` serves alongside it: see {@link ShopRepository.orderPage}.
 *
 * @example
 * ```ts
 * const { orders, total, products } = await repo.orderPage!({}, { offset: 0, limit: 10 });
 * ```
 */
export interface OrderPage {
  /** Exactly `listOrders(filter, paging)`. */
  readonly orders: readonly Order[];
  /** Exactly `countOrders(filter)`. */
  readonly total: number;
  /**
   * Exactly `getProducts(ids)` for the ids the page's line items name: each item's `variationId` when it has one,
   * else its `productId` (what a line's SKU is read from).
   */
  readonly products: ReadonlyMap<number, Product>;
}

/**
 * The ids {@link OrderPage.products} covers: each line item's `variationId` when it has one, else its `productId`.
 *
 * @example
 * ```ts
 * const products = await repo.getProducts(lineProductIds(orders));
 * ```
 */
export function lineProductIds(orders: readonly Order[]): number[] {
  const ids = new Set<number>();
  for (const order of orders) for (const item of order.lineItems) ids.add(item.variationId ?? item.productId);
  return [...ids];
}

/**
 * The storage contract of the shop API.
 *
 * @example
 * ```ts
 * const repo: ShopRepository = createMemoryRepository(snapshot);
 * const newest = await repo.listOrders({ statuses: ['processing'] }, { offset: 0, limit: 10 });
 * ```
 */
export interface ShopRepository {
  /** Store settings (time zone, currency, site URL). */
  getStore(): Promise<StoreSettings>;

  /** Orders matching the filter, newest first, one page. */
  listOrders(filter: OrderFilter, paging: Paging): Promise<Order[]>;
  /** Number of orders matching the filter, regardless of paging. */
  countOrders(filter: OrderFilter): Promise<number>;
  /**
   * OPTIONAL: `listOrders`, `countOrders` and the page's products in one call, with exactly their answers (see
   * {@link OrderPage}). `GET /orders` uses it when present, so a database answers the request in one statement
   * instead of three; without it the handler makes the three calls.
   */
  orderPage?(filter: OrderFilter, paging: Paging): Promise<OrderPage>;
  /** One order by id, whatever its status, or undefined. */
  getOrder(id: number): Promise<Order | undefined>;
  /**
   * Sets an order's status and records the note in one atomic step, safe under concurrent calls. The time is taken
   * while the order is held ({@link statusChangeTime}), so `updatedAt` never decreases and the notes, ordered by time
   * then id, are ordered as the changes applied.
   * When the order already has that status nothing changes and no note is added.
   * Returns the order as after the change, or undefined when there is no such order (nothing changes then).
   */
  updateOrderStatus(id: number, change: OrderStatusChange): Promise<Order | undefined>;

  /** Published coupons matching the filter, newest first, one page. */
  listCoupons(filter: CouponFilter, paging: Paging): Promise<Coupon[]>;
  /** Number of published coupons matching the filter. */
  countCoupons(filter: CouponFilter): Promise<number>;
  /** One coupon by id, whatever its status (the handler treats unpublished as missing), or undefined. */
  getCoupon(id: number): Promise<Coupon | undefined>;
  /** The newest published coupon whose code equals `code` exactly (case-sensitive), or undefined. */
  getCouponByCode(code: string): Promise<Coupon | undefined>;

  /** The products with these ids that exist (variations included); missing ids are simply absent. */
  getProducts(ids: readonly number[]): Promise<Map<number, Product>>;

  /**
   * Orders created inside the window whose status is one of `statuses`, in any order, streamed so a report
   * folds them in one pass without the repository copying its data.
   */
  ordersCreatedIn(window: TimeWindow, statuses: readonly OrderStatus[]): AsyncIterable<Order>;
  /** Users with the given role registered inside the window, streamed. */
  customersRegisteredIn(window: TimeWindow, role: string): AsyncIterable<Customer>;

  /**
   * OPTIONAL report pushdown (e.g. SQL `GROUP BY`): per-period totals of a sales report, one per `range.labels`
   * entry in order, exactly equal to what `computeSalesReport` folds from `ordersCreatedIn(range, statuses)` and
   * `customersRegisteredIn(range, 'customer')` (definitions in docs/reports.md; periods are local days or months in
   * `range.timeZone`, see `reportPeriodBounds`). `salesReportFor` uses it when present.
   */
  aggregateSales?(range: ReportRange, statuses: readonly OrderStatus[]): Promise<readonly PeriodTotals[]>;
  /**
   * OPTIONAL report pushdown: the top sellers of orders created inside the window with one of `statuses`: line
   * quantities summed per `productId`, only products that still exist (`name` from the product), ordered by quantity
   * descending then product id ascending, at most `limit` rows (`0` = all). `topSellersFor` uses it when present.
   */
  topSellers?(window: TimeWindow, statuses: readonly OrderStatus[], limit: number): Promise<readonly TopSellerRow[]>;

  /**
   * OPTIONAL: a view of this repository for one request. The handler calls it once per routed request (with the
   * request's abort signal, when the adapter gives one) and uses the view for everything the request reads or writes,
   * so a repository can give the request one time budget and stop its work when the client goes away. The PostgreSQL
   * repository does both (see `statementTimeoutMs`); without it the repository itself serves every request.
   */
  forRequest?(scope: RepositoryRequestScope): ShopRepository;
}

/**
 * Whether only the statuses of `filter` decide which orders it selects (no time bound, customer or search term): the
 * filters a backend may answer from counts kept per status. Internal to the repositories.
 */
export function isStatusOnly(filter: OrderFilter): boolean {
  return (
    filter.customerId === undefined &&
    filter.createdMin === undefined &&
    filter.createdMax === undefined &&
    filter.updatedMin === undefined &&
    filter.updatedMax === undefined &&
    (filter.search === undefined || filter.search.length === 0)
  );
}
