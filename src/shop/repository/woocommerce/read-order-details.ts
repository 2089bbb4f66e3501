// Everything of an order but its head row, for a list of orders, in two statements sent together: what WooCommerce
// writes when it saves the order (line items and their meta, and in posts storage the order's own meta) in one, notes
// and their `is_customer_note` meta, refunds and their meta in the other (written beside the order, without saving it).
// Each part is a branch of a UNION ALL of five columns (kind, owner, id, two values), so a page costs one round trip
// for all of it instead of one per part (docs/woocommerce.md, "How a page is read").
//
// No ORDER BY: sorting rows that carry TEXT values makes MariaDB sort the UNION's result in a filesort on every page
// (EXPLAIN: `UNION RESULT ... Using filesort`). Rows are sorted here by their
// ids instead, which is the order the readers need: items by item id, meta by meta_id (WordPress reads a key's first
// value), notes and refunds by id.
import { POSTS_ORDER_META, type RefundHead } from './read-order-heads';
import { orderNotes, savedLines, type DetailRow, type MetaByOwner, type OrderLines, type SavedLines } from './read-order-lines';
import { selectRows, text, type MysqlQueryable, type WooCommerceStorage, type WooCommerceTables } from './woocommerce-database';
import { gmtInstant, money } from './woocommerce-values';

/** An order's parts beside its head, by order id. */
export interface OrderDetails {
  /** Lines and notes of each order asked for (every id present). */
  readonly lines: Map<number, OrderLines>;
  /** Refunds, in refund id order. */
  readonly refunds: RefundHead[];
  /** Posts storage: each order's meta (first value of each key the head reads); empty for HPOS. */
  readonly orderMeta: MetaByOwner;
}

/** The item meta keys the lines read. */
const ITEM_META = [
  '_product_id', '_variation_id', '_qty', '_line_subtotal', '_line_total', '_line_tax', '_tax_class',
  'method_id', 'cost', 'label', 'tax_amount', 'shipping_tax_amount', 'compound', 'discount_amount',
];
const REFUND_META = ['_refund_amount', '_refund_reason'];

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

// Every value leaves as utf8mb4 text with one collation: a UNION of columns of different collations is an error
// ("Illegal mix of collations"), and WordPress tables often differ (WooCommerce creates its tables years after the
// posts tables, under the server's default of the day). The text is what the driver would have received anyway.
const value = (sql: string) => `CONVERT(${sql} USING utf8mb4) COLLATE utf8mb4_bin`;

// Meta keys compared as bytes: not an index range, so the optimizer does not weigh the `meta_key` index (one B-tree
// dive per key: 30 keys of posts order meta, 14 of item meta) when the owner's index is the way in anyway. The readers
// look keys up exactly (case and trailing spaces included), so a row only a `_ci` collation matched was never read.
const KEY = 'CAST(m.meta_key AS BINARY)';

/** One UNION ALL branch: `kind, owner, id, a, b` over `from` restricted to the orders `ids`. */
interface Branch {
  readonly sql: string;
  readonly values: readonly unknown[];
}

