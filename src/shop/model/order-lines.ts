import type { Decimal } from 'decimal.js';

/** The records an order holds: line items, shipping, tax, fee and coupon lines, refunds and notes. */

/**
 * A product line of an order.
 *
 * @example
 * ```ts
 * const item: LineItem = { id: 1, name: 'Mug', productId: 7, variationId: null, quantity: 2,
 *   subtotal: new Decimal('20'), total: new Decimal('18'), tax: new Decimal('3.42'), taxClass: '' };
 * ```
 */
export interface LineItem {
  readonly id: number;
  readonly name: string;
  /** The (parent) product id; kept even when the product has since been deleted. */
  readonly productId: number;
  /** The variation id when a variation was bought, else null. */
  readonly variationId: number | null;
  readonly quantity: number;
  /** Line subtotal before discounts, excluding tax. */
  readonly subtotal: Decimal;
  /** Line total after discounts, excluding tax. */
  readonly total: Decimal;
  /** Tax on the line total. */
  readonly tax: Decimal;
  /** Tax class; the empty string is the standard class. */
  readonly taxClass: string;
}

/**
 * A shipping line of an order.
 *
 * @example
 * ```ts
 * const line: ShippingLine = { id: 5, methodId: 'flat_rate', methodTitle: 'Flat rate', total: new Decimal('4.90') };
 * ```
 */
export interface ShippingLine {
  readonly id: number;
  readonly methodId: string;
  readonly methodTitle: string;
  readonly total: Decimal;
}

/**
 * A tax line of an order, one per tax rate code.
 *
 * @example
 * ```ts
 * const line: TaxLine = { id: 6, code: 'DE-VAT-1', title: 'VAT', taxTotal: new Decimal('3.42'),
 *   shippingTaxTotal: new Decimal('0.93'), compound: false };
 * ```
 */
export interface TaxLine {
  readonly id: number;
  readonly code: string;
  readonly title: string;
  /** Tax on items charged at this rate. */
  readonly taxTotal: Decimal;
  /** Tax on shipping charged at this rate. */
  readonly shippingTaxTotal: Decimal;
  readonly compound: boolean;
}

/**
 * A fee line of an order.
 *
 * @example
 * ```ts
 * const fee: FeeLine = { id: 8, title: 'Gift wrap', taxClass: '', total: new Decimal('2'), tax: new Decimal('0.38') };
 * ```
 */
export interface FeeLine {
  readonly id: number;
  readonly title: string;
  readonly taxClass: string;
  readonly total: Decimal;
  readonly tax: Decimal;
}

/**
 * A coupon applied to an order.
 *
 * @example
 * ```ts
 * const line: CouponLine = { id: 9, code: 'summer10', amount: new Decimal('2') };
 * ```
 */
export interface CouponLine {
  readonly id: number;
  readonly code: string;
  /** The discount this coupon gave on this order. */
  readonly amount: Decimal;
}

/**
 * A refund of (part of) an order.
 *
 * @example
 * ```ts
 * const refund: Refund = { id: 11, createdAt: new Date(), amount: new Decimal('5'), reason: 'Damaged' };
 * ```
 */
export interface Refund {
  readonly id: number;
  readonly createdAt: Date;
  /** Refunded amount, positive. */
  readonly amount: Decimal;
  readonly reason: string;
}

/**
 * A note on an order. Only approved notes of type `order_note` are served.
 *
 * @example
 * ```ts
 * const note: OrderNote = { id: 3, createdAt: new Date(), content: 'Packed.', customerNote: false, approved: true, type: 'order_note' };
 * ```
 */
export interface OrderNote {
  readonly id: number;
  readonly createdAt: Date;
  readonly content: string;
  /** True when the note was sent to the customer. */
  readonly customerNote: boolean;
  readonly approved: boolean;
  /** Comment type; `order_note` for order notes. */
  readonly type: string;
}
