// A hand-written check of one order's JSON against the order schema (snapshot-schema.ts), for the streamed import,
// where zod's parse of every order was a large part of reading. It only ever answers "valid" (the order as written
// is then what SnapshotModelBuilder.order reads, filling the defaults zod would, so no copy is made) or "don't
// know": anything it does not accept (every invalid order, and anything unusual) goes to zod, which then reports the
// issues. So issues are zod's by construction; a property test holds the models built from accepted orders to the
// ones built from zod's output (test/shop/snapshot-fast-order.test.ts).
import { ORDER_STATUSES } from '../model/order';
import { isValidInstant, MONEY_PATTERN, type ShopSnapshotJsonInput } from './snapshot-schema';

type OrderJsonInput = NonNullable<ShopSnapshotJsonInput['orders']>[number];
type Obj = Record<string, unknown>;

const STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);

const ADDRESS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country'];
const BILLING = [...ADDRESS, 'email', 'phone'];
const ADDRESS_KEYS = new Set(ADDRESS);
const BILLING_KEYS = new Set(BILLING);
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

// A plain object with known fields only. Its prototype is Object.prototype, which checkOrderFast has found without
// enumerable properties, so every key for-in gives is the object's own (no Object.hasOwn per key).
function record(v: unknown, keys: ReadonlySet<string>): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) throw UNSURE;
  for (const k in v) if (!keys.has(k)) throw UNSURE;
  return v as Obj;
}

/** Whether Object.prototype has an enumerable property (someone added one): then for-in would give it too. */
function prototypeTouched(): boolean {
  for (const k in Object.prototype) if (k !== undefined) return true;
  return false;
}

// Each check throws UNSURE unless the value (or its absence, where the schema has a default) is one zod accepts.
function text(v: unknown, optional = false): void {
  if (typeof v !== 'string' && !(optional && v === undefined)) throw UNSURE;
}

function integer(v: unknown, min: number, optional = false): void {
  if (v === undefined && optional) return;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw UNSURE;
}

function money(v: unknown, optional = false): void {
  if (v === undefined && optional) return;
  if (typeof v !== 'string' || !MONEY_PATTERN.test(v)) throw UNSURE;
}

function instant(v: unknown): void {
  if (typeof v !== 'string' || !isValidInstant(v)) throw UNSURE;
}

function instantOrNull(v: unknown): void {
  if (v !== undefined && v !== null) instant(v);
}

function flag(v: unknown): void {
  if (v !== undefined && typeof v !== 'boolean') throw UNSURE;
}

function list(v: unknown, element: (e: unknown) => void): void {
  if (v === undefined) return;
  if (!Array.isArray(v)) throw UNSURE;
  for (let i = 0; i < v.length; i += 1) element(v[i]);
}

/** An address (shipping, or billing with `keys` BILLING): every field optional text. */
function address(v: unknown, keys = ADDRESS, allowed = ADDRESS_KEYS): void {
  if (v === undefined) return;
  const a = record(v, allowed);
  for (let i = 0; i < keys.length; i += 1) text(a[keys[i] as string], true);
}

function item(v: unknown): void {
  const i = record(v, ITEM_KEYS);
  integer(i.id, 1);
  text(i.name);
  integer(i.product_id, 1);
  if (i.variation_id !== null) integer(i.variation_id, 1, true);
  integer(i.quantity, 0);
  money(i.subtotal);
  money(i.total);
  money(i.tax, true);
  text(i.tax_class, true);
}

function shippingLine(v: unknown): void {
  const l = record(v, SHIPPING_LINE_KEYS);
  integer(l.id, 1);
  text(l.method_id);
  text(l.method_title);
  money(l.total);
}

function taxLine(v: unknown): void {
  const l = record(v, TAX_LINE_KEYS);
  integer(l.id, 1);
  text(l.code);
  text(l.title);
  money(l.tax_total);
  money(l.shipping_tax_total, true);
  flag(l.compound);
}

function feeLine(v: unknown): void {
  const l = record(v, FEE_LINE_KEYS);
  integer(l.id, 1);
  text(l.title);
  text(l.tax_class, true);
  money(l.total);
  money(l.tax, true);
}

function couponLine(v: unknown): void {
  const l = record(v, COUPON_LINE_KEYS);
  integer(l.id, 1);
  text(l.code);
  money(l.amount);
}

function refund(v: unknown): void {
  const r = record(v, REFUND_KEYS);
  integer(r.id, 1);
  instant(r.created_at);
  money(r.amount);
  text(r.reason, true);
}

function note(v: unknown): void {
  const n = record(v, NOTE_KEYS);
  integer(n.id, 1);
  instant(n.created_at);
  text(n.content);
  flag(n.customer_note);
  flag(n.approved);
  text(n.type, true);
}

function order(raw: unknown): OrderJsonInput {
  const o = record(raw, ORDER_KEYS);
  if (typeof o.status !== 'string' || !STATUSES.has(o.status)) throw UNSURE;
  integer(o.id, 1);
  text(o.number, true);
  instant(o.created_at);
  if (o.updated_at !== undefined) instant(o.updated_at);
  instantOrNull(o.completed_at);
  text(o.currency, true);
  money(o.total);
  money(o.cart_tax, true);
  money(o.shipping_total, true);
  money(o.shipping_tax, true);
  money(o.cart_discount, true);
  money(o.order_discount, true);
  if (o.payment !== undefined) {
    const p = record(o.payment, PAYMENT_KEYS);
    text(p.method_id, true);
    text(p.method_title, true);
    instantOrNull(p.paid_at);
  }
  address(o.billing, BILLING, BILLING_KEYS);
  address(o.shipping);
  text(o.customer_note, true);
  text(o.customer_ip, true);
  text(o.customer_user_agent, true);
  integer(o.customer_id, 0, true);
  list(o.items, item);
  list(o.shipping_lines, shippingLine);
  list(o.tax_lines, taxLine);
  list(o.fee_lines, feeLine);
  list(o.coupon_lines, couponLine);
  list(o.refunds, refund);
  list(o.notes, note);
  return o as OrderJsonInput;
}

/**
 * `raw` itself when it is a valid order the check recognises (zod would accept it; `SnapshotModelBuilder.order`
 * fills the defaults zod would), else undefined (then ask zod, which decides and reports). Never throws.
 */
export function checkOrderFast(raw: unknown): OrderJsonInput | undefined {
  if (prototypeTouched()) return undefined;
  try {
    return order(raw);
  } catch (error) {
    if (error === UNSURE) return undefined;
    throw error;
  }
}
