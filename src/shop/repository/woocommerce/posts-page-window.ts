// A page of a posts-storage store without sorting every order. Pages sort by `post_date_gmt`, which no WordPress index
// has, so the page query read and sorted every order of its statuses (25 ms at 100,000 orders). WordPress writes
// `post_date` (in `type_status_date`, per status) as `post_date_gmt` shifted by the site's UTC offset, which lies
// between -12 and +14 hours. Let T be the N newest orders by `post_date` (N = offset + limit) and l the oldest
// `post_date` among them. An order o with `post_date` < l - 26 h has `post_date_gmt` <= its `post_date` + 12 h < l - 14 h,
// while every order of T has `post_date_gmt` >= its `post_date` - 14 h >= l - 14 h: all N orders of T come before o.
// So the N newest by `post_date_gmt`, the page and what it skips, all have `post_date` >= l - 26 h, a range of the
// index per status. The argument needs T's own dates to agree (both present, their difference within the offsets):
// checked on T's rows, and the page is read as before when they do not, when a filter other than statuses applies
// (T would not be the filtered orders' newest), or when N is large.
import type { OrderFilter, Paging } from '../shop-repository';
import { statusesAlone, type SqlParams } from './order-where';
import { selectRows, text, type MysqlQueryable, type WooCommerceTables } from './woocommerce-database';
import { datetimeOf, gmtInstant } from './woocommerce-values';

const HOUR = 3_600_000;
// Pages reaching further than this are read as before (the walks read N rows per status).
const MAX_WINDOWED = 1000;

// A DATETIME as epoch ms; WordPress's zero date (and anything unreadable) as NaN.
const instant = (value: unknown) => Date.parse(gmtInstant(text(value)) ?? '');

/**
 * Adds `o.post_date >= <l - 26 h>` to the conditions of a posts-storage page of `filter` when the argument above holds
 * (one statement: the N newest `post_date` of each status, from the index); otherwise leaves them as they are.
 */
export async function narrowPostsPage(db: MysqlQueryable, t: WooCommerceTables, filter: OrderFilter, paging: Paging, conds: string[], p: SqlParams): Promise<void> {
  if (paging.limit === null) return;
  const n = paging.offset + paging.limit;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_WINDOWED) return;
  const statuses = statusesAlone(filter);
  if (statuses === null || statuses.length === 0) return;
  const walk = `(SELECT o.post_date AS pd, o.post_date_gmt AS pg FROM ${t.posts} o WHERE o.post_type = 'shop_order' AND o.post_status = ? ORDER BY o.post_date DESC LIMIT ${n})`;
  const rows = await selectRows(db, `${statuses.map(() => walk).join(' UNION ALL ')} ORDER BY pd DESC LIMIT ${n}`, statuses.map((s) => `wc-${s}`));
  // Fewer orders than the page reaches: nothing to leave out.
  if (rows.length < n) return;
  for (const r of rows) {
    const local = instant(r.pd);
    const gmt = instant(r.pg);
    if (!Number.isFinite(local) || !Number.isFinite(gmt) || local - gmt > 14 * HOUR || gmt - local > 12 * HOUR) return;
  }
  const oldest = instant(rows[rows.length - 1]!.pd);
  conds.push(`o.post_date >= ${p.add(datetimeOf(oldest - 26 * HOUR))}`);
}
