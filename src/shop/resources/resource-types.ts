/**
 * The exact JSON shapes the API serves for orders, order notes and coupons (spec "Resources and their fields").
 * Key order in these declarations is the key order on the wire (the legacy API's order). Money fields are strings
 * with exactly two decimals; timestamps are `YYYY-MM-DDTHH:mm:ssZ` strings in UTC.
 */

/**
 * `payment_details` of an {@link OrderResource}.
 *
 * @example
 * ```ts
 * const value: PaymentDetailsResource = { method_id: 'bacs', method_title: 'Direct bank transfer', paid: false };
 * ```
 */
export interface PaymentDetailsResource {
  method_id: string;
  method_title: string;
  /** True when the order has a paid date. */
  paid: boolean;
}

/**
 * `shipping_address` of an {@link OrderResource}; unset parts are `""`.
 *
 * @example
 * ```ts
 * const value: AddressResource = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '12 Analytical Row', address_2: '', city: 'London', state: '', postcode: 'N1 7AA', country: 'GB' };
 * ```
 */
export interface AddressResource {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

/**
 * `billing_address` of an {@link OrderResource}: an {@link AddressResource} plus contact details.
 *
 * @example
 * ```ts
 * const value: BillingAddressResource = { ...address, email: 'ada@example.com', phone: '+44 20 7946 0000' };
 * ```
 */
export interface BillingAddressResource extends AddressResource {
  email: string;
  phone: string;
}

/**
 * One element of `line_items`.
 *
 * @example
 * ```ts
 * const value: LineItemResource = { id: 11, subtotal: '30.00', total: '25.00', total_tax: '5.00', price: '8.33', quantity: 3, tax_class: null, name: 'Widget', product_id: 100, sku: 'WID-100' };
 * ```
 */
export interface LineItemResource {
  id: number;
  /** Line subtotal before discounts, excluding tax. */
  subtotal: string;
  /** Line total after discounts, excluding tax. */
  total: string;
  total_tax: string;
  /** Unit price after discounts: total / quantity, rounded to cents. */
  price: string;
  quantity: number;
  /** Null for the standard (empty) tax class. */
  tax_class: string | null;
  name: string;
  /** The variation id for a variation, else the product id. */
  product_id: number;
  /** Null when the product (or variation) no longer exists. */
  sku: string | null;
}

/**
 * One element of `shipping_lines`.
 *
 * @example
 * ```ts
 * const value: ShippingLineResource = { id: 51, method_id: 'flat_rate', method_title: 'Flat Rate', total: '5.00' };
 * ```
 */
export interface ShippingLineResource {
  id: number;
  method_id: string;
  method_title: string;
  total: string;
}

/**
 * One element of `tax_lines`: one per tax rate code.
 *
 * @example
 * ```ts
 * const value: TaxLineResource = { code: 'GB-VAT-1', title: 'VAT', total: '10.00', compound: false };
 * ```
 */
export interface TaxLineResource {
  code: string;
  title: string;
  /** Tax on items plus tax on shipping at this rate. */
  total: string;
  compound: boolean;
}

/**
 * One element of `fee_lines`.
 *
 * @example
 * ```ts
 * const value: FeeLineResource = { id: 71, title: 'Gift wrap', tax_class: null, total: '3.00', total_tax: '0.60' };
 * ```
 */
export interface FeeLineResource {
  id: number;
  title: string;
  /** Null for the standard (empty) tax class. */
  tax_class: string | null;
  total: string;
  total_tax: string;
}

/**
 * One element of `coupon_lines`.
 *
 * @example
 * ```ts
 * const value: CouponLineResource = { id: 81, code: 'spring10', amount: '5.00' };
 * ```
 */
export interface CouponLineResource {
  id: number;
  code: string;
  amount: string;
}

/**
 * An order as served under `order` / `orders`.
 *
 * @example
 * ```ts
 * const value: OrderResource = serializeOrder(order, { products, store });
 * value.created_at; // '2024-03-05T09:15:30Z'
 * ```
 */
export interface OrderResource {
  id: number;
  order_number: string;
  created_at: string;
  updated_at: string;
  /** The epoch (`1970-01-01T00:00:00Z`) when the order was never completed. */
  completed_at: string;
  status: string;
  currency: string;
  total: string;
  subtotal: string;
  total_line_items_quantity: number;
  total_tax: string;
  total_shipping: string;
  cart_tax: string;
  shipping_tax: string;
  total_discount: string;
  cart_discount: string;
  order_discount: string;
  shipping_methods: string;
  payment_details: PaymentDetailsResource;
  billing_address: BillingAddressResource;
  shipping_address: AddressResource;
  note: string;
  customer_ip: string;
  customer_user_agent: string;
  /** 0 for a guest order. */
  customer_id: number;
  view_order_url: string;
  line_items: LineItemResource[];
  shipping_lines: ShippingLineResource[];
  tax_lines: TaxLineResource[];
  fee_lines: FeeLineResource[];
  coupon_lines: CouponLineResource[];
}

/**
 * An order note as served under `order_notes`.
 *
 * @example
 * ```ts
 * const value: OrderNoteResource = { id: 31, created_at: '2024-03-05T10:11:12Z', note: 'Parcel sent.', customer_note: true };
 * ```
 */
export interface OrderNoteResource {
  id: number;
  created_at: string;
  note: string;
  /** True when the note was sent to the customer. */
  customer_note: boolean;
}

/**
 * A coupon as served under `coupon` / `coupons`.
 *
 * @example
 * ```ts
 * const value: CouponResource = serializeCoupon(coupon);
 * value.usage_limit; // null when unlimited
 * ```
 */
export interface CouponResource {
  id: number;
  code: string;
  type: string;
  created_at: string;
  updated_at: string;
  amount: string;
  individual_use: boolean;
  product_ids: number[];
  exclude_product_ids: number[];
  /** Null when unlimited (unset or 0). */
  usage_limit: number | null;
  /** Null when unlimited (unset or 0). */
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number;
  usage_count: number;
  /** The epoch (`1970-01-01T00:00:00Z`) when the coupon never expires. */
  expiry_date: string;
  enable_free_shipping: boolean;
  product_category_ids: number[];
  exclude_product_category_ids: number[];
  exclude_sale_items: boolean;
  minimum_amount: string;
  customer_emails: string[];
}
