// A ShopRepository over a live WooCommerce database, read-only. Pages and counts select ids with indexed conditions
// (order-where.ts); whole orders are then read for those ids only, by the readers the export uses, and built into the
// model by the snapshot loader's own builder, so an order answers the same through every path.
import { COUPON_STATUSES, COUPON_TYPES, type Coupon } from '../../model/coupon';
import type { Order, OrderStatus } from '../../model/order';
import type { Customer, Product, StoreSettings } from '../../model/shop';
import { SnapshotModelBuilder } from '../../snapshot/snapshot-model';
import { RepositoryUnavailableError, type RepositoryRequestScope } from '../repository-unavailable';
import type { CouponFilter, OrderFilter, OrderStatusChange, Paging, ShopRepository, TimeWindow } from '../shop-repository';
import { requestBudget } from '../request-budget';
import { budgetedQueryable, mysqlFlavor, type MysqlFlavor } from './mysql-budget';
import { couponBase, couponConditions, datetimeWindow, limitClause, orderColumns, orderConditions, SqlParams, timeBound } from './order-where';
import { readCoupons, readCustomers, readProducts } from './read-catalog';
import { OrderPartsCache } from './order-parts-cache';
import { PostsPageBounds, readOrderPage } from './read-order-page';
import { PageIdsHint, readModelOrders } from './read-orders';
import { readStoreSettings } from './read-store-settings';
import { countedOrders, reportCacheFor, reportSales, reportTopSellers, type ReportCacheFor } from './reports/cached-reports';
import { forwardStatusChange } from './writes/forward-status-change';
import type { WooCommerceReportCacheOptions } from './reports/report-day-cache';
import { storeRestClient, type ForwardWritesOptions } from './writes/store-rest-client';
import { isValidTablePrefix, openPool, selectRows, woocommerceTables, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from './woocommerce-database';

/**
 * Options of {@link createWooCommerceRepository}: a connection URL or a pool of your own, and how the store is laid out.
 *
 * @example
 * ```ts
 * const options: WooCommerceRepositoryOptions = { url: 'mysql://reader:secret@db.internal:3306/wordpress', tablePrefix: 'wp_' };
 * ```
 */
export interface WooCommerceRepositoryOptions {
  /** `mysql://USER:PASSWORD@HOST:PORT/DB`: the repository opens a mysql2 pool (`dateStrings`), closed by `close()`. */
  readonly url?: string | undefined;
  /** A mysql2 pool or connection (promise API) created with `dateStrings: true`; yours to close. */
  readonly pool?: MysqlQueryable | undefined;
  /** The store's table prefix (WordPress's `$table_prefix`); default `wp_`. */
  readonly tablePrefix?: string | undefined;
  /** Which order storage to read: `auto` (default) follows `woocommerce_custom_orders_table_enabled`. */
  readonly storage?: 'auto' | WooCommerceStorage | undefined;
  /**
   * The time budget of one request in milliseconds (default 5,000): every statement runs with the server's statement
   * limit set to what is left of it, and past it (or waiting longer for a pool connection) the repository throws a
   * `RepositoryUnavailableError`, which `createShopApi` answers 503 with `Retry-After`.
   */
  readonly statementTimeoutMs?: number | undefined;
  /** Connections of the pool opened for `url` (default 8). */
  readonly connectionLimit?: number | undefined;
  /** Forward status changes to the store's own REST API (default: none, the repository is read-only). */
  readonly forwardWritesTo?: ForwardWritesOptions | undefined;
  /** Report days (and on HPOS status counts) kept in memory, checked against the store (default on): docs/woocommerce.md, "Report cache". */
  readonly reportCache?: boolean | WooCommerceReportCacheOptions | undefined;
  /**
   * Line items (and posts storage's order meta) of paged orders kept while the order's modification time stands
   * (default true): docs/woocommerce.md, "How a page is read".
   */
  readonly keepOrderParts?: boolean | undefined;
}

/**
 * The WooCommerce repository: a read-only {@link ShopRepository}, and `close()` for the pool it opened.
 *
 * @example
 * ```ts
 * const repository: WooCommerceRepository = createWooCommerceRepository({ url });
 * await repository.close();
 * ```
 */
export interface WooCommerceRepository extends ShopRepository {
  /** Ends the pool opened for `options.url` (a pool passed in is left open). */
  close(): Promise<void>;
}

const DEFAULT_BUDGET_MS = 5000;
// Settings (time zone, currency, which storage is authoritative) are read again after this long, so a store that
// switches to HPOS or changes its zone is followed without a restart.
const SETTINGS_TTL_MS = 60_000;
const STREAM_CHUNK = 500;

interface Settings {
  readonly store: StoreSettings;
  readonly storage: WooCommerceStorage;
}

type CouponInput = Parameters<SnapshotModelBuilder['coupon']>[0];

/**
 * A {@link ShopRepository} over a WooCommerce store's database (MySQL 8 / MariaDB 10.6+), orders in the posts tables
 * or in HPOS (`storage: 'auto'` reads `woocommerce_custom_orders_table_enabled`). It answers as the memory repository
 * answers for the same shop: orders WooCommerce hides (trash, `auto-draft`, `checkout-draft`, drafts) and statuses
 * the API does not define are never listed, counted or got; coupons of unknown discount types neither. Filters,
 * counts, paging, search and report sums run in SQL; whole orders are read for the returned ids only. Never writes
 * to the database: a status change in WooCommerce is more than a row update (stock, e-mails, webhooks), so
 * `updateOrderStatus` throws `RepositoryUnavailableError('read-only')` (503), or with `forwardWritesTo` sends the
 * change to the store's REST API and reads the order back (docs/woocommerce.md).
 *
 * @example
 * ```ts
 * import { createShopApi } from 'wc-legacy-api/shop';
 * import { createWooCommerceRepository } from 'wc-legacy-api/woocommerce';
 *
 * const repository = createWooCommerceRepository({ url: process.env.WOOCOMMERCE_DB_URL!, tablePrefix: 'wp_' });
 * const api = createShopApi({ repository });
 * const res = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/count', caller });
 * await repository.close();
 * ```
 */
export function createWooCommerceRepository(options: WooCommerceRepositoryOptions): WooCommerceRepository {
  const prefix = options.tablePrefix ?? 'wp_';
  if (!isValidTablePrefix(prefix)) throw new RangeError(`tablePrefix ${JSON.stringify(prefix)} is not a table prefix (letters, digits and _ only)`);
  if ((options.url === undefined) === (options.pool === undefined)) throw new TypeError('createWooCommerceRepository needs exactly one of url and pool');
  const budgetMs = options.statementTimeoutMs ?? DEFAULT_BUDGET_MS;
  if (!Number.isFinite(budgetMs) || budgetMs < 1) throw new RangeError(`statementTimeoutMs must be a number of at least 1, got ${budgetMs}`);
  const storageOption = options.storage ?? 'auto';
  if (!['auto', 'posts', 'hpos'].includes(storageOption)) throw new RangeError(`storage must be auto, posts or hpos, got ${String(storageOption)}`);
  const url = options.url;
  let opened: Promise<MysqlQueryable & { end(): Promise<void> }> | undefined;
  // The driver's connection, opened on first use when we own it.
  const raw: MysqlQueryable = options.pool ?? {
    query: async (sql, values) => (await (opened ??= openPool(url!, options.connectionLimit ?? 8))).query(sql, values),
  };
  let flavor: Promise<MysqlFlavor> | undefined;
  const flavorOf = (): Promise<MysqlFlavor> => {
    const pending = (flavor ??= mysqlFlavor(raw));
    pending.catch(() => {
      if (flavor === pending) flavor = undefined;
    });
    return pending;
  };
  const t = woocommerceTables(prefix);
  let settings: { at: number; value: Promise<Settings> } | undefined;
  const settingsOf = (db: MysqlQueryable): Promise<Settings> => {
    if (settings !== undefined && Date.now() - settings.at < SETTINGS_TTL_MS) return settings.value;
    const value = readStoreSettings(db, t).then((s) => ({
      store: new SnapshotModelBuilder().store(s.store),
      storage: storageOption === 'auto' ? s.storage : storageOption,
    }));
    const entry = { at: Date.now(), value };
    settings = entry;
    value.catch(() => {
      if (settings === entry) settings = undefined;
    });
    return value;
  };
  const client = options.forwardWritesTo === undefined ? undefined : storeRestClient(options.forwardWritesTo);
  const cacheFor = reportCacheFor(options.reportCache);
  const pages: PageMemory = { hint: new PageIdsHint(256, options.keepOrderParts === false ? undefined : new OrderPartsCache()), bounds: new PostsPageBounds() };
  // Each read of a forwarded change has a budget of its own: the store's answer may take most of the request's.
  const changeFor = (signal?: AbortSignal): ChangeStatus => async (id, change) => {
    if (client === undefined) throw new RepositoryUnavailableError('read-only', 'the WooCommerce bridge is read-only: change orders in WooCommerce', { retryAfterSeconds: 3600 });
    const reads = repositoryOver(() => budgetedQueryable(raw, flavorOf, requestBudget(budgetMs, signal)), t, prefix, settingsOf, forRequest, changeFor(signal), cacheFor, pages);
    return forwardStatusChange(client, id, change, { getOrder: (orderId) => reads.getOrder(orderId), signal });
  };
  const forRequest = (scope: RepositoryRequestScope): ShopRepository => {
    const db = budgetedQueryable(raw, flavorOf, requestBudget(budgetMs, scope.signal));
    return repositoryOver(() => db, t, prefix, settingsOf, forRequest, changeFor(scope.signal), cacheFor, pages);
  };
  const repository = repositoryOver(() => budgetedQueryable(raw, flavorOf, requestBudget(budgetMs)), t, prefix, settingsOf, forRequest, changeFor(), cacheFor, pages);
  return {
    ...repository,
    async close() {
      if (opened !== undefined) await (await opened).end();
    },
  };
}

const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((r) => Number(r.id));
// What pages remember across requests: each page's ids (and kept line items), and posts storage's page bounds.
type PageMemory = { readonly hint: PageIdsHint; readonly bounds: PostsPageBounds };
type ChangeStatus = (id: number, change: OrderStatusChange) => Promise<Order | undefined>;

function repositoryOver(
  dbFor: () => MysqlQueryable,
  t: WooCommerceTables,
  prefix: string,
  settingsOf: (db: MysqlQueryable) => Promise<Settings>,
  forRequest: (scope: RepositoryRequestScope) => ShopRepository,
  changeStatus: ChangeStatus,
  cacheFor: ReportCacheFor,
  pages: PageMemory,
): ShopRepository {
  async function ordersOf(db: MysqlQueryable, s: Settings, ids: readonly number[]): Promise<Order[]> {
    return readModelOrders(db, t, s.storage, { ids }, s.store);
  }

  async function couponsOf(db: MysqlQueryable, s: Settings, ids: readonly number[]): Promise<Coupon[]> {
    const build = new SnapshotModelBuilder();
    const byId = new Map((await readCoupons(db, t, s.store.timeZone, ids)).map((c) => [c.id, c]));
    const out: Coupon[] = [];
    for (const id of ids) {
      const c = byId.get(id);
      const known = c !== undefined && (COUPON_TYPES as readonly string[]).includes(c.type) && (COUPON_STATUSES as readonly string[]).includes(c.status);
      if (known) out.push(build.coupon(c as unknown as CouponInput));
    }
    return out;
  }

  async function couponIdsPage(db: MysqlQueryable, filter: CouponFilter, paging: Paging): Promise<number[]> {
    const p = new SqlParams();
    const conds = couponConditions(t, filter, p);
    if (conds === null) return [];
    const rows = await selectRows(db, `SELECT c.ID AS id FROM ${t.posts} c WHERE ${conds.join(' AND ')} ORDER BY c.post_date_gmt DESC, c.ID DESC ${limitClause(paging, p)}`, p.values);
    return idsOf(rows);
  }

  return {
    getStore: async () => (await settingsOf(dbFor())).store,

    async listOrders(filter, paging) {
      const db = dbFor();
      const s = await settingsOf(db);
      return readOrderPage({ db, t, storage: s.storage, store: s.store, ...pages }, filter, paging);
    },

    async countOrders(filter) {
      const db = dbFor();
      const s = await settingsOf(db);
      const p = new SqlParams();
      const conds = orderConditions(t, s.storage, filter, p);
      if (conds === null) return 0;
      const c = orderColumns(t, s.storage);
      // With the highest order id of the same snapshot when the count is to be kept (reports/kept-counts.ts).
      const read = async (withTop: boolean) => {
        const top = withTop ? `, (SELECT MAX(id) FROM ${t.orders}) AS top` : '';
        const [row] = await selectRows(db, `SELECT COUNT(*) AS n${top} FROM ${c.from} WHERE ${conds.join(' AND ')}`, p.values);
        return { n: Number(row?.n ?? 0), top: Number(row?.top ?? 0) };
      };
      // HPOS counts follow its saves (kept-counts.ts), posts counts its order notes and ids (posts-counts.ts).
      const cache = cacheFor(s.storage);
      const posts = cache && { counts: cache.postsCounts, where: conds.join(' AND '), values: p.values };
      return s.storage === 'hpos' ? countedOrders(cache, db, t, filter, read) : countedOrders(undefined, db, t, filter, read, posts);
    },

    async getOrder(id) {
      if (!Number.isSafeInteger(id) || id < 1) return undefined;
      const db = dbFor();
      const s = await settingsOf(db);
      const c = orderColumns(t, s.storage);
      const found = idsOf(await selectRows(db, `SELECT ${c.id} AS id FROM ${c.from} WHERE ${c.base} AND ${c.id} = ?`, [id]));
      return (await ordersOf(db, s, found))[0];
    },

    // Never a row update: in WooCommerce a status change also moves stock, coupon usage and e-mails (docs/woocommerce.md).
    updateOrderStatus: changeStatus,

    async listCoupons(filter, paging) {
      const db = dbFor();
      const s = await settingsOf(db);
      return couponsOf(db, s, await couponIdsPage(db, filter, paging));
    },

    async countCoupons(filter) {
      const db = dbFor();
      const p = new SqlParams();
      const conds = couponConditions(t, filter, p);
      if (conds === null) return 0;
      const [row] = await selectRows(db, `SELECT COUNT(*) AS n FROM ${t.posts} c WHERE ${conds.join(' AND ')}`, p.values);
      return Number(row?.n ?? 0);
    },

    async getCoupon(id) {
      if (!Number.isSafeInteger(id) || id < 1) return undefined;
      const db = dbFor();
      return (await couponsOf(db, await settingsOf(db), [id]))[0];
    },

    async getCouponByCode(code) {
      const db = dbFor();
      const s = await settingsOf(db);
      // Exact and case-sensitive, as the contract says: bytes, not the table's case-insensitive collation.
      const rows = await selectRows(
        db,
        `SELECT c.ID AS id FROM ${t.posts} c WHERE ${couponBase(t)} AND c.post_status = 'publish' AND CAST(c.post_title AS BINARY) = CAST(? AS BINARY)
          ORDER BY c.post_date_gmt DESC, c.ID DESC LIMIT 1`,
        [code],
      );
      return (await couponsOf(db, s, idsOf(rows)))[0];
    },

    async getProducts(ids) {
      const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
      const found = new Map<number, Product>();
      if (wanted.length === 0) return found;
      const build = new SnapshotModelBuilder();
      for (const p of await readProducts(dbFor(), t, wanted)) found.set(p.id, build.product(p));
      return found;
    },

    ordersCreatedIn(window: TimeWindow, statuses: readonly OrderStatus[]): AsyncIterable<Order> {
      return {
        async *[Symbol.asyncIterator]() {
          const db = dbFor();
          const s = await settingsOf(db);
          const c = orderColumns(t, s.storage);
          // Keyset pages of ids in (created, id) order, then the orders of each page.
          let after: { created: string; id: number } | undefined;
          for (;;) {
            const p = new SqlParams();
            const conds = orderConditions(t, s.storage, { statuses }, p);
            const start = timeBound(c.created, '>=', window.start, p);
            const end = timeBound(c.created, '<', window.end, p);
            if (conds === null || start === null || end === null) return;
            conds.push(start, end);
            if (after !== undefined) conds.push(`(${c.created} > ${p.add(after.created)} OR (${c.created} = ${p.add(after.created)} AND ${c.id} > ${p.add(after.id)}))`);
            const rows = await selectRows(
              db,
              `SELECT ${c.id} AS id, ${c.created} AS created FROM ${c.from} WHERE ${conds.join(' AND ')} ORDER BY ${c.created}, ${c.id} LIMIT ${STREAM_CHUNK}`,
              p.values,
            );
            if (rows.length === 0) return;
            yield* await ordersOf(db, s, idsOf(rows));
            const last = rows[rows.length - 1]!;
            after = { created: String(last.created), id: Number(last.id) };
            if (rows.length < STREAM_CHUNK) return;
          }
        },
      };
    },

    customersRegisteredIn(window: TimeWindow, role: string): AsyncIterable<Customer> {
      return {
        async *[Symbol.asyncIterator]() {
          const bounds = datetimeWindow(window);
          if (bounds === null) return;
          const build = new SnapshotModelBuilder();
          for (const c of await readCustomers(dbFor(), t, prefix, bounds)) if (c.role === role) yield build.customer(c);
        },
      };
    },

    aggregateSales: async (range, statuses) => {
      const db = dbFor();
      const s = await settingsOf(db);
      return reportSales(cacheFor(s.storage), db, t, s.storage, prefix, range, statuses);
    },
    topSellers: async (window, statuses, limit) => {
      const db = dbFor();
      const s = await settingsOf(db);
      return reportTopSellers(cacheFor(s.storage), db, t, s.storage, window, s.store.timeZone, statuses, limit);
    },
    forRequest,
  };
}
