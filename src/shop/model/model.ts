import type Decimal from 'decimal.js';

/**
 * The shop domain model: what a shop's data is, independent of how it is stored or served.
 * Money is always a `Decimal` (exact); instants are `Date`s (UTC instants, never wall-clock strings).
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
 * Coupon discount types of the legacy API.
 *
 * @example
 * ```ts
 * COUPON_TYPES[0]; // 'fixed_cart'
 * ```
 */
export const COUPON_TYPES = ['fixed_cart', 'percent', 'fixed_product', 'percent_product'] as const;

/**
 * One of {@link COUPON_TYPES}.
 *
 * @example
 * ```ts
 * const type: CouponType = 'percent';
 * ```
 */
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * Publish status of a coupon post; only `publish` coupons exist for the API.
 *
 * @example
 * ```ts
 * COUPON_STATUSES.includes('draft'); // true
 * ```
 */
export const COUPON_STATUSES = ['publish', 'draft', 'pending', 'private', 'trash'] as const;

/**
 * One of {@link COUPON_STATUSES}.
 *
 * @example
 * ```ts
 * const status: CouponStatus = 'publish';
 * ```
 */
export type CouponStatus = (typeof COUPON_STATUSES)[number];

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

/**
 * A coupon.
 *
 * @example
 * ```ts
 * const live = snapshot.coupons.filter((coupon: Coupon) => coupon.status === 'publish');
 * ```
 */
export interface Coupon {
  readonly id: number;
  /** Coupon code as stored (WooCommerce stores codes lowercased). */
  readonly code: string;
  readonly type: CouponType;
  readonly status: CouponStatus;
  readonly description: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly amount: Decimal;
  readonly individualUse: boolean;
  readonly productIds: readonly number[];
  readonly excludeProductIds: readonly number[];
  /** Total usage limit; null or 0 means unlimited. */
  readonly usageLimit: number | null;
  /** Per-customer usage limit; null or 0 means unlimited. */
  readonly usageLimitPerUser: number | null;
  readonly limitUsageToXItems: number;
  readonly usageCount: number;
  /** Expiry instant, or null when the coupon never expires. */
  readonly expiresAt: Date | null;
  readonly freeShipping: boolean;
  readonly productCategoryIds: readonly number[];
  readonly excludeProductCategoryIds: readonly number[];
  readonly excludeSaleItems: boolean;
  readonly minimumAmount: Decimal;
  readonly customerEmails: readonly string[];
}

/**
 * A product or a product variation. A variation has a parent product.
 *
 * @example
 * ```ts
 * const variation: Product = { id: 71, name: 'Mug - Blue', sku: 'MUG-B', parentId: 7 };
 * ```
 */
export interface Product {
  readonly id: number;
  readonly name: string;
  readonly sku: string;
  /** The parent product id for a variation, else null. */
  readonly parentId: number | null;
}

/**
 * A registered user of the shop.
 *
 * @example
 * ```ts
 * const customers = snapshot.customers.filter((user: Customer) => user.role === 'customer');
 * ```
 */
export interface Customer {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly username: string;
  /** WordPress role, e.g. `customer`, `shop_manager`, `administrator`. */
  readonly role: string;
  readonly registeredAt: Date;
}

/**
 * Store-wide settings.
 *
 * @example
 * ```ts
 * const store: StoreSettings = { name: 'Demo', description: '', siteUrl: 'https://shop.example.com', timeZone: 'Europe/Berlin',
 *   currency: 'EUR', currencySymbol: '€', pricesIncludeTax: true, weightUnit: 'kg', dimensionUnit: 'cm' };
 * ```
 */
export interface StoreSettings {
  readonly name: string;
  readonly description: string;
  /** Public base URL of the shop, e.g. `https://shop.example.com` (no trailing slash). */
  readonly siteUrl: string;
  /** IANA time zone of the shop, e.g. `Europe/Berlin`; reports use its calendar days. */
  readonly timeZone: string;
  /** ISO 4217 currency code, e.g. `EUR`. */
  readonly currency: string;
  /** Currency symbol, e.g. `€`. */
  readonly currencySymbol: string;
  readonly pricesIncludeTax: boolean;
  readonly weightUnit: string;
  readonly dimensionUnit: string;
}

/**
 * A whole shop's data: what a snapshot file holds and what a repository is loaded from.
 *
 * @example
 * ```ts
 * const snapshot: ShopSnapshot = { store, products: [], customers: [], coupons: [], orders: [] };
 * const repository = createMemoryRepository(snapshot);
 * ```
 */
export interface ShopSnapshot {
  readonly store: StoreSettings;
  readonly products: readonly Product[];
  readonly customers: readonly Customer[];
  readonly coupons: readonly Coupon[];
  readonly orders: readonly Order[];
}