// Branches of the first statement (the order's saved parts, kinds i, m, pm) and of the second (notes and refunds).
function branches(t: WooCommerceTables, storage: WooCommerceStorage, ids: readonly number[]): { saved: Branch[]; beside: Branch[] } {
  const inIds = placeholders(ids.length);
  const row = (kind: string, owner: string, id: string, a: string, b: string) => `SELECT '${kind}' AS k, ${owner} AS o, ${id} AS id, ${value(a)} AS a, ${value(b)} AS b`;
  const notes = `${t.comments} c WHERE c.comment_post_ID IN (${inIds}) AND c.comment_type = 'order_note' AND c.comment_approved = '1'`;
  const saved: Branch[] = [
    { sql: `${row('i', 'i.order_id', 'i.order_item_id', 'i.order_item_type', 'i.order_item_name')} FROM ${t.orderItems} i WHERE i.order_id IN (${inIds})`, values: ids },
    {
      sql: `${row('m', 'm.order_item_id', 'm.meta_id', 'm.meta_key', 'm.meta_value')} FROM ${t.orderItems} i
              JOIN ${t.orderItemMeta} m ON m.order_item_id = i.order_item_id AND ${KEY} IN (${placeholders(ITEM_META.length)}) WHERE i.order_id IN (${inIds})`,
      values: [...ITEM_META, ...ids],
    },
  ];
  const beside: Branch[] = [
    { sql: `${row('n', 'c.comment_post_ID', 'c.comment_ID', 'c.comment_date_gmt', 'c.comment_content')} FROM ${notes}`, values: ids },
    {
      sql: `${row('nm', 'm.comment_id', 'm.meta_id', 'm.meta_key', 'm.meta_value')} FROM ${t.commentmeta} m JOIN ${notes} AND c.comment_ID = m.comment_id AND ${KEY} = 'is_customer_note'`,
      values: ids,
    },
  ];
  if (storage === 'hpos') {
    const refunds = `${t.orders} r WHERE r.type = 'shop_order_refund' AND r.parent_order_id IN (${inIds})`;
    beside.push(
      { sql: `${row('r', 'r.parent_order_id', 'r.id', 'r.date_created_gmt', 'r.total_amount')} FROM ${refunds}`, values: ids },
      { sql: `${row('rm', 'm.order_id', 'm.id', 'm.meta_key', 'm.meta_value')} FROM ${t.ordersMeta} m JOIN ${refunds} AND m.order_id = r.id AND ${KEY} IN (${placeholders(REFUND_META.length)})`, values: [...ids, ...REFUND_META] },
    );
  } else {
    const refunds = `${t.posts} r WHERE r.post_type = 'shop_order_refund' AND r.post_parent IN (${inIds})`;
    // A refund post has no total of its own (only `_refund_amount`): its second value is empty.
    beside.push(
      { sql: `${row('r', 'r.post_parent', 'r.ID', 'r.post_date_gmt', "''")} FROM ${refunds}`, values: ids },
      { sql: `${row('rm', 'm.post_id', 'm.meta_id', 'm.meta_key', 'm.meta_value')} FROM ${t.postmeta} m JOIN ${refunds} AND m.post_id = r.ID AND ${KEY} IN (${placeholders(REFUND_META.length)})`, values: [...ids, ...REFUND_META] },
    );
    saved.push({
      sql: `${row('pm', 'm.post_id', 'm.meta_id', 'm.meta_key', 'm.meta_value')} FROM ${t.postmeta} m WHERE m.post_id IN (${inIds}) AND ${KEY} IN (${placeholders(POSTS_ORDER_META.length)})`,
      values: [...ids, ...POSTS_ORDER_META],
    });
  }
  return { saved, beside };
}

/** First value of each key by owner, from meta rows in meta_id order. */
function metaOf(rows: readonly DetailRow[]): MetaByOwner {
  const out = new Map<number, Map<string, string | null>>();
  for (const r of rows) {
    let meta = out.get(r.owner);
    if (meta === undefined) out.set(r.owner, (meta = new Map()));
    if (!meta.has(r.a)) meta.set(r.a, r.b);
  }
  return out;
}

// Orders per statement pair: the ids are repeated in each branch, so a whole-store list (`filter[limit]=-1`) is read in
// statements of bounded size, well under the server's `max_allowed_packet`.
const CHUNK = 1000;

/**
 * What WooCommerce writes of an order when it saves it, read: its lines, and in posts storage its own meta (the first
 * value of each key the head reads). Shared, never changed once made (order-parts-cache.ts keeps them).
 */
export interface SavedParts {
  readonly lines: Readonly<SavedLines>;
  readonly meta: ReadonlyMap<string, string | null> | undefined;
}

// The rows of one UNION, by kind, each kind in id order (the readers' order; see the file's comment).
async function unionRows(db: MysqlQueryable, parts: readonly Branch[]): Promise<Map<string, DetailRow[]>> {
  const rows = await selectRows(db, parts.map((p) => p.sql).join('\nUNION ALL '), parts.flatMap((p) => p.values));
  const byKind = new Map<string, DetailRow[]>();
  for (const r of rows) {
    const kind = text(r.k);
    let list = byKind.get(kind);
    if (list === undefined) byKind.set(kind, (list = []));
    list.push({ owner: Number(r.o), id: Number(r.id), a: text(r.a), b: r.b === null || r.b === undefined ? null : text(r.b) });
  }
  for (const list of byKind.values()) list.sort((x, y) => x.id - y.id);
  return byKind;
}

