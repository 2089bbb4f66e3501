import type { Coupon } from '../../model/coupon';
import type { Order, OrderStatus } from '../../model/order';
import type { Customer, Product, StoreSettings } from '../../model/shop';
import { statusChangeNoteText } from '../../model/status-note';
import { RepositoryUnavailableError, type RepositoryRequestScope } from '../repository-unavailable';
import { isStatusOnly, statusChangeTime, type CouponFilter, type OrderFilter, type OrderStatusChange, type Paging, type ShopRepository, type TimeWindow } from '../shop-repository';
import type { PostgresClient, PostgresQueryable } from './client';
import { couponWhere, hasLiteralLimit, isCustomerOnly, orderWhere, pageClause, Params, windowConds } from './filters';
import { keysetStream } from './keyset-stream';
import { orderPage } from './order-page';
import { arrayLiteral, instantFromMs, isSafeId, isStorableText, msOf, msParam, readInstant, readInt } from './params';
import { aggregateSales, topSellers, type DayZone } from './report-aggregates';
import { moveOrderContribution } from './report-days';
import { COUPON_SELECT, CUSTOMER_SELECT, ORDER_SELECT, readCoupon, readCustomer, readOrder, readProduct, readStore } from './rows';
import { requestBudget } from '../request-budget';
import { createPostgresSession, type PostgresSession } from './session';
import { withReadCache } from './cache/cached-repository';
import { changeFeedOf } from './cache/change-feed';
import { createReadCache, type PostgresReadCacheOptions, type ReadCacheStats } from './cache/read-cache';

/**
 * Options of {@link createPostgresRepository}.
 *
 * @example
 * ```ts
 * const repository = createPostgresRepository({ client: pool, streamChunkSize: 1000 });
 * ```
 */
export interface PostgresRepositoryOptions {
  /** A `pg` Pool or Client, a PGlite instance, or anything else fitting {@link PostgresClient}. */
  readonly client: PostgresClient;
  /** Rows fetched per round trip by the streaming methods (`ordersCreatedIn`, `customersRegisteredIn`); default 500. */
  readonly streamChunkSize?: number | undefined;
  /**
   * The time budget of one request in milliseconds; default {@link DEFAULT_STATEMENT_TIMEOUT_MS} (5,000). Every
   * transaction starts with `SET LOCAL statement_timeout` set to what is left of it (so no server default is needed),
   * and waiting for a pool connection counts against it too. When it runs out the repository throws a
   * `RepositoryUnavailableError`, which `createShopApi` answers with `503` and `Retry-After`. Outside a request
   * (`forRequest`), each call gets the whole budget.
   */
  readonly statementTimeoutMs?: number | undefined;
  /**
   * Whether the fixed-shape reads (the reports from the day rows, the status counts, the unfiltered page, a row by
   * id, the store settings) run as prepared statements on a `pg` Pool's connections; default true. Parsing and
   * planning then happen once per connection instead of once per call, and each such read is ONE round trip: the
   * transaction with the budget settings, `EXECUTE` of the statement (SQL `PREPARE`d the first time on the
   * connection) and `COMMIT` in one simple-protocol query (docs/postgres.md, "One round trip per read").
   * `'protocol'`: the driver's named statements instead (`{ name, text, values }`), a round trip more per read, for
   * PgBouncer 1.21+ in transaction mode with `max_prepared_statements`, which tracks those but not SQL `PREPARE`.
   * `false` behind a pooler that keeps no prepared statements with the client (PgBouncer in transaction mode before
   * 1.21, or with `max_prepared_statements = 0`). PGlite and a single `pg` Client always get plain statements.
   */
  readonly preparedStatements?: boolean | 'protocol' | undefined;
  /**
   * Keep the answers of repeatable reads (store settings, order and coupon counts, order pages, both reports) until
   * the shop changes; default false. Needs a `pg` Pool (the repository opens one connection of its own that LISTENs)
   * or PGlite, and the schema at version 5, whose triggers notify every change, whoever makes it. This repository's
   * own writes drop the cache before they resolve; other processes' writes when their notification arrives. While the listening connection is down, on a hot standby (which cannot LISTEN)
   * or before the first read has started it, every read goes to the database. `close()` ends the connection.
   * See docs/postgres.md, "Read cache".
   */
  readonly readCache?: boolean | PostgresReadCacheOptions | undefined;
}

