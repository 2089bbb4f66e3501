import type { Decimal } from 'decimal.js';

/** Coupons: their discount types, publication statuses and the coupon record. */

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
