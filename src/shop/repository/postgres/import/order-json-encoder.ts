// An order's JSON, laid out as serializeShopSnapshot writes it (its keys, all of them, in its order, no spaces),
// turned straight into the COPY text rows of the order tables: no JSON.parse, no model, no Decimal. For the streamed
// import, where parsing, checking and building every order cost most of the client's time. It accepts only what the
// usual path (fast-order-check.ts, SnapshotModelBuilder, copy-rows.ts) would accept and write byte for byte the same
// (a property test holds it to that path), and declines anything else, which then goes that way (and its issues are
// that path's). Declining is cheap and always safe.
import { ORDER_STATUSES } from '../../../model/order';
import { DECLINE, JsonCopyValues, JsonKey, RowBuffer } from './json-copy-values';

/** The ids of an encoded order, shaped as its JSON, for the reader's cross-record checks and the note ids. */
export interface OrderIdSkeleton {
  readonly id: number;
  readonly items: { readonly id: number; readonly product_id: number; readonly variation_id: number | null }[];
  readonly shipping_lines: { readonly id: number }[];
  readonly tax_lines: { readonly id: number }[];
  readonly fee_lines: { readonly id: number }[];
  readonly coupon_lines: { readonly id: number }[];
  readonly refunds: { readonly id: number }[];
  readonly notes: { readonly id: number }[];
}

const key = (name: string, first = false) => new JsonKey(`${first ? '' : ','}"${name}":`);

const NO_KEY = new JsonKey('');

// What a field holds, and how it is written (each value followed by a tab).
const enum V {
  Text,
  Search, // text, also in the search text
  Money,
  Instant,
  InstantOrNull,
  Bool,
  Status,
  Int0, // an integer >= 0
  Open, // the key of a nested object, and its `{`
  Close, // its `}` (no key)
  Product, // a line item's product_id: an integer >= 1, kept for the skeleton and the aggregates
  Variation, // its variation_id: an integer >= 1 or null, kept for the skeleton
  Quantity, // its quantity: an integer >= 0, counted into the aggregates
  Discount, // a coupon line's amount: money, summed into agg_discount
  Refund, // a refund's amount: money, summed into agg_refunds
}

/** The fields of an object after its `id`, as [name, kind] pairs (a name of '' for Close; `first`: no comma before it). */
class Steps {
  readonly keys: JsonKey[] = [];
  readonly kinds: V[] = [];
  constructor(fields: readonly (readonly [string, V, boolean?])[]) {
    for (const [name, kind, first] of fields) {
      this.keys.push(kind === V.Close ? NO_KEY : key(name, first === true));
      this.kinds.push(kind);
    }
  }
}

const texts = (names: string[], kind = V.Text) => names.map((n) => [n, kind] as const);
const ADDRESS = ['address_1', 'address_2', 'city', 'state', 'postcode', 'country'];
const ORDER_FIELDS = new Steps([
  ['number', V.Search],
  ['created_at', V.Instant],
  ['updated_at', V.Instant],
  ['completed_at', V.InstantOrNull],
  ['status', V.Status],
  ['currency', V.Text],
  ...texts(['total', 'cart_tax', 'shipping_total', 'shipping_tax', 'cart_discount', 'order_discount'], V.Money),
  ['payment', V.Open],
  ['method_id', V.Text, true],
  ['method_title', V.Text],
  ['paid_at', V.InstantOrNull],
  ['', V.Close],
  ['billing', V.Open],
  ['first_name', V.Search, true],
  ...texts(['last_name', 'company'], V.Search),
  ...texts(ADDRESS),
  ...texts(['email', 'phone'], V.Search),
  ['', V.Close],
  ['shipping', V.Open],
  ['first_name', V.Text, true],
  ...texts(['last_name', 'company', ...ADDRESS]),
  ['', V.Close],
  ['customer_note', V.Search],
  ['customer_ip', V.Text],
  ['customer_user_agent', V.Text],
  ['customer_id', V.Int0],
]);
// Each kind of line, in ORDER_TABLES order (copy-rows.ts, after the order's own row), with its JSON key.
const LINES: readonly (readonly [string, Steps])[] = [
  ['items', new Steps([['name', V.Search], ['product_id', V.Product], ['variation_id', V.Variation], ['quantity', V.Quantity],
    ...texts(['subtotal', 'total', 'tax'], V.Money), ['tax_class', V.Text]])],
  ['shipping_lines', new Steps([...texts(['method_id', 'method_title']), ['total', V.Money]])],
  ['tax_lines', new Steps([...texts(['code', 'title']), ...texts(['tax_total', 'shipping_tax_total'], V.Money), ['compound', V.Bool]])],
  ['fee_lines', new Steps([...texts(['title', 'tax_class']), ...texts(['total', 'tax'], V.Money)])],
  ['coupon_lines', new Steps([['code', V.Text], ['amount', V.Discount]])],
  ['refunds', new Steps([['created_at', V.Instant], ['amount', V.Refund], ['reason', V.Text]])],
  ['notes', new Steps([['created_at', V.Instant], ['content', V.Text], ...texts(['customer_note', 'approved'], V.Bool), ['type', V.Text]])],
];
const LINE_KEYS = LINES.map(([name]) => key(name));
const FEW_PRODUCTS = 16;
// The ids of an order's lines of a kind it has none of (one shared array: the skeleton is only read).
const NO_LINES: { id: number }[] = [];
const ID = key('id', true);
const STATUSES = ORDER_STATUSES.map((s) => new TextEncoder().encode(`"${s}"`));

