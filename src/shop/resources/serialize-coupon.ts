import { formatMoney } from './format-money';
import { formatTimestamp } from './format-timestamp';
import type { Coupon } from '../model/coupon';
import type { CouponResource } from './resource-types';

/**
 * Serializes a coupon into the API's coupon resource, in the legacy key order (without the 2.1-only
 * `apply_before_tax`). `usage_limit` and `usage_limit_per_user` are null when unset or 0 (unlimited); `amount` and
 * `minimum_amount` are two-decimal strings; `expiry_date` is the epoch `1970-01-01T00:00:00Z` for a coupon that
 * never expires. Id lists and `customer_emails` are copied as stored.
 *
 * It does not check the publish status: only published coupons exist for the API, and the caller (the handler or
 * the repository) decides which coupons are served.
 *
 * @param coupon - the coupon.
 * @returns a fresh resource object; it shares no arrays with `coupon`.
 * @example
 * ```ts
 * import { serializeCoupon } from 'wc-legacy-api/shop';
 * const body = { coupon: serializeCoupon(coupon) };
 * body.coupon.amount; // e.g. '10.00'
 * ```
 */
export function serializeCoupon(coupon: Coupon): CouponResource {
  return {
    id: coupon.id,
    code: coupon.code,
    type: coupon.type,
    created_at: formatTimestamp(coupon.createdAt),
    updated_at: formatTimestamp(coupon.updatedAt),
    amount: formatMoney(coupon.amount),
    individual_use: coupon.individualUse,
    product_ids: coupon.productIds.slice(),
    exclude_product_ids: coupon.excludeProductIds.slice(),
    usage_limit: limitOrNull(coupon.usageLimit),
    usage_limit_per_user: limitOrNull(coupon.usageLimitPerUser),
    limit_usage_to_x_items: coupon.limitUsageToXItems,
    usage_count: coupon.usageCount,
    expiry_date: formatTimestamp(coupon.expiresAt),
    enable_free_shipping: coupon.freeShipping,
    product_category_ids: coupon.productCategoryIds.slice(),
    exclude_product_category_ids: coupon.excludeProductCategoryIds.slice(),
    exclude_sale_items: coupon.excludeSaleItems,
    minimum_amount: formatMoney(coupon.minimumAmount),
    customer_emails: coupon.customerEmails.slice(),
  };
}

/** A usage limit of 0 means "no limit", exactly like an unset one. */
function limitOrNull(limit: number | null): number | null {
  return limit === null || limit === 0 ? null : limit;
}
