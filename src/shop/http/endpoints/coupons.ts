import { apiError, isApiError } from '../api-error';
import { applyFields } from '../../resources/apply-fields';
import { can, canReadCoupon, couponReadScope } from '../../model/caller';
import type { Coupon } from '../../model/coupon';
import { fieldsOf, ok, recordId, type EndpointResult, type RequestContext } from '../endpoint-context';
import { couponListQuery } from '../list-query';
import { paginationHeaders } from '../pagination-headers';
import { serializeCoupon } from '../../resources/serialize-coupon';

/** `GET /coupons`: one page of published coupons, with the pagination headers. */
export async function listCoupons(rc: RequestContext): Promise<EndpointResult> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const lq = couponListQuery(rc.query, rc.ctx);
  if (isApiError(lq)) return lq;
  const { repository } = rc.ctx;
  // A caller who may read no coupon gets an empty page and a zero total without a query: the total must not count
  // what the body leaves out (it would reveal codes through filter[q]).
  const none = couponReadScope(rc.caller).kind === 'none';
  const [rows, total, store] = await Promise.all([
    none ? [] : repository.listCoupons(lq.filter, lq.paging),
    none ? 0 : repository.countCoupons(lq.filter),
    rc.ctx.store(),
  ]);
  const coupons = rows
    .filter((coupon) => coupon.status === 'publish' && canReadCoupon(rc.caller, coupon))
    .map((coupon) => applyFields(serializeCoupon(coupon), fields));
  const headers = paginationHeaders({
    siteUrl: store.siteUrl,
    secure: rc.secure,
    url: rc.url,
    page: lq.page,
    perPage: lq.perPage,
    total,
    offsetGiven: lq.offsetGiven,
  });
  return ok({ coupons }, headers);
}

/** `GET /coupons/count`. */
export async function countCoupons(rc: RequestContext): Promise<EndpointResult> {
  const lq = couponListQuery(rc.query, rc.ctx);
  if (isApiError(lq)) return lq;
  if (!can(rc.caller, 'read_private_shop_coupons')) return apiError('shop_api_user_cannot_read_coupons_count');
  return ok({ count: await rc.ctx.repository.countCoupons(lq.filter) });
}

/** `GET /coupons/<id>`. */
export async function getCoupon(rc: RequestContext): Promise<EndpointResult> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const id = recordId(rc.match.param);
  if (id === undefined || id === 0) return apiError('shop_api_invalid_coupon_id');
  return couponResponse(rc, await rc.ctx.repository.getCoupon(id), fields, 'shop_api_invalid_coupon_id');
}

/** `GET /coupons/code/<code>`. */
export async function getCouponByCode(rc: RequestContext): Promise<EndpointResult> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const code = rc.match.param ?? '';
  return couponResponse(rc, await rc.ctx.repository.getCouponByCode(code), fields, 'shop_api_invalid_coupon_code');
}

function couponResponse(
  rc: RequestContext,
  coupon: Coupon | undefined,
  fields: string | undefined,
  notFound: 'shop_api_invalid_coupon_id' | 'shop_api_invalid_coupon_code',
): EndpointResult {
  // An unpublished coupon does not exist for this interface (spec).
  if (coupon === undefined || coupon.status !== 'publish') return apiError(notFound);
  if (!canReadCoupon(rc.caller, coupon)) return apiError('shop_api_user_cannot_read_coupon');
  return ok({ coupon: applyFields(serializeCoupon(coupon), fields) });
}