/** Encodes orders one at a time into {@link rows}; see the file's comment. */
export class OrderJsonEncoder extends JsonCopyValues {
  /** One buffer per table of ORDER_TABLES: the rows of the last order encoded. */
  readonly rows: readonly RowBuffer[] = Array.from({ length: 1 + LINES.length }, () => new RowBuffer());
  private items = 0;
  private readonly products: number[] = [];
  private readonly quantities: number[] = [];
  // The products' quantities of an order with more than FEW_PRODUCTS of them.
  private many: Map<number, number> | undefined = undefined;
  private product = 0;
  private variation: number | null = null;
  // Where the amounts of the coupon lines and of the refunds start (their opening quotes).
  private readonly discounts: number[] = [];
  private readonly refunds: number[] = [];

  /** The order whose JSON is exactly `bytes`, encoded into `rows` (emptied first): its ids, or undefined (declined). */
  encode(bytes: Uint8Array): OrderIdSkeleton | undefined {
    for (const r of this.rows) r.length = 0;
    this.b = bytes;
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.p = 0;
    this.end = bytes.length;
    try {
      const ids = this.order();
      if (this.p !== this.end) throw DECLINE;
      return ids;
    } catch (error) {
      for (const r of this.rows) r.length = 0;
      if (error === DECLINE || error instanceof RangeError) return undefined;
      throw error;
    }
  }

  private order(): OrderIdSkeleton {
    const o = this.rows[0] as RowBuffer;
    this.spans.length = 0;
    this.discounts.length = 0;
    this.refunds.length = 0;
    this.items = 0;
    this.products.length = 0;
    this.quantities.length = 0;
    this.many = undefined;
    this.byte(0x7b);
    this.key(ID);
    const idStart = this.p;
    const id = this.integer(o, 1);
    const idEnd = this.p;
    this.tab(o);
    this.fields(ORDER_FIELDS, o);
    const items = this.lines(0, id) as OrderIdSkeleton['items'];
    const shipping = this.lines(1, id);
    const tax = this.lines(2, id);
    const fee = this.lines(3, id);
    const coupon = this.lines(4, id);
    const refund = this.lines(5, id);
    const note = this.lines(6, id);
    this.byte(0x7d);
    // search_text: the id, then the searched strings in the order they came (the order orderSearchFields gives).
    this.copy(o, idStart, idEnd, false);
    for (let i = 0; i < this.spans.length; i += 2) {
      this.out(o, 0x5c);
      this.out(o, 0x6e);
      this.copy(o, this.spans[i] as number, this.spans[i + 1] as number, true);
    }
    this.tab(o);
    this.digits(o, this.items);
    this.tab(o);
    this.sum(o, this.discounts);
    this.tab(o);
    this.sum(o, this.refunds);
    this.tab(o);
    this.grouped();
    this.list(o, this.products);
    this.tab(o);
    this.list(o, this.quantities);
    this.out(o, 10);
    return { id, items, shipping_lines: shipping, tax_lines: tax, fee_lines: fee, coupon_lines: coupon, refunds: refund, notes: note };
  }

