// A hand-written check of one order's JSON against the order schema (snapshot-schema.ts), for the streamed import,
// where zod's parse of every order was a large part of reading. It only ever answers "valid, and this is what zod
// would return" or "don't know": anything it does not accept (every invalid order, and anything unusual) goes to zod,
// which then reports the issues. So results and issues are zod's by construction; a property test holds the
// accepted orders to zod's output (test/shop/snapshot-fast-order.test.ts).
import { ORDER_STATUSES } from '../model/order';
import { isValidInstant, type ShopSnapshotJson } from './snapshot-schema';

type OrderJson = ShopSnapshotJson['orders'][number];
type Obj = Record<string, unknown>;

const MONEY = /^-?\d{1,18}(\.\d{1,12})?$/;
const STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);

const ADDRESS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country'];
const ADDRESS_KEYS = new Set(ADDRESS);
const BILLING_KEYS = new Set([...ADDRESS, 'email', 'phone']);
const PAYMENT_KEYS = new Set(['method_id', 'method_title', 'paid_at']);
const ITEM_KEYS = new Set(['id', 'name', 'product_id', 'variation_id', 'quantity', 'subtotal', 'total', 'tax', 'tax_class']);
const SHIPPING_LINE_KEYS = new Set(['id', 'method_id', 'method_title', 'total']);
const TAX_LINE_KEYS = new Set(['id', 'code', 'title', 'tax_total', 'shipping_tax_total', 'compound']);
const FEE_LINE_KEYS = new Set(['id', 'title', 'tax_class', 'total', 'tax']);
const COUPON_LINE_KEYS = new Set(['id', 'code', 'amount']);
const REFUND_KEYS = new Set(['id', 'created_at', 'amount', 'reason']);
const NOTE_KEYS = new Set(['id', 'created_at', 'content', 'customer_note', 'approved', 'type']);
const ORDER_KEYS = new Set([
  'id', 'number', 'created_at', 'updated_at', 'completed_at', 'status', 'currency', 'total', 'cart_tax', 'shipping_total',
  'shipping_tax', 'cart_discount', 'order_discount', 'payment', 'billing', 'shipping', 'customer_note', 'customer_ip',
  'customer_user_agent', 'customer_id', 'items', 'shipping_lines', 'tax_lines', 'fee_lines', 'coupon_lines', 'refunds', 'notes',
]);

/** Thrown inside the check to give up; never escapes it. */
const UNSURE = new Error('not for the fast check');

function record(v: unknown, keys: ReadonlySet<string>): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) throw UNSURE;
  for (const k in v) if (!keys.has(k) || !Object.hasOwn(v, k)) throw UNSURE;
  return v as Obj;
}

function text(v: unknown, fallback?: string): string {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string') throw UNSURE;
  return v;
}

const optionalText = (v: unknown): string | undefined => (v === undefined ? undefined : text(v));

function integer(v: unknown, min: number, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw UNSURE;
  return v;
}

function money(v: unknown, fallback?: string): string {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string' || !MONEY.test(v)) throw UNSURE;
  return v;
}

function instant(v: unknown): string {
  if (typeof v !== 'string' || !isValidInstant(v)) throw UNSURE;
  return v;
}

const instantOrNull = (v: unknown): string | null => (v === undefined || v === null ? null : instant(v));

function flag(v: unknown, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw UNSURE;
  return v;
}

function list<T>(v: unknown, element: (e: unknown) => T): T[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw UNSURE;
  const out = new Array<T>(v.length);
  for (let i = 0; i < v.length; i += 1) out[i] = element(v[i]);
  return out;
}

const NO_FIELDS: Obj = {};

// Literal objects (one shape for every order), which the model builder then reads fast.
function address(v: unknown) {
  const a = v === undefined ? NO_FIELDS : record(v, ADDRESS_KEYS);
  return {
    first_name: text(a.first_name, ''),
    last_name: text(a.last_name, ''),
    company: text(a.company, ''),
    address_1: text(a.address_1, ''),
    address_2: text(a.address_2, ''),
    city: text(a.city, ''),
    state: text(a.state, ''),
    postcode: text(a.postcode, ''),
    country: text(a.country, ''),
  };
}

// Written out rather than `{ ...address(a), email, phone }`: spreading an object was a large part of this check.
function billing(v: unknown) {
  const a = v === undefined ? NO_FIELDS : record(v, BILLING_KEYS);
  return {
    first_name: text(a.first_name, ''),
    last_name: text(a.last_name, ''),
    company: text(a.company, ''),
    address_1: text(a.address_1, ''),
    address_2: text(a.address_2, ''),
    city: text(a.city, ''),
    state: text(a.state, ''),
    postcode: text(a.postcode, ''),
    country: text(a.country, ''),
    email: text(a.email, ''),
    phone: text(a.phone, ''),
  };
}

