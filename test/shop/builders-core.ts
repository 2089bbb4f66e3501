import { Decimal } from 'decimal.js';
import { buildCoupon, buildStore } from './builders';
import type { BillingAddress, Coupon, Customer, Order, OrderNote, OrderStatus, Product, ShopSnapshot, StoreSettings } from 'wc-legacy-api/shop';

// A small hand-made shop for the repository contract: every record is chosen so a query has one obvious answer.

const d = (s: string) => new Decimal(s);
const t = (iso: string) => new Date(iso);

export const CONTRACT_STORE: StoreSettings = buildStore({ name: 'Contract Shop', description: 'fixture' });

const billing = (firstName: string, lastName: string, extra: Partial<BillingAddress> = {}): BillingAddress => ({
  firstName,
  lastName,
  company: '',
  address1: 'Hauptstraße 1',
  address2: '',
  city: 'Berlin',
  state: 'BE',
  postcode: '10115',
  country: 'DE',
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '',
  ...extra,
});

let lineId = 1;
let noteId = 1;

interface OrderSpec {
  id: number;
  status: OrderStatus;
  created: string;
  updated?: string;
  first: string;
  last: string;
  billing?: Partial<BillingAddress>;
  customerId?: number;
  customerNote?: string;
  items?: string[];
  notes?: number;
}

function order(spec: OrderSpec): Order {
  const notes: OrderNote[] = [];
  for (let i = 0; i < (spec.notes ?? 1); i++) {
    notes.push({ id: noteId++, createdAt: t(spec.created), content: `note ${i}`, customerNote: false, approved: true, type: 'order_note' });
  }
  return {
    id: spec.id,
    number: String(spec.id),
    createdAt: t(spec.created),
    updatedAt: t(spec.updated ?? spec.created),
    completedAt: spec.status === 'completed' ? t(spec.updated ?? spec.created) : null,
    status: spec.status,
    currency: 'EUR',
    total: d('23.80'),
    cartTax: d('3.80'),
    shippingTotal: d('0'),
    shippingTax: d('0'),
    cartDiscount: d('0'),
    orderDiscount: d('0'),
    payment: { methodId: 'bacs', methodTitle: 'Direct Bank Transfer', paidAt: null },
    billing: billing(spec.first, spec.last, spec.billing),
    shipping: billing(spec.first, spec.last),
    customerNote: spec.customerNote ?? '',
    customerIp: '127.0.0.1',
    customerUserAgent: 'test',
    customerId: spec.customerId ?? 0,
    lineItems: (spec.items ?? ['Blue Mug']).map((name) => ({
      id: lineId++,
      name,
      productId: 12,
      variationId: null,
      quantity: 1,
      subtotal: d('20.00'),
      total: d('20.00'),
      tax: d('3.80'),
      taxClass: '',
    })),
    shippingLines: [],
    taxLines: [{ id: lineId++, code: 'DE-MWST-1', title: 'MwSt.', taxTotal: d('3.80'), shippingTaxTotal: d('0'), compound: false }],
    feeLines: [],
    couponLines: [],
    refunds: [],
    notes,
  };
}

function coupon(id: number, code: string, status: Coupon['status'], created: string, extra: Partial<Coupon> = {}): Coupon {
  return buildCoupon({ id, code, status, createdAt: t(created), updatedAt: t(created), ...extra });
}

/**
 * The contract fixture. Newest first, the orders are: 99, 107, 106, 105, 104, 103, 102, 101 (103 and 102 share one
 * creation instant, so the id breaks the tie; 99 is the newest despite the smallest id).
 */
