import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeCoupon, type CouponResource } from 'wc-legacy-api/shop';
import { arbitraryInstant, arbitraryMoney, at, buildCoupon, money } from './builders';

const COUPON_KEYS = [
  'id', 'code', 'type', 'created_at', 'updated_at', 'amount', 'individual_use', 'product_ids', 'exclude_product_ids',
  'usage_limit', 'usage_limit_per_user', 'limit_usage_to_x_items', 'usage_count', 'expiry_date',
  'enable_free_shipping', 'product_category_ids', 'exclude_product_category_ids', 'exclude_sale_items',
  'minimum_amount', 'customer_emails',
];

describe('serializeCoupon', () => {
  it('serializes every field of a coupon with limits and an expiry', () => {
    const coupon = buildCoupon({
      id: 512,
      code: 'summer-25',
      type: 'fixed_cart',
      createdAt: at('2024-05-01T08:00:00.700Z'),
      updatedAt: at('2024-05-02T09:30:00Z'),
      amount: money('12.345'),
      individualUse: true,
      productIds: [10, 11],
      excludeProductIds: [12],
      usageLimit: 100,
      usageLimitPerUser: 2,
      limitUsageToXItems: 3,
      usageCount: 17,
      expiresAt: at('2024-08-31T00:00:00Z'),
      freeShipping: true,
      productCategoryIds: [5],
      excludeProductCategoryIds: [6, 7],
      excludeSaleItems: true,
      minimumAmount: money('49.995'),
      customerEmails: ['a@example.com', 'b@example.com'],
    });
    const expected: CouponResource = {
      id: 512,
      code: 'summer-25',
      type: 'fixed_cart',
      created_at: '2024-05-01T08:00:00Z',
      updated_at: '2024-05-02T09:30:00Z',
      amount: '12.35', // 12.345 -> half away from zero
      individual_use: true,
      product_ids: [10, 11],
      exclude_product_ids: [12],
      usage_limit: 100,
      usage_limit_per_user: 2,
      limit_usage_to_x_items: 3,
      usage_count: 17,
      expiry_date: '2024-08-31T00:00:00Z',
      enable_free_shipping: true,
      product_category_ids: [5],
      exclude_product_category_ids: [6, 7],
      exclude_sale_items: true,
      minimum_amount: '50.00', // 49.995 -> 50.00
      customer_emails: ['a@example.com', 'b@example.com'],
    };
    const resource = serializeCoupon(coupon);
    expect(resource).toStrictEqual(expected);
    expect(Object.keys(resource)).toEqual(COUPON_KEYS); // legacy order, no apply_before_tax
  });

  it('serializes usage limits of 0 and unset as null, and a missing expiry as the epoch', () => {
    const zero = serializeCoupon(buildCoupon({ usageLimit: 0, usageLimitPerUser: 0, expiresAt: null }));
    expect(zero.usage_limit).toBeNull();
    expect(zero.usage_limit_per_user).toBeNull();
    expect(zero.expiry_date).toBe('1970-01-01T00:00:00Z');
    const unset = serializeCoupon(buildCoupon({ usageLimit: null, usageLimitPerUser: null }));
    expect(unset.usage_limit).toBeNull();
    expect(unset.usage_limit_per_user).toBeNull();
    const one = serializeCoupon(buildCoupon({ usageLimit: 1, usageLimitPerUser: 1 }));
    expect(one.usage_limit).toBe(1);
    expect(one.usage_limit_per_user).toBe(1);
  });

  it('serializes an unset minimum amount as 0.00 and empty lists as []', () => {
    const resource = serializeCoupon(buildCoupon({ minimumAmount: money(0), amount: money('5') }));
    expect(resource.minimum_amount).toBe('0.00');
    expect(resource.amount).toBe('5.00');
    expect(JSON.stringify(resource)).toContain('"product_ids":[],"exclude_product_ids":[]');
    expect(resource.customer_emails).toEqual([]);
  });

  it('copies the lists, so changing the resource leaves the coupon alone', () => {
    const coupon = buildCoupon({ productIds: [1], customerEmails: ['x@example.com'] });
    const resource = serializeCoupon(coupon);
    resource.product_ids.push(2);
    resource.customer_emails.length = 0;
    expect(coupon.productIds).toEqual([1]);
    expect(coupon.customerEmails).toEqual(['x@example.com']);
  });

  it('always writes money and timestamps in the wire formats', () => {
    fc.assert(
      fc.property(arbitraryMoney, arbitraryMoney, arbitraryInstant, fc.option(arbitraryInstant), (amount, minimum, created, expiry) => {
        const resource = serializeCoupon(buildCoupon({ amount, minimumAmount: minimum, createdAt: created, updatedAt: created, expiresAt: expiry }));
        for (const value of [resource.amount, resource.minimum_amount]) expect(value).toMatch(/^-?\d+\.\d{2}$/);
        for (const value of [resource.created_at, resource.updated_at, resource.expiry_date]) {
          expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        }
      }),
    );
  });
});
