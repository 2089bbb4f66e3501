// Order counts of a filter of statuses alone (`orders/count`, the default page's `X-WC-Total`) on a posts-storage
// store, kept between requests. No index holds posts' update times, so saves cannot be followed as on HPOS
// (kept-counts.ts). Two primary keys tell instead what happened since a count was read: the highest post id (a new
// order has a higher one) and the highest comment id (WooCommerce writes an order note at every status transition of
// an order, `WC_Order::status_transition`). Each request reads both maxima (one statement); when neither moved, the
// kept count stands; when the order notes since are all on posts newer than the count, the new orders are added by
// their status; a note on an older order drops the count (its earlier status is stored nowhere). What leaves neither a
// note nor a new id (a trash, a hard delete, a status changed by SQL; an order whose id was taken before the count
// but committed after it) waits for `verifyEveryMs`, after which every count is read again.
import { selectRows, text, type MysqlQueryable, type WooCommerceTables } from '../woocommerce-database';

interface Kept {
  n: number;
  post: number;
  comment: number;
  readonly at: number;
  readonly statuses: ReadonlySet<string>;
}

// Counts kept: one per distinct statuses filter (2^7 at most), the oldest dropped first.
const MAX_COUNTS = 64;

const maxima = (t: WooCommerceTables) =>
  `(SELECT COALESCE(MAX(ID), 0) FROM ${t.posts}) AS p, (SELECT COALESCE(MAX(comment_ID), 0) FROM ${t.comments}) AS c`;

/** The kept counts of one repository over a posts-storage store; see the file comment. */
export class PostsCounts {
  private readonly kept = new Map<string, Kept>();
  constructor(
    private readonly verifyEveryMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every count (the store switched storage). */
  clear(): void {
    this.kept.clear();
  }

  /** The count of orders under `where` (over `posts o`), which selects the stored `statuses`; `key` names the filter. */
  async count(db: MysqlQueryable, t: WooCommerceTables, key: string, statuses: readonly string[], where: string, values: unknown[]): Promise<number> {
    const now = this.now();
    const k = this.kept.get(key);
    if (k !== undefined && now - k.at < this.verifyEveryMs) {
      const [m] = await selectRows(db, `SELECT ${maxima(t)}`);
      const post = Number(m?.p ?? 0);
      const comment = Number(m?.c ?? 0);
      if (post === k.post && comment === k.comment) return k.n;
      if (post >= k.post && comment >= k.comment) {
        // Whether any order note since is on an order the count has seen, and the new orders per status: one row and
        // at most one row per status, however many comments or posts came since.
        const [older, added] = await Promise.all([
          selectRows(db, `SELECT 1 AS x FROM ${t.comments} WHERE comment_ID > ? AND comment_ID <= ? AND comment_type = 'order_note' AND comment_post_ID <= ? LIMIT 1`, [k.comment, comment, k.post]),
          selectRows(db, `SELECT post_status AS s, COUNT(*) AS n FROM ${t.posts} WHERE ID > ? AND ID <= ? AND post_type = 'shop_order' GROUP BY post_status`, [k.post, post]),
        ]);
        if (older.length === 0) {
          for (const r of added) if (k.statuses.has(text(r.s))) k.n += Number(r.n);
          k.post = post;
          k.comment = comment;
          return k.n;
        }
      }
    }
    // The count and both maxima from one statement: one snapshot.
    const [r] = await selectRows(db, `SELECT COUNT(*) AS n, ${maxima(t)} FROM ${t.posts} o WHERE ${where}`, values);
    const fresh: Kept = { n: Number(r?.n ?? 0), post: Number(r?.p ?? 0), comment: Number(r?.c ?? 0), at: now, statuses: new Set(statuses) };
    this.kept.delete(key);
    if (this.verifyEveryMs > 0) this.kept.set(key, fresh);
    for (const old of this.kept.keys()) if (this.kept.size > MAX_COUNTS) this.kept.delete(old);
    return fresh.n;
  }
}