export function contractShop(): ShopSnapshot {
  lineId = 1;
  noteId = 1;
  const products: Product[] = [
    { id: 10, name: 'T-Shirt', sku: 'TS', parentId: null },
    { id: 11, name: 'T-Shirt - Blue', sku: 'TS-B', parentId: 10 },
    { id: 12, name: 'Blue Mug', sku: '', parentId: null },
  ];
  const customers: Customer[] = [
    { id: 1, email: 'boss@example.com', firstName: 'Boss', lastName: 'Manager', username: 'boss', role: 'shop_manager', registeredAt: t('2025-12-31T23:00:00Z') },
    { id: 2, email: 'alice@example.com', firstName: 'Alice', lastName: 'Smith', username: 'alice', role: 'customer', registeredAt: t('2026-01-01T00:00:00Z') },
    { id: 3, email: 'carol@example.com', firstName: 'Carol', lastName: 'Jones', username: 'carol', role: 'customer', registeredAt: t('2026-01-02T00:00:00Z') },
    { id: 4, email: 'dave@example.com', firstName: 'Dave', lastName: 'Brown', username: 'dave', role: 'customer', registeredAt: t('2026-01-03T00:00:00Z') },
  ];
  const orders: Order[] = [
    order({ id: 101, status: 'completed', created: '2026-01-01T10:00:00Z', updated: '2026-01-03T10:00:00Z', first: 'Alice', last: 'Smith', customerId: 2, items: ['Blue Mug', 'T-Shirt - Blue'], notes: 2 }),
    order({ id: 102, status: 'processing', created: '2026-01-02T10:00:00Z', updated: '2026-01-02T11:00:00.500Z', first: 'Bob', last: "O'Brien", billing: { company: 'Acme_Corp' }, customerNote: 'Leave at the "back door"' }),
    order({ id: 103, status: 'pending', created: '2026-01-02T10:00:00Z', updated: '2026-01-02T10:30:00Z', first: 'Carol', last: 'Jones', customerId: 3, items: ['100% Cotton Shirt'] }),
    order({ id: 104, status: 'on-hold', created: '2026-01-03T00:00:00Z', updated: '2026-01-04T00:00:00Z', first: 'Dave', last: 'Brown', customerId: 4, customerNote: 'Invoice path C:\\shop\\orders' }),
    order({ id: 105, status: 'cancelled', created: '2026-01-04T00:00:00Z', first: 'Jürgen', last: 'Müller', items: ['Crème Brûlée Set'] }),
    order({ id: 106, status: 'refunded', created: '2026-01-05T00:00:00Z', updated: '2026-01-06T00:00:00Z', first: 'Alice', last: 'Walker', items: ['1000 Cotton Shirts'], billing: { company: 'Smith & Co' } }),
    order({ id: 107, status: 'failed', created: '2026-01-05T12:00:00Z', first: 'Xavier', last: 'Young', billing: { email: 'x_y@example.com' } }),
    order({ id: 99, status: 'completed', created: '2026-01-06T00:00:00Z', updated: '2026-01-07T00:00:00Z', first: 'Xena', last: 'Ayala', billing: { email: 'xay@example.com' }, customerId: 2, notes: 3 }),
  ];
  const coupons: Coupon[] = [
    coupon(201, 'summer10', 'publish', '2025-06-01T00:00:00Z', { description: 'Summer sale 10% off' }),
    coupon(202, 'WINTER-Sale', 'publish', '2025-12-01T00:00:00Z', { description: 'Winter_sale' }),
    coupon(203, 'spring', 'draft', '2026-01-01T00:00:00Z'),
    coupon(204, 'summer10', 'publish', '2025-07-01T00:00:00Z', { description: 'Summer sale reissued', updatedAt: t('2025-08-01T00:00:00Z') }),
    coupon(205, 'staff', 'private', '2025-05-01T00:00:00Z'),
    coupon(206, 'gone', 'trash', '2025-04-01T00:00:00Z'),
    coupon(207, 'freeship', 'publish', '2025-07-01T00:00:00Z', { type: 'fixed_cart', freeShipping: true, usageLimit: 0 }),
  ];
  return { store: CONTRACT_STORE, products, customers, coupons, orders };
}

/** Ids of the contract fixture's orders, newest first. */
export const CONTRACT_NEWEST_FIRST = [99, 107, 106, 105, 104, 103, 102, 101];