/**
 * The repository {@link createPostgresRepository} returns: a {@link ShopRepository}, plus the read cache's controls.
 *
 * @example
 * ```ts
 * const repository = createPostgresRepository({ client: pool, readCache: true });
 * await repository.countOrders({});
 * console.log(repository.readCacheStats()); // { hits: 0, misses: 1, entries: 0, live: false } on the first read
 * await repository.close();
 * ```
 */
export interface PostgresRepository extends ShopRepository {
  /** The read cache's counters, or undefined without `readCache`. */
  readCacheStats(): ReadCacheStats | undefined;
  /** Ends the read cache's listening connection (never the client you passed); a no-op without `readCache`. */
  close(): Promise<void>;
}

/**
 * The default request budget of {@link createPostgresRepository}: 5 seconds, far above what the API's index range
 * scans need (see `npm run bench -- postgres`), short enough that a pathological request cannot hold a connection.
 *
 * @example
 * ```ts
 * createPostgresRepository({ client: pool, statementTimeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS * 2 });
 * ```
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * A {@link ShopRepository} over PostgreSQL (a server through `pg`, or embedded PGlite). Filters, search, counts,
 * paging and the report aggregates run as parameterised SQL; nothing loads all rows to count, page or aggregate.
 * The schema must be migrated ({@link migratePostgres}) and loaded (e.g. {@link importShopSnapshot}).
 *
 * Status changes lock the order row (`SELECT ... FOR UPDATE`), take their time while holding it (never before the
 * row's `updated_at`), and write the status and its note in one transaction, so concurrent changes serialise, no note
 * is lost and `updated_at` never moves backwards. See {@link PostgresClient} for how each client kind runs
 * transactions.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createPostgresRepository, createShopApi, migratePostgres } from 'wc-legacy-api/shop';
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * await migratePostgres(pool);
 * const repository = createPostgresRepository({ client: pool });
 * const page = await repository.listOrders({ statuses: ['processing'] }, { offset: 0, limit: 10 });
 * ```
 */
export function createPostgresRepository(options: PostgresRepositoryOptions): PostgresRepository {
  const budgetMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  if (!Number.isFinite(budgetMs) || budgetMs < 1) throw new RangeError(`statementTimeoutMs must be a number of at least 1, got ${budgetMs}`);
  const chunk = Math.max(1, Math.floor(options.streamChunkSize ?? 500));
  const client = options.client;
  const dayZone = cachedDayZone();
  const prepare = options.preparedStatements === 'protocol' ? 'protocol' : options.preparedStatements !== false;
  const forRequest = (scope: RepositoryRequestScope): ShopRepository => {
    // One budget for all the request's work, started now.
    const budget = requestBudget(budgetMs, scope.signal);
    return repositoryOver(createPostgresSession(client, { budget: () => budget, prepare }), chunk, forRequest, dayZone);
  };
  const plain = repositoryOver(createPostgresSession(client, { budget: () => requestBudget(budgetMs), prepare }), chunk, forRequest, dayZone);
  if (options.readCache === undefined || options.readCache === false) {
    return { ...plain, readCacheStats: () => undefined, close: async () => undefined };
  }
  // The feed wakes on the first read and after failures; the cache keeps nothing until the feed is live.
  let feed: ReturnType<typeof changeFeedOf>;
  const cache = createReadCache(options.readCache === true ? {} : options.readCache, () => feed?.wake());
  feed = changeFeedOf(client, { changed: cache.changed, live: cache.setLive });
  if (feed === undefined) throw new TypeError('readCache needs a pg Pool or PGlite as the client: a single connection cannot also LISTEN');
  const opened = feed;
  return { ...withReadCache(plain, cache), readCacheStats: cache.stats, close: () => opened.close() };
}

// The zone of the day rows, shared by every request of one repository: read by the first top-sellers report that
// needs it (through that request's session and budget), kept until a statement finds the rows in another zone.
function cachedDayZone(): (rows: PostgresSession['rows']) => DayZone {
  let known: string | undefined;
  return (rows) => ({
    async get() {
      if (known !== undefined) return known;
      const [row] = await rows('SELECT time_zone FROM shop_report_zone', [], true);
      known = typeof row?.time_zone === 'string' ? row.time_zone : undefined;
      return known;
    },
    forget() {
      known = undefined;
    },
  });
}

// The columns readStore reads, named: a prepared `SELECT *` would fail once a migration adds a column.
const STORE_SELECT = `SELECT name, description, site_url, time_zone, currency, currency_symbol, prices_include_tax, weight_unit,
       dimension_unit FROM shop_store`;

