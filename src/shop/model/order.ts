import type { Decimal } from 'decimal.js';
import type { LineItem, ShippingLine, TaxLine, FeeLine, CouponLine, Refund, OrderNote } from './order-lines';

/**
 * Orders: their statuses, addresses, payment and the order record (part of the domain model, independent of how it
 * is stored or served). Money is always a `Decimal`; instants are `Date`s, never wall-clock strings.
 */

/**
 * Order statuses of the legacy API (WooCommerce `wc-*` post statuses, served without the prefix).
 *
 * @example
 * ```ts
 * ORDER_STATUSES.includes('on-hold'); // true
 * ```
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;

/**
 * One of {@link ORDER_STATUSES}.
 *
 * @example
 * ```ts
 * const status: OrderStatus = 'processing';
 * ```
 */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A postal address as the shop stores it. Unset parts are empty strings, never null.
 *
 * @example
 * ```ts
 * const address: Address = { firstName: 'Ada', lastName: 'Lovelace', company: '', address1: '1 Main St', address2: '',
 *   city: 'London', state: '', postcode: 'N1 1AA', country: 'GB' };
 * ```
 */
export interface Address {
  readonly firstName: string;
  readonly lastName: string;
  readonly company: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly postcode: string;
  readonly country: string;
}

/**
 * A billing address: an {@link Address} plus contact details.
 *
 * @example
 * ```ts
 * const billing: BillingAddress = { ...address, email: 'ada@example.com', phone: '' };
 * ```
 */
export interface BillingAddress extends Address {
  readonly email: string;
  readonly phone: string;
}

/**
 * Payment method of an order.
 *
 * @example
 * ```ts
 * const payment: Payment = { methodId: 'bacs', methodTitle: 'Bank transfer', paidAt: null };
 * ```
 */
export interface Payment {
  readonly methodId: string;
  readonly methodTitle: string;
  /** When the order was paid, or null when it was not. */
  readonly paidAt: Date | null;
}

/**
 * An order with all its lines.
 *
 * @example
 * ```ts
 * const open = snapshot.orders.filter((order: Order) => order.status === 'processing');
 * ```
 */
export interface Order {
  readonly id: number;
  /** Display number; usually the id as a string. */
  readonly number: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly completedAt: Date | null;
  readonly status: OrderStatus;
  readonly currency: string;
  readonly total: Decimal;
  /** Tax on items (cart tax). */
  readonly cartTax: Decimal;
  readonly shippingTotal: Decimal;
  readonly shippingTax: Decimal;
  readonly cartDiscount: Decimal;
  readonly orderDiscount: Decimal;
  readonly payment: Payment;
  readonly billing: BillingAddress;
  readonly shipping: Address;
  /** The customer's checkout note. */
  readonly customerNote: string;
  readonly customerIp: string;
  readonly customerUserAgent: string;
  /** Customer user id; 0 for a guest order. */
  readonly customerId: number;
  readonly lineItems: readonly LineItem[];
  readonly shippingLines: readonly ShippingLine[];
  readonly taxLines: readonly TaxLine[];
  readonly feeLines: readonly FeeLine[];
  readonly couponLines: readonly CouponLine[];
  readonly refunds: readonly Refund[];
  readonly notes: readonly OrderNote[];
}