const item = (v: unknown) => {
  const i = record(v, ITEM_KEYS);
  return {
    id: integer(i.id, 1),
    name: text(i.name),
    product_id: integer(i.product_id, 1),
    variation_id: i.variation_id === undefined || i.variation_id === null ? null : integer(i.variation_id, 1),
    quantity: integer(i.quantity, 0),
    subtotal: money(i.subtotal),
    total: money(i.total),
    tax: money(i.tax, '0'),
    tax_class: text(i.tax_class, ''),
  };
};

const shippingLine = (v: unknown) => {
  const l = record(v, SHIPPING_LINE_KEYS);
  return { id: integer(l.id, 1), method_id: text(l.method_id), method_title: text(l.method_title), total: money(l.total) };
};

const taxLine = (v: unknown) => {
  const l = record(v, TAX_LINE_KEYS);
  return {
    id: integer(l.id, 1),
    code: text(l.code),
    title: text(l.title),
    tax_total: money(l.tax_total),
    shipping_tax_total: money(l.shipping_tax_total, '0'),
    compound: flag(l.compound, false),
  };
};

const feeLine = (v: unknown) => {
  const l = record(v, FEE_LINE_KEYS);
  return { id: integer(l.id, 1), title: text(l.title), tax_class: text(l.tax_class, ''), total: money(l.total), tax: money(l.tax, '0') };
};

const couponLine = (v: unknown) => {
  const l = record(v, COUPON_LINE_KEYS);
  return { id: integer(l.id, 1), code: text(l.code), amount: money(l.amount) };
};

const refund = (v: unknown) => {
  const r = record(v, REFUND_KEYS);
  return { id: integer(r.id, 1), created_at: instant(r.created_at), amount: money(r.amount), reason: text(r.reason, '') };
};

const note = (v: unknown) => {
  const n = record(v, NOTE_KEYS);
  return {
    id: integer(n.id, 1),
    created_at: instant(n.created_at),
    content: text(n.content),
    customer_note: flag(n.customer_note, false),
    approved: flag(n.approved, true),
    type: text(n.type, 'order_note'),
  };
};

function order(raw: unknown): OrderJson {
  const o = record(raw, ORDER_KEYS);
  const status = text(o.status);
  if (!STATUSES.has(status)) throw UNSURE;
  const payment = o.payment === undefined ? NO_FIELDS : record(o.payment, PAYMENT_KEYS);
  const out: Obj = {
    id: integer(o.id, 1),
    number: optionalText(o.number),
    created_at: instant(o.created_at),
    updated_at: o.updated_at === undefined ? undefined : instant(o.updated_at),
    completed_at: instantOrNull(o.completed_at),
    status,
    currency: optionalText(o.currency),
    total: money(o.total),
    cart_tax: money(o.cart_tax, '0'),
    shipping_total: money(o.shipping_total, '0'),
    shipping_tax: money(o.shipping_tax, '0'),
    cart_discount: money(o.cart_discount, '0'),
    order_discount: money(o.order_discount, '0'),
    payment: { method_id: text(payment.method_id, ''), method_title: text(payment.method_title, ''), paid_at: instantOrNull(payment.paid_at) },
    billing: billing(o.billing),
    shipping: address(o.shipping),
    customer_note: text(o.customer_note, ''),
    customer_ip: text(o.customer_ip, ''),
    customer_user_agent: text(o.customer_user_agent, ''),
    customer_id: integer(o.customer_id, 0, 0),
    items: list(o.items, item),
    shipping_lines: list(o.shipping_lines, shippingLine),
    tax_lines: list(o.tax_lines, taxLine),
    fee_lines: list(o.fee_lines, feeLine),
    coupon_lines: list(o.coupon_lines, couponLine),
    refunds: list(o.refunds, refund),
    notes: list(o.notes, note),
  };
  // zod leaves an absent optional field absent.
  if (out.number === undefined) delete out.number;
  if (out.updated_at === undefined) delete out.updated_at;
  if (out.currency === undefined) delete out.currency;
  return out as unknown as OrderJson;
}

/**
 * What `orderSchema.parse(raw)` returns when `raw` is a valid order the check recognises, else undefined (then ask
 * zod, which decides and reports). Never throws.
 */
export function checkOrderFast(raw: unknown): OrderJson | undefined {
  try {
    return order(raw);
  } catch (error) {
    if (error === UNSURE) return undefined;
    throw error;
  }
}