// A write refused because the database takes none (a hot standby: read_only_sql_transaction; a role without the
// write grants: insufficient_privilege) is the deployment's condition, answered 503, not a fault of the request.
function writeOf<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '25006' || code === '42501') {
      throw new RepositoryUnavailableError('read-only', 'the database does not accept this write', { cause: error, retryAfterSeconds: 3600 });
    }
    throw error;
  });
}

function repositoryOver(
  session: PostgresSession,
  chunk: number,
  forRequest: (scope: RepositoryRequestScope) => ShopRepository,
  dayZoneOf: (rows: PostgresSession['rows']) => DayZone,
): ShopRepository {
  const rows = session.rows;
  const dayZone = dayZoneOf(rows);

  const orderById = async (q: PostgresQueryable | null, id: number): Promise<Order | undefined> => {
    const text = `SELECT ${ORDER_SELECT} FROM shop_orders o WHERE o.id = $1`;
    const found = q === null ? await rows(text, [String(id)], true) : ((await q.query(text, [String(id)])).rows as Record<string, unknown>[]);
    return found[0] === undefined ? undefined : readOrder(found[0]);
  };

  const repository: ShopRepository = {
    async getStore(): Promise<StoreSettings> {
      const [row] = await rows(STORE_SELECT, [], true);
      if (row === undefined) throw new Error('The shop schema holds no store settings: import a snapshot first (importShopSnapshot).');
      return readStore(row);
    },

    async listOrders(filter: OrderFilter, paging: Paging): Promise<Order[]> {
      const p = new Params();
      const where = orderWhere(filter, p);
      if (where === null) return [];
      // The page's ids are found first, so the lines (JSON sub-selects) are built for the returned rows only, not
      // for the rows OFFSET skips. Unfiltered, or restricted to one customer only, the plan is the same index walk
      // whatever the values: prepared, with the page size in the text and the generic plan used from the first call
      // (filters.ts, pageClause). Other filters get a plan for their values (a rare status, a short range).
      const fixed = isCustomerOnly(filter);
      const found = await rows(
        `SELECT ${ORDER_SELECT}
           FROM (SELECT o.id FROM shop_orders o WHERE ${where}
                  ORDER BY o.created_at DESC, o.id DESC ${pageClause(paging, p, fixed)}) page
           JOIN shop_orders o ON o.id = page.id
          ORDER BY o.created_at DESC, o.id DESC`,
        p.values,
        fixed && hasLiteralLimit(paging) ? 'generic' : fixed,
      );
      return found.map(readOrder);
    },

    async countOrders(filter: OrderFilter): Promise<number> {
      const p = new Params();
      const where = orderWhere(filter, p);
      if (where === null) return 0;
      if (isStatusOnly(filter)) {
        const s = new Params();
        const only = filter.statuses === undefined ? '' : ` WHERE status = ANY(${s.add(arrayLiteral([...filter.statuses]))}::text[])`;
        const [counted] = await rows(`SELECT coalesce(sum(orders), 0)::text AS n FROM shop_order_status_counts${only}`, s.values, true);
        return readInt(counted?.n ?? 0);
      }
      const [row] = await rows(`SELECT count(*) AS n FROM shop_orders o WHERE ${where}`, p.values);
      return readInt(row?.n ?? 0);
    },

    orderPage: (filter, paging) => orderPage(rows, filter, paging),

    async getOrder(id: number): Promise<Order | undefined> {
      if (!isSafeId(id)) return undefined;
      return orderById(null, id);
    },

    async updateOrderStatus(id: number, change: OrderStatusChange): Promise<Order | undefined> {
      if (!isSafeId(id)) return undefined;
      if (change.at instanceof Date && Number.isNaN(change.at.getTime())) {
        throw new RangeError('updateOrderStatus: change.at is an invalid date');
      }
      if (!isStorableText(change.note)) {
        throw new RangeError('updateOrderStatus: the note holds a NUL character or a lone surrogate, which PostgreSQL text cannot store');
      }
      return writeOf(session.transaction(async (tx) => {
        // The row lock serialises concurrent changes of one order: the second waits, then sees the first's status.
        const locked = (
          await tx.query(`SELECT status, ${msOf('updated_at')} AS updated_ms FROM shop_orders WHERE id = $1 FOR UPDATE`, [String(id)])
        ).rows as { status: OrderStatus; updated_ms: unknown }[];
        const from = locked[0]?.status;
        if (from === undefined) return undefined;
        if (from !== change.status) {
          // Stamped only now, holding the lock, and never before the current updated_at: changes get their times in
          // the order they apply, even when they took their clocks in another order or in other processes.
          const at = msParam(statusChangeTime(change, readInstant(locked[0]!.updated_ms)));
          await tx.query(
            `UPDATE shop_orders
                SET status = $2,
                    updated_at = ${instantFromMs('$3')},
                    completed_at = CASE WHEN $2 = 'completed' THEN ${instantFromMs('$3')} ELSE completed_at END
              WHERE id = $1`,
            [String(id), change.status, at],
          );
          await tx.query(
            `INSERT INTO shop_order_notes (order_id, position, id, created_at, content, customer_note, approved, type)
             SELECT $1, coalesce(max(position) + 1, 0), nextval('shop_order_note_ids'), ${instantFromMs('$2')}, $3, false, true, 'order_note'
               FROM shop_order_notes WHERE order_id = $1`,
            [String(id), at, statusChangeNoteText(change.note, from, change.status)],
          );
          // The report aggregates follow in the same transaction: a failed change leaves them as they were.
          await moveOrderContribution(tx, String(id), from, change.status);
        }
        return orderById(tx, id);
      }));
    },

    async listCoupons(filter: CouponFilter, paging: Paging): Promise<Coupon[]> {
      const p = new Params();
      const where = couponWhere(filter, p);
      if (where === null) return [];
      const found = await rows(
        `SELECT ${COUPON_SELECT} FROM shop_coupons c WHERE ${where}
          ORDER BY c.created_at DESC, c.id DESC ${pageClause(paging, p)}`,
        p.values,
      );
      return found.map(readCoupon);
    },

    async countCoupons(filter: CouponFilter): Promise<number> {
      const p = new Params();
      const where = couponWhere(filter, p);
      if (where === null) return 0;
      const [row] = await rows(`SELECT count(*) AS n FROM shop_coupons c WHERE ${where}`, p.values);
      return readInt(row?.n ?? 0);
    },

    async getCoupon(id: number): Promise<Coupon | undefined> {
      if (!isSafeId(id)) return undefined;
      const [row] = await rows(`SELECT ${COUPON_SELECT} FROM shop_coupons c WHERE c.id = $1`, [String(id)], true);
      return row === undefined ? undefined : readCoupon(row);
    },

    async getCouponByCode(code: string): Promise<Coupon | undefined> {
      if (!isStorableText(code)) return undefined;
      const [row] = await rows(
        `SELECT ${COUPON_SELECT} FROM shop_coupons c WHERE c.code = $1 AND c.status = 'publish'
          ORDER BY c.created_at DESC, c.id DESC LIMIT 1`,
        [code],
      );
      return row === undefined ? undefined : readCoupon(row);
    },

    async getProducts(ids: readonly number[]): Promise<Map<number, Product>> {
      const wanted = [...new Set(ids.filter(isSafeId))];
      const map = new Map<number, Product>();
      if (wanted.length === 0) return map;
      const found = await rows('SELECT id, name, sku, parent_id FROM shop_products WHERE id = ANY($1::bigint[])', [arrayLiteral(wanted)], true);
      for (const row of found) {
        const product = readProduct(row);
        map.set(product.id, product);
      }
      return map;
    },

    ordersCreatedIn(window: TimeWindow, statuses: readonly OrderStatus[]): AsyncIterable<Order> {
      return keysetStream(rows, chunk, 'shop_orders', 'o', ORDER_SELECT, 'created_at', (p) => {
        if (statuses.length === 0) return null;
        const conds = windowConds('o', 'created_at', window, p);
        return conds === null ? null : [...conds, `o.status = ANY(${p.add(arrayLiteral([...statuses]))}::text[])`];
      }, readOrder);
    },

    customersRegisteredIn(window: TimeWindow, role: string): AsyncIterable<Customer> {
      return keysetStream(rows, chunk, 'shop_customers', 'u', CUSTOMER_SELECT, 'registered_at', (p) => {
        if (!isStorableText(role)) return null;
        const conds = windowConds('u', 'registered_at', window, p);
        return conds === null ? null : [...conds, `u.role = ${p.add(role)}`];
      }, readCustomer);
    },

    aggregateSales: (range, statuses) => aggregateSales(rows, range, statuses),
    topSellers: (window, statuses, limit) => topSellers(rows, window, statuses, limit, dayZone),
    forRequest,
  };
  return repository;
}

