// An order's lines (`woocommerce_order_items` with their item meta) and notes (`order_note` comments), the same in
// both storages. Only the item meta keys the snapshot needs are read, and only for the orders asked for.
import { metaByOwner } from './read-catalog';
import { selectRows, text, type MysqlQueryable, type WooCommerceTables } from './woocommerce-database';
import { gmtInstant, integer, money } from './woocommerce-values';

/** An order's lines and notes in the snapshot format's shapes. */
export interface OrderLines {
  items: { id: number; name: string; product_id: number; variation_id: number | null; quantity: number; subtotal: string; total: string; tax: string; tax_class: string }[];
  shipping_lines: { id: number; method_id: string; method_title: string; total: string }[];
  tax_lines: { id: number; code: string; title: string; tax_total: string; shipping_tax_total: string; compound: boolean }[];
  fee_lines: { id: number; title: string; tax_class: string; total: string; tax: string }[];
  coupon_lines: { id: number; code: string; amount: string }[];
  notes: { id: number; created_at: string; content: string; customer_note: boolean; approved: boolean; type: string }[];
}

const ITEM_META = [
  '_product_id', '_variation_id', '_qty', '_line_subtotal', '_line_total', '_line_tax', '_tax_class',
  'method_id', 'cost', 'label', 'tax_amount', 'shipping_tax_amount', 'compound', 'discount_amount',
];

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

const empty = (): OrderLines => ({ items: [], shipping_lines: [], tax_lines: [], fee_lines: [], coupon_lines: [], notes: [] });

/** The lines and notes of the orders `ids`, by order id (every id present). */
export async function linesOf(db: MysqlQueryable, t: WooCommerceTables, ids: readonly number[]): Promise<Map<number, OrderLines>> {
  const out = new Map<number, OrderLines>(ids.map((id) => [id, empty()]));
  if (ids.length === 0) return out;
  // Items with their meta (one row per item and wanted key; an item without any, one row) and the notes in
  // parallel: two indexed statements, one round trip deep.
  const [itemRows, notes] = await Promise.all([
    selectRows(
      db,
      `SELECT i.order_item_id, i.order_item_name, i.order_item_type, i.order_id, m.meta_key, m.meta_value
         FROM ${t.orderItems} i LEFT JOIN ${t.orderItemMeta} m ON m.order_item_id = i.order_item_id AND m.meta_key IN (${placeholders(ITEM_META.length)})
        WHERE i.order_id IN (${placeholders(ids.length)}) ORDER BY i.order_item_id, m.meta_id`,
      [...ITEM_META, ...ids],
    ),
    selectRows(
      db,
      `SELECT c.comment_ID AS id, c.comment_post_ID AS order_id, c.comment_date_gmt, c.comment_content,
              (SELECT m.meta_value FROM ${t.commentmeta} m WHERE m.comment_id = c.comment_ID AND m.meta_key = 'is_customer_note' ORDER BY m.meta_id LIMIT 1) AS is_customer_note
         FROM ${t.comments} c
        WHERE c.comment_post_ID IN (${placeholders(ids.length)}) AND c.comment_type = 'order_note' AND c.comment_approved = '1'
        ORDER BY c.comment_ID`,
      [...ids],
    ),
  ]);
  const items = itemRows.filter((r, i) => i === 0 || itemRows[i - 1]!.order_item_id !== r.order_item_id);
  const metaRows = itemRows.filter((r) => r.meta_key !== null && r.meta_key !== undefined);
  const meta = metaByOwner(metaRows, 'order_item_id');
  for (const item of items) {
    const lines = out.get(Number(item.order_id));
    if (lines === undefined) continue;
    const id = Number(item.order_item_id);
    const m = meta.get(id) ?? new Map<string, string>();
    const get = (key: string) => m.get(key) ?? '';
    const name = text(item.order_item_name);
    switch (text(item.order_item_type)) {
      case 'line_item': {
        const variation = integer(get('_variation_id'));
        lines.items.push({
          id,
          name,
          product_id: integer(get('_product_id')),
          variation_id: variation > 0 ? variation : null,
          quantity: integer(get('_qty')),
          subtotal: money(get('_line_subtotal')),
          total: money(get('_line_total')),
          tax: money(get('_line_tax')),
          tax_class: get('_tax_class'),
        });
        break;
      }
      case 'shipping':
        lines.shipping_lines.push({ id, method_id: get('method_id'), method_title: name, total: money(get('cost')) });
        break;
      case 'tax':
        lines.tax_lines.push({
          id,
          code: name,
          title: get('label'),
          tax_total: money(get('tax_amount')),
          shipping_tax_total: money(get('shipping_tax_amount')),
          compound: get('compound') === '1' || get('compound') === 'yes',
        });
        break;
      case 'fee':
        lines.fee_lines.push({ id, title: name, tax_class: get('_tax_class'), total: money(get('_line_total')), tax: money(get('_line_tax')) });
        break;
      case 'coupon':
        lines.coupon_lines.push({ id, code: name, amount: money(get('discount_amount')) });
        break;
      default:
        break;
    }
  }
  for (const n of notes) {
    out.get(Number(n.order_id))?.notes.push({
      id: Number(n.id),
      created_at: gmtInstant(text(n.comment_date_gmt)) ?? '1970-01-01T00:00:00Z',
      content: text(n.comment_content),
      customer_note: text(n.is_customer_note) === '1',
      approved: true,
      type: 'order_note',
    });
  }
  return out;
}
