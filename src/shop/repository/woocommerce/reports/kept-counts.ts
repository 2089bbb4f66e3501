// Order counts of a filter of statuses alone (`orders/count`, the default page's `X-WC-Total`), kept by the report
// cache between its fingerprint checks. Re-counting is an index scan of every order of the statuses (all 100,000 for
// `orders/count`), so a store taking an order every few seconds would re-count on nearly every request if any save
// dropped the counts. Instead, the rows a save stamped adjust them when their old status is known:
//
// - each count is read together with the highest order id then (`top`, the same statement: one snapshot), so a row
//   with a higher id did not exist when it was counted: its old status is "none" the first time it is seen, and
//   afterwards the status it was last seen with (kept per count, at most MAX_ADDED rows);
// - any other row saved (id <= top: an existing order, whose status before the save is not stored anywhere) drops the
//   count, which is read again by the next request.
//
// What a save cannot show (a hard delete, an unstamped SQL edit) waits for the next fingerprint check, as before.

/** A row `date_updated_gmt` says was saved: its id, `type` and stored `status` now. */
export interface SavedRow {
  readonly id: number;
  readonly type: string;
  readonly status: string;
}

interface KeptCount {
  readonly checked: number;
  n: number;
  readonly top: number;
  /** The stored statuses the count covers (`wc-processing`, ...). */
  readonly statuses: ReadonlySet<string>;
  /** Rows above `top` seen since, and the status each was last seen with. */
  readonly added: Map<number, string>;
}

// New rows followed per count; past this the count is read again (bounded memory on a bulk import).
const MAX_ADDED = 10_000;
// Counts kept: one per distinct statuses filter (there are 2^7 at most), least recently read dropped first.
const MAX_COUNTS = 64;

/** The kept counts of one report cache. */
export class KeptCounts {
  private readonly counts = new Map<string, KeptCount>();

  /** The count under `key` if read at or after `since`. */
  get(key: string, since: number): number | undefined {
    const kept = this.counts.get(key);
    return kept !== undefined && kept.checked >= since ? kept.n : undefined;
  }

  /** Keeps `n` orders of `statuses` (stored names) counted at `checked` when the highest order id was `top`. */
  set(key: string, checked: number, n: number, top: number, statuses: readonly string[]): void {
    this.counts.delete(key);
    this.counts.set(key, { checked, n, top, statuses: new Set(statuses), added: new Map() });
    for (const k of this.counts.keys()) if (this.counts.size > MAX_COUNTS) this.counts.delete(k);
  }

  clear(): void {
    this.counts.clear();
  }

  /** Follows the rows saved since the last look: adjusts each count by new rows, drops it for any other. */
  saved(rows: readonly SavedRow[]): void {
    for (const [key, count] of this.counts) {
      for (const row of rows) {
        if (!(row.id > count.top) || (!count.added.has(row.id) && count.added.size >= MAX_ADDED)) {
          this.counts.delete(key);
          break;
        }
        const counted = (status: string | undefined) => (status !== undefined && count.statuses.has(status) ? 1 : 0);
        const now = row.type === 'shop_order' ? row.status : '';
        count.n += counted(now) - counted(count.added.get(row.id));
        count.added.set(row.id, now);
      }
    }
  }
}