/**
 * The saved parts of the orders `ids` (at most 1,000), by order id (every id present): the first statement (line items,
 * their meta and (posts) the order meta).
 */
export async function savedParts(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, ids: readonly number[]): Promise<Map<number, SavedParts>> {
  if (ids.length === 0) return new Map();
  const byKind = await unionRows(db, branches(t, storage, ids).saved);
  const lines = savedLines(ids, byKind.get('i') ?? [], metaOf(byKind.get('m') ?? []));
  const meta = metaOf(byKind.get('pm') ?? []);
  return new Map(ids.map((id) => [id, { lines: lines.get(id)!, meta: meta.get(id) }]));
}

/** Notes and refunds of the orders `ids` (at most 1,000), by kind: the second statement. */
export async function otherRows(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, ids: readonly number[]): Promise<Map<string, DetailRow[]>> {
  if (ids.length === 0) return new Map();
  return unionRows(db, branches(t, storage, ids).beside);
}

/** The {@link OrderDetails} of `ids` from their saved parts and the other rows by kind. */
export function assembleDetails(storage: WooCommerceStorage, ids: readonly number[], saved: ReadonlyMap<number, SavedParts>, other: ReadonlyMap<string, DetailRow[]>): OrderDetails {
  const kind = (k: string) => other.get(k) ?? [];
  const notes = orderNotes(kind('n'), metaOf(kind('nm')));
  const lines = new Map<number, OrderLines>();
  const orderMeta: MetaByOwner = new Map();
  for (const id of ids) {
    // Every id of a page or a list has its parts; an id without (no order) has no head row to use them either.
    const parts = saved.get(id);
    if (parts === undefined) continue;
    lines.set(id, { ...parts.lines, notes: notes.get(id) ?? [] });
    if (parts.meta !== undefined) orderMeta.set(id, parts.meta);
  }
  const refundMeta = metaOf(kind('rm'));
  const refunds = kind('r').map((r): RefundHead => {
    const m = refundMeta.get(r.id);
    const amount = m?.get('_refund_amount') ?? null;
    return {
      orderId: r.owner,
      refund: {
        id: r.id,
        created_at: gmtInstant(r.a) ?? '1970-01-01T00:00:00Z',
        // HPOS keeps a refund's total (negative) on its row; `_refund_amount` is the positive amount WooCommerce
        // reads, and the only one posts storage has.
        amount: amount === null && storage === 'hpos' ? money(r.b ?? '').replace(/^-/, '') : money(amount ?? ''),
        reason: m?.get('_refund_reason') ?? '',
      },
    };
  });
  return { lines, refunds, orderMeta };
}

/** The parts of the orders `ids` (see the file's comment): two statements per 1,000 orders. */
export async function orderDetails(db: MysqlQueryable, t: WooCommerceTables, storage: WooCommerceStorage, ids: readonly number[]): Promise<OrderDetails> {
  if (ids.length === 0) return { lines: new Map(), refunds: [], orderMeta: new Map() };
  if (ids.length > CHUNK) {
    const chunks = Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));
    const parts = await Promise.all(chunks.map((chunk) => orderDetails(db, t, storage, chunk)));
    return {
      lines: new Map(parts.flatMap((p) => [...p.lines])),
      refunds: parts.flatMap((p) => p.refunds).sort((a, b) => a.refund.id - b.refund.id),
      orderMeta: new Map(parts.flatMap((p) => [...p.orderMeta])),
    };
  }
  // Two statements in parallel: the saved parts (items and their meta, most of the work) and the rest, so a page's parts
  // take the longer of the two on the server's cores instead of their sum on one.
  const [saved, other] = await Promise.all([savedParts(db, t, storage, ids), otherRows(db, t, storage, ids)]);
  return assembleDetails(storage, ids, saved, other);
}
