import type { Coupon } from './coupon';
import type { Order } from './order';

/**
 * Capability names. The first three are the spec's; the record-level ones are ours (see docs/decisions.md).
 *
 * @example
 * ```ts
 * CAPABILITIES.includes('view_shop_reports'); // true
 * ```
 */
export const CAPABILITIES = [
  /** Read any order, list and count orders (spec: orders count). */
  'read_private_shop_orders',
  /** Change the status of any order. */
  'edit_shop_orders',
  /** Read any coupon, list and count coupons (spec: coupons count). */
  'read_private_shop_coupons',
  /** Read the sales and top-seller reports (spec). */
  'view_shop_reports',
] as const;

/**
 * One of {@link CAPABILITIES}.
 *
 * @example
 * ```ts
 * const reportsOnly: Capability[] = ['view_shop_reports'];
 * ```
 */
export type Capability = (typeof CAPABILITIES)[number];

/**
 * Who is calling: the host application decides (session, JWT, API key) and passes it with each request.
 *
 * @example
 * ```ts
 * const manager: Caller = { userId: 1, capabilities: ['read_private_shop_orders', 'edit_shop_orders'] };
 * const customer: Caller = { userId: 42, capabilities: [] }; // may still read their own orders
 * ```
 */
export interface Caller {
  /** WordPress-style user id; 0 (or absent) for an anonymous caller. */
  readonly userId?: number | undefined;
  readonly capabilities: readonly Capability[];
}

/**
 * The caller used when a request carries none: no user, no capabilities.
 *
 * @example
 * ```ts
 * await api.handle({ method: 'GET', url: '/wc-api/v1/orders', caller: ANONYMOUS_CALLER }); // 200, no orders readable
 * ```
 */
export const ANONYMOUS_CALLER: Caller = Object.freeze({ userId: 0, capabilities: Object.freeze([]) as readonly Capability[] });

/**
 * Every capability: a shop manager or an administrator.
 *
 * @example
 * ```ts
 * const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
 * ```
 */
export const SHOP_MANAGER_CAPABILITIES: readonly Capability[] = Object.freeze([...CAPABILITIES]);

/**
 * Whether the caller holds a capability.
 *
 * @example
 * ```ts
 * can({ capabilities: ['view_shop_reports'] }, 'view_shop_reports'); // true
 * ```
 */
export function can(caller: Caller, capability: Capability): boolean {
  return caller.capabilities.includes(capability);
}

/**
 * Which orders a caller may read, as a restriction a listing pushes into its repository filter: every order, only
 * the orders of one customer (their own), or none.
 *
 * @example
 * ```ts
 * const scope: OrderReadScope = orderReadScope(caller);
 * if (scope.kind === 'own') filter = { ...filter, customerId: scope.customerId };
 * ```
 */
export type OrderReadScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'own'; readonly customerId: number }
  | { readonly kind: 'none' };

/**
 * The orders a caller may read: all with `read_private_shop_orders`, else their own when they are a user (`userId`
 * a positive integer), else none. {@link canReadOrder} is exactly membership in this scope.
 *
 * @example
 * ```ts
 * orderReadScope({ userId: 42, capabilities: [] }); // { kind: 'own', customerId: 42 }
 * orderReadScope(ANONYMOUS_CALLER); // { kind: 'none' }
 * ```
 */
export function orderReadScope(caller: Caller): OrderReadScope {
  if (can(caller, 'read_private_shop_orders')) return { kind: 'all' };
  const userId = caller.userId ?? 0;
  return Number.isSafeInteger(userId) && userId > 0 ? { kind: 'own', customerId: userId } : { kind: 'none' };
}

/**
 * Record-level read check for one order: managers read every order, a customer reads their own.
 *
 * @example
 * ```ts
 * canReadOrder({ userId: 42, capabilities: [] }, order); // true when order.customerId === 42
 * ```
 */
export function canReadOrder(caller: Caller, order: Pick<Order, 'customerId'>): boolean {
  const scope = orderReadScope(caller);
  return scope.kind === 'all' || (scope.kind === 'own' && order.customerId === scope.customerId);
}

/**
 * Record-level edit check for one order (the status change of `PUT /orders/<id>`).
 *
 * @example
 * ```ts
 * canEditOrder({ capabilities: ['edit_shop_orders'] }, order); // true
 * ```
 */
export function canEditOrder(caller: Caller, _order: Pick<Order, 'customerId'>): boolean {
  return can(caller, 'edit_shop_orders');
}

/**
 * Which coupons a caller may read: all of them or none (coupons have no owner).
 *
 * @example
 * ```ts
 * const scope: CouponReadScope = couponReadScope(caller); // { kind: 'none' } for a customer
 * ```
 */
export type CouponReadScope = { readonly kind: 'all' } | { readonly kind: 'none' };

/**
 * The coupons a caller may read: all with `read_private_shop_coupons`, else none. {@link canReadCoupon} is
 * membership in this scope.
 *
 * @example
 * ```ts
 * couponReadScope({ capabilities: ['read_private_shop_coupons'] }); // { kind: 'all' }
 * ```
 */
export function couponReadScope(caller: Caller): CouponReadScope {
  return can(caller, 'read_private_shop_coupons') ? { kind: 'all' } : { kind: 'none' };
}

/**
 * Record-level read check for one coupon.
 *
 * @example
 * ```ts
 * canReadCoupon({ capabilities: ['read_private_shop_coupons'] }, coupon); // true
 * ```
 */
export function canReadCoupon(caller: Caller, _coupon: Pick<Coupon, 'id'>): boolean {
  return couponReadScope(caller).kind === 'all';
}
