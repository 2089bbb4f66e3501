import type { Coupon } from './coupon';
import type { Order } from './order';

/** The rest of a shop: products, customers, store settings, and the whole-shop snapshot. */

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
