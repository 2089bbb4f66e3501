// An order's lines (`woocommerce_order_items` with their item meta) and notes (`order_note` comments), the same in
// both storages, built from the rows read-order-details.ts reads (only the item meta keys the snapshot needs, only for
// the orders asked for).
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

/** A row of the details statement (read-order-details.ts): its owner and id, and two values as text. */
export interface DetailRow {
  readonly owner: number;
  readonly id: number;
  readonly a: string;
  readonly b: string | null;
}

/** Meta of each owner: the first value of each key (NULL kept as null). */
export type MetaByOwner = Map<number, ReadonlyMap<string, string | null>>;

/** An order's lines without its notes: what WooCommerce writes when it saves the order. */
export type SavedLines = Omit<OrderLines, 'notes'>;

const empty = (): SavedLines => ({ items: [], shipping_lines: [], tax_lines: [], fee_lines: [], coupon_lines: [] });

/**
 * The lines of the orders `ids`, by order id (every id present), from item rows (owner: order, a: type, b: name),
 * each order's in item id order, and their meta.
 */
export function savedLines(ids: readonly number[], items: readonly DetailRow[], meta: MetaByOwner): Map<number, SavedLines> {
  const out = new Map<number, SavedLines>(ids.map((id) => [id, empty()]));
  for (const item of items) {
    const lines = out.get(item.owner);
    if (lines === undefined) continue;
    const id = item.id;
    const m = meta.get(id);
    const get = (key: string) => m?.get(key) ?? '';
    const name = item.b ?? '';
    switch (item.a) {
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
  return out;
}

/** The notes of each order, from note rows (owner: order, a: GMT date, b: content) in id order and their meta. */
export function orderNotes(notes: readonly DetailRow[], noteMeta: MetaByOwner): Map<number, OrderLines['notes']> {
  const out = new Map<number, OrderLines['notes']>();
  for (const n of notes) {
    let list = out.get(n.owner);
    if (list === undefined) out.set(n.owner, (list = []));
    list.push({
      id: n.id,
      created_at: gmtInstant(n.a) ?? '1970-01-01T00:00:00Z',
      content: n.b ?? '',
      customer_note: noteMeta.get(n.id)?.get('is_customer_note') === '1',
      approved: true,
      type: 'order_note',
    });
  }
  return out;
}
