// The saved parts of recently read orders (line items, and in posts storage the orders' own meta), kept as read (the
// lines built, the meta's first values) with the order's modification time, so a page read again does not read their
// item meta again (most of a page's work on the server: about 40 meta rows per order, reached through the item ids,
// which no WooCommerce index covers) nor the 30-odd `wp_postmeta` rows each posts-storage order keeps its totals and
// addresses in, nor build them again. Every other part of the page (head rows, notes, refunds) is read from the
// database on every request.
//
// When kept parts are used: only when the order's head row, read in the same request, carries the same modification
// time (`wc_orders.date_updated_gmt`, posts `post_modified_gmt`) as when they were read. WooCommerce saves the order,
// and so moves that time, whenever it changes its items (the admin's item editor and the REST API recalculate and save
// the order) or its meta (its posts data store moves `post_modified_gmt` on every save, then writes the meta). Two
// guards cover what the time cannot tell: that time counts whole seconds, so parts of an order modified in the last
// two minutes (by this process's clock) are never kept, as a second change within the same second would not move it
// (and a save moves the time before it writes the meta); and nothing is kept longer than a minute, the bound for a
// plugin that writes item or order meta without saving the order. docs/woocommerce.md, "How a page is read".
import type { SavedParts } from './read-order-details';

interface Kept {
  readonly version: string;
  readonly at: number;
  readonly parts: SavedParts;
}

/** Parts of orders modified this recently are never kept. */
const SETTLED_MS = 120_000;
/** Nothing kept is older than this. */
const MAX_AGE_MS = 60_000;

/**
 * The saved parts of at most `capacity` orders (the oldest kept dropped first). Internal to the bridge.
 */
export class OrderPartsCache {
  private readonly kept = new Map<number, Kept>();
  constructor(private readonly capacity = 2000) {}

  /** Whether anything is kept for the order (whatever its version): a guess of what a request will not read. */
  has(id: number): boolean {
    return this.kept.has(id);
  }

  /** The parts kept for the order at `version`, or undefined (none, another version, too old). */
  get(id: number, version: string, now = Date.now()): SavedParts | undefined {
    const k = this.kept.get(id);
    if (k === undefined) return undefined;
    if (k.version !== version || now - k.at > MAX_AGE_MS) {
      this.kept.delete(id);
      return undefined;
    }
    return k.parts;
  }

  /**
   * Keeps each order's parts of `read` under its version, unless its modification time (epoch ms, from the version) is
   * too recent or unknown.
   */
  keep(read: ReadonlyMap<number, SavedParts>, versions: ReadonlyMap<number, { version: string; modifiedMs: number | undefined }>, now = Date.now()): void {
    for (const [id, parts] of read) {
      const v = versions.get(id);
      if (v === undefined || v.modifiedMs === undefined || now - v.modifiedMs < SETTLED_MS) continue;
      this.kept.delete(id);
      this.kept.set(id, { version: v.version, at: now, parts });
      if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    }
  }
}
