// A page of orders: the id page as SQL (filters, sort, limit), read whole by read-orders.ts. In posts storage the page
// avoids sorting every order. Pages sort by `post_date_gmt`, which no WordPress index has, so the page query read and
// sorted every order of its statuses (25 ms at 100,000 orders). WordPress writes `post_date` (in `type_status_date`,
// per status) as `post_date_gmt` shifted by the site's UTC offset, which lies between -12 and +14 hours. Let T be the N
// newest orders by `post_date` (N = offset + limit) and l the oldest `post_date` among them. An order o with
// `post_date` < l - 26 h has `post_date_gmt` <= its `post_date` + 12 h < l - 14 h, while every order of T has
// `post_date_gmt` >= its `post_date` - 14 h >= l - 14 h: all N orders of T come before o. So the N newest by
// `post_date_gmt`, the page and what it skips, all have `post_date` >= l - 26 h, a range of the index per status. The
// argument needs T's own dates to agree (both present, their difference within the offsets): checked on T's rows,
// and the page is read as before when they do not, when a filter other than statuses applies (T would not be the
// filtered orders' newest), or when N is large.
//
// Reading T (the window) is a statement of its own. The bound it gives is kept per statuses and N, and the next page
// is read with the kept bound while T is read again beside it, not before it: any bound at or below the fresh
// l - 26 h holds (the page's range then holds the fresh range), so the page stands when the kept bound is at most the
// fresh one, and is read again with the fresh bound otherwise (T's N-th date moved back: an order of the page was
// trashed or changed status). New orders only move l forward, so a kept bound stays good while orders arrive.
import type { Order } from '../../model/order';
import type { StoreSettings } from '../../model/shop';
import type { OrderFilter, Paging } from '../shop-repository';
import { limitClause, orderColumns, orderConditions, SqlParams, statusesAlone } from './order-where';
import { readModelOrders, type PageIdsHint } from './read-orders';
import { selectRows, text, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from './woocommerce-database';
import { datetimeOf, gmtMillis } from './woocommerce-values';

const HOUR = 3_600_000;
// Pages reaching further than this are read as before (the walks read N rows per status).
const MAX_WINDOWED = 1000;
// Bounds kept for this many (statuses, N) pairs, the least recently used dropped.
const KEPT_BOUNDS = 256;

const instant = (value: unknown) => gmtMillis(text(value));

/**
 * The lowest `post_date` (epoch ms) a page of the window's statuses and depth may need, from T's rows: l - 26 h, the
 * oldest `post_date` when there are fewer than N orders (nothing is left out), or undefined when T's dates disagree.
 */
async function readWindow(db: MysqlQueryable, t: WooCommerceTables, statuses: readonly string[], n: number): Promise<number | undefined> {
  const walk = `(SELECT o.post_date AS pd, o.post_date_gmt AS pg FROM ${t.posts} o WHERE o.post_type = 'shop_order' AND o.post_status = ? ORDER BY o.post_date DESC LIMIT ${n})`;
  const rows = await selectRows(db, `${statuses.map(() => walk).join(' UNION ALL ')} ORDER BY pd DESC LIMIT ${n}`, statuses.map((s) => `wc-${s}`));
  if (rows.length === 0) return undefined;
  const oldest = instant(rows[rows.length - 1]!.pd);
  // Fewer orders than the page reaches: every order is in T, a bound at the oldest leaves none out.
  if (rows.length < n) return Number.isFinite(oldest) ? oldest : undefined;
  for (const r of rows) {
    const local = instant(r.pd);
    const gmt = instant(r.pg);
    if (!Number.isFinite(local) || !Number.isFinite(gmt) || local - gmt > 14 * HOUR || gmt - local > 12 * HOUR) return undefined;
  }
  return oldest - 26 * HOUR;
}

/** The bounds of the last pages read, by statuses and depth (see the file's comment). Internal to the bridge. */
export class PostsPageBounds {
  private readonly kept = new Map<string, number | undefined>();

  get(key: string): number | undefined {
    return this.kept.get(key);
  }

  set(key: string, bound: number | undefined): void {
    this.kept.delete(key);
    if (bound === undefined) return;
    this.kept.set(key, bound);
    if (this.kept.size > KEPT_BOUNDS) this.kept.delete(this.kept.keys().next().value!);
  }
}

/** What reading a page needs besides its filter and paging. */
export interface OrderPageContext {
  readonly db: MysqlQueryable;
  readonly t: WooCommerceTables;
  readonly storage: WooCommerceStorage;
  readonly store: StoreSettings;
  readonly hint: PageIdsHint;
  readonly bounds: PostsPageBounds;
}

/** The orders of `filter` on the page `paging`, newest first (creation time, then id). */
export async function readOrderPage(cx: OrderPageContext, filter: OrderFilter, paging: Paging): Promise<Order[]> {
  const { db, t, storage } = cx;
  const p = new SqlParams();
  const conds = orderConditions(t, storage, filter, p);
  if (conds === null) return [];
  const c = orderColumns(t, storage);
  const pageSql = (where: readonly string[], values: unknown[]) => {
    const sql = `SELECT ${c.id} AS id, ${c.created} AS created FROM ${c.from} WHERE ${where.join(' AND ')} ORDER BY ${c.created} DESC, ${c.id} DESC`;
    const q = new SqlParams();
    q.values.push(...values);
    return { sql: `${sql} ${limitClause(paging, q)}`, values: q.values };
  };
  // The page's ids hint (read-orders.ts) is keyed by the page without its bound, so a moved bound keeps the hint.
  const plain = pageSql(conds, p.values);
  const hintKey = JSON.stringify([storage, plain.sql, plain.values]);
  const read = (bound: number | undefined) => {
    const page = bound === undefined ? plain : pageSql([...conds, 'o.post_date >= ?'], [...p.values, datetimeOf(bound)]);
    return readModelOrders(db, t, storage, { page: { ...page, order: 'p.created DESC, p.id DESC', hintKey } }, cx.store, cx.hint);
  };
  const n = paging.limit === null ? Infinity : paging.offset + paging.limit;
  const statuses = storage === 'posts' && Number.isSafeInteger(n) && n >= 1 && n <= MAX_WINDOWED ? statusesAlone(filter) : null;
  if (statuses === null || statuses.length === 0) return read(undefined);
  const key = `${statuses.join(',')} ${n}`;
  const kept = cx.bounds.get(key);
  if (kept === undefined) {
    const bound = await readWindow(db, t, statuses, n);
    cx.bounds.set(key, bound);
    return read(bound);
  }
  const [page, fresh] = await Promise.all([read(kept), readWindow(db, t, statuses, n)]);
  cx.bounds.set(key, fresh);
  return fresh !== undefined && kept <= fresh ? page : read(fresh);
}