  /** The lines of kind `k`: one row each (order id, position, own id, its fields), and their ids. */
  private lines(k: number, orderId: number): { id: number }[] {
    const r = this.rows[k + 1] as RowBuffer;
    const steps = (LINES[k] as readonly [string, Steps])[1];
    this.key(LINE_KEYS[k] as JsonKey);
    this.byte(0x5b);
    if (this.b[this.p] === 0x5d) {
      this.p += 1;
      return NO_LINES;
    }
    const out: { id: number }[] = [];
    for (;;) {
      this.byte(0x7b);
      this.digits(r, orderId);
      this.tab(r);
      this.digits(r, out.length);
      this.tab(r);
      this.key(ID);
      const id = this.integer(r, 1);
      this.tab(r);
      this.fields(steps, r);
      // The last field's tab ends the row instead.
      r.buf[r.length - 1] = 10;
      this.byte(0x7d);
      out.push(k === 0 ? ({ id, product_id: this.product, variation_id: this.variation } as { id: number }) : { id });
      const c = this.b[this.p++];
      if (c === 0x5d) return out;
      if (c !== 0x2c) throw DECLINE;
    }
  }

  /** The fields of `steps`, each value followed by a tab. */
  private fields(steps: Steps, r: RowBuffer): void {
    const { keys, kinds } = steps;
    for (let i = 0; i < kinds.length; i += 1) {
      const kind = kinds[i] as V;
      if (kind === V.Close) {
        this.byte(0x7d);
        continue;
      }
      this.key(keys[i] as JsonKey);
      switch (kind) {
        case V.Text:
          this.string(r);
          break;
        case V.Search:
          this.searchable(r);
          break;
        case V.Money:
          this.money(r);
          break;
        case V.Instant:
          this.instant(r);
          break;
        case V.InstantOrNull:
          if (!this.null(r)) this.instant(r);
          break;
        case V.Bool:
          this.boolean(r);
          break;
        case V.Status:
          this.status(r);
          break;
        case V.Int0:
          this.integer(r, 0);
          break;
        case V.Open:
          this.byte(0x7b);
          continue; // (no value, no tab)
        case V.Product:
          this.product = this.integer(r, 1);
          break;
        case V.Variation:
          this.variation = this.null(r) ? null : this.integer(r, 1);
          break;
        case V.Quantity:
          this.count(this.integer(r, 0));
          break;
        case V.Discount:
          this.discounts.push(this.p);
          this.money(r);
          break;
        case V.Refund:
          this.refunds.push(this.p);
          this.money(r);
          break;
      }
      this.tab(r);
    }
  }

  /** `{a,b}`: a bigint[] literal. */
  private list(r: RowBuffer, values: readonly number[]): void {
    this.out(r, 0x7b);
    for (let i = 0; i < values.length; i += 1) {
      if (i > 0) this.out(r, 0x2c);
      this.digits(r, values[i] as number);
    }
    this.out(r, 0x7d);
  }

  /**
   * A line item's quantity into agg_items and its product's total (as productsOf in order-aggregates.ts): ascending
   * ids kept by insertion while there are few, in a Map (sorted at the end) beyond that, so many lines cost n log n.
   */
  private count(quantity: number): void {
    this.items += quantity;
    if (this.items > Number.MAX_SAFE_INTEGER) throw DECLINE;
    const product = this.product;
    const many = this.many;
    if (many !== undefined) {
      many.set(product, (many.get(product) ?? 0) + quantity);
      return;
    }
    const ids = this.products;
    let j = ids.length;
    while (j > 0 && (ids[j - 1] as number) > product) j -= 1;
    if (j > 0 && ids[j - 1] === product) this.quantities[j - 1] = (this.quantities[j - 1] as number) + quantity;
    else if (ids.length < FEW_PRODUCTS) {
      ids.splice(j, 0, product);
      this.quantities.splice(j, 0, quantity);
    } else {
      this.many = new Map(ids.map((id, k) => [id, this.quantities[k] as number]));
      this.many.set(product, quantity);
    }
  }

  /** The products and their quantities, ascending, once every line item is counted. */
  private grouped(): void {
    const many = this.many;
    if (many === undefined) return;
    this.products.length = 0;
    this.quantities.length = 0;
    for (const id of [...many.keys()].sort((a, b) => a - b)) {
      this.products.push(id);
      this.quantities.push(many.get(id) as number);
    }
  }

  private status(r: RowBuffer): void {
    for (const s of STATUSES) {
      let i = 0;
      while (i < s.length && this.b[this.p + i] === s[i]) i += 1;
      if (i === s.length) {
        r.ensure(s.length);
        for (let k = 1; k < s.length - 1; k += 1) r.buf[r.length++] = s[k] as number;
        this.p += s.length;
        return;
      }
    }
    throw DECLINE;
  }
}
