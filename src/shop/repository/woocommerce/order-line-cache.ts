// The line items of recently read orders (and in posts storage the orders' own meta), kept with the order's
// modification time, so a page read again does not read their item meta again (most of a page's work on the server:
// about 40 meta rows per order, reached through the item ids, which no WooCommerce index covers) nor the 30-odd
// `wp_postmeta` rows each posts-storage order keeps its totals and addresses in. Every other part of the page (head
// rows, notes, refunds) is read from the database on every request.
//
// When kept parts are used: only when the order's head row, read in the same request, carries the same modification
// time (`wc_orders.date_updated_gmt`, posts `post_modified_gmt`) as when they were read. WooCommerce saves the order,
// and so moves that time, whenever it changes its items (the admin's item editor and the REST API recalculate and save
// the order) or its meta (its posts data store moves `post_modified_gmt` on every save, then writes the meta). Two guards cover what the time cannot tell: that time counts whole seconds, so lines of an order modified
// in the last two minutes (by this process's clock) are never kept, as a second change within the same second would
// not move it (and a save moves the time before it writes the meta); and nothing is kept longer than a minute, the
// bound for a plugin that writes item or order meta without saving the order. docs/woocommerce.md, "How a page is read".
import type { ItemRows } from './read-order-details';
import type { DetailRow } from './read-order-lines';

interface Kept {
  readonly version: string;
  readonly at: number;
  readonly rows: ItemRows;
}

/** Lines of orders modified this recently are never kept. */
const SETTLED_MS = 120_000;
/** Nothing kept is older than this. */
const MAX_AGE_MS = 60_000;

/**
 * The item rows of at most `capacity` orders (the oldest kept dropped first). Internal to the bridge.
 */
export class OrderLineCache {
  private readonly kept = new Map<number, Kept>();
  constructor(private readonly capacity = 2000) {}

  /** Whether anything is kept for the order (whatever its version): a guess of what a request will not read. */
  has(id: number): boolean {
    return this.kept.has(id);
  }

  /** The rows kept for the order at `version`, or undefined (none, another version, too old). */
  get(id: number, version: string, now = Date.now()): ItemRows | undefined {
    const k = this.kept.get(id);
    if (k === undefined) return undefined;
    if (k.version !== version || now - k.at > MAX_AGE_MS) {
      this.kept.delete(id);
      return undefined;
    }
    return k.rows;
  }

  /**
   * Keeps each order's rows of `read` (item rows of the orders `ids`) under its version, unless its modification time
   * (epoch ms, from the version) is too recent or unknown.
   */
  keep(ids: readonly number[], read: ItemRows, versions: ReadonlyMap<number, { version: string; modifiedMs: number | undefined }>, now = Date.now()): void {
    const byOrder = new Map<number, { items: DetailRow[]; meta: DetailRow[]; orderMeta: DetailRow[] }>(ids.map((id) => [id, { items: [], meta: [], orderMeta: [] }]));
    const orderOfItem = new Map<number, number>();
    for (const item of read.items) {
      byOrder.get(item.owner)?.items.push(item);
      orderOfItem.set(item.id, item.owner);
    }
    for (const m of read.meta) {
      const order = orderOfItem.get(m.owner);
      if (order !== undefined) byOrder.get(order)?.meta.push(m);
    }
    for (const m of read.orderMeta) byOrder.get(m.owner)?.orderMeta.push(m);
    for (const [id, rows] of byOrder) {
      const v = versions.get(id);
      if (v === undefined || v.modifiedMs === undefined || now - v.modifiedMs < SETTLED_MS) continue;
      this.kept.delete(id);
      this.kept.set(id, { version: v.version, at: now, rows });
      if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    }
  }
}

/** Item rows of several orders as one, each kind in id order (as a statement returns them). */
export function mergeItemRows(parts: readonly ItemRows[]): ItemRows {
  if (parts.length === 1) return parts[0]!;
  const byId = (x: DetailRow, y: DetailRow) => x.id - y.id;
  const all = (kind: keyof ItemRows) => parts.flatMap((p) => p[kind]).sort(byId);
  return { items: all('items'), meta: all('meta'), orderMeta: all('orderMeta') };
}
