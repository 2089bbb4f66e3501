import { apiError, isApiError, type ApiError } from '../api-error';
import { applyFields } from '../../resources/apply-fields';
import { can, canEditOrder, canReadOrder, orderReadScope } from '../../model/caller';
import { fieldsOf, ok, recordId, type EndpointResult, type RequestContext } from '../endpoint-context';
import type { Order } from '../../model/order';
import type { Product, StoreSettings } from '../../model/shop';
import { lineProductIds } from '../../repository/shop-repository';
import { orderListQuery } from '../list-query';
import { paginationHeaders } from '../pagination-headers';
import { parseOrderEdit } from '../parse-body';
import { serializeOrder } from '../../resources/serialize-order';
import { serializeOrderNotes } from '../../resources/serialize-order-note';

/** `GET /orders`: one page of orders, with the pagination headers. */
export async function listOrders(rc: RequestContext): Promise<EndpointResult> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const lq = orderListQuery(rc.query, rc.ctx);
  if (isApiError(lq)) return lq;
  const { repository } = rc.ctx;
  // What the caller may read is part of the query, so the rows, the total and the pages all cover only that: the
  // headers never count an order the body leaves out (the legacy API counted them, a count oracle).
  const scope = orderReadScope(rc.caller);
  const filter = scope.kind === 'own' ? { ...lq.filter, customerId: scope.customerId } : lq.filter;
  // One call where the repository answers the page, its total and its products together (one database statement),
  // else the three calls.
  const [found, store] = await Promise.all([
    scope.kind === 'none'
      ? { orders: [], total: 0, products: undefined }
      : repository.orderPage !== undefined
        ? repository.orderPage(filter, lq.paging)
        : Promise.all([repository.listOrders(filter, lq.paging), repository.countOrders(filter)]).then(([orders, total]) => ({ orders, total, products: undefined })),
    rc.ctx.store(),
  ]);
  const total = found.total;
  // The record-level check still runs on every row: a repository that ignored the restriction leaks no order body.
  const readable = found.orders.filter((order) => canReadOrder(rc.caller, order));
  const serialized = await serializeOrders(rc, readable, store, found.products);
  const headers = paginationHeaders({
    siteUrl: store.siteUrl,
    secure: rc.secure,
    url: rc.url,
    page: lq.page,
    perPage: lq.perPage,
    total,
    offsetGiven: lq.offsetGiven,
  });
  return ok({ orders: serialized.map((o) => applyFields(o, fields)) }, headers);
}

/** `GET /orders/count`. */
export async function countOrders(rc: RequestContext): Promise<EndpointResult> {
  const lq = orderListQuery(rc.query, rc.ctx);
  if (isApiError(lq)) return lq;
  if (!can(rc.caller, 'read_private_shop_orders')) return apiError('shop_api_user_cannot_read_orders_count');
  return ok({ count: await rc.ctx.repository.countOrders(lq.filter) });
}

/** `GET /orders/<id>`. */
export async function getOrder(rc: RequestContext): Promise<EndpointResult> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const order = await readableOrder(rc);
  if (isApiError(order)) return order;
  const [serialized] = await serializeOrders(rc, [order], await rc.ctx.store());
  return ok({ order: applyFields(serialized!, fields) });
}

/** `GET /orders/<id>/notes`. */
export async function getOrderNotes(rc: RequestContext): Promise<EndpointResult> {
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const order = await readableOrder(rc);
  if (isApiError(order)) return order;
  return ok({ order_notes: serializeOrderNotes(order.notes).map((n) => applyFields(n, fields)) });
}

/** `PUT /orders/<id>`: the status change (with its note), answered with the full order. */
export async function editOrder(rc: RequestContext): Promise<EndpointResult> {
  const id = orderId(rc);
  if (isApiError(id)) return id;
  const { repository } = rc.ctx;
  const order = await repository.getOrder(id);
  if (order === undefined) return apiError('shop_api_invalid_order');
  if (!canEditOrder(rc.caller, order)) return apiError('shop_api_user_cannot_edit_order');
  const edit = parseOrderEdit(rc.request.body, rc.ctx.maxBodyBytes);
  if (isApiError(edit)) return edit;
  let updated: Order | undefined = order;
  if (edit.status !== undefined) {
    // The clock itself, not its reading: the repository reads it once it holds the order, so concurrent changes are
    // stamped in the order they apply.
    updated = await repository.updateOrderStatus(id, { status: edit.status, note: edit.note, at: rc.ctx.now });
    // Deleted between the read and the write: nothing changed.
    if (updated === undefined) return apiError('shop_api_invalid_order');
  }
  // The legacy API answers a write with the full order: `fields` does not apply.
  const [serialized] = await serializeOrders(rc, [updated], await rc.ctx.store());
  return ok({ order: serialized });
}

async function readableOrder(rc: RequestContext): Promise<Order | ApiError> {
  const id = orderId(rc);
  if (isApiError(id)) return id;
  const order = await rc.ctx.repository.getOrder(id);
  if (order === undefined) return apiError('shop_api_invalid_order');
  if (!canReadOrder(rc.caller, order)) return apiError('shop_api_user_cannot_read_order');
  return order;
}

function orderId(rc: RequestContext): number | ApiError {
  const id = recordId(rc.match.param);
  if (id === 0) return apiError('shop_api_invalid_order_id');
  // Beyond any id a store can hold: unknown, without asking the repository.
  if (id === undefined) return apiError('shop_api_invalid_order');
  return id;
}

// `known`: the products of these orders' lines, when the repository gave them with the page (orderPage).
async function serializeOrders(rc: RequestContext, orders: readonly Order[], store: StoreSettings, known?: ReadonlyMap<number, Product>) {
  if (orders.length === 0) return [];
  // A line's SKU is that of what was bought: the variation when there is one.
  const ids = known === undefined ? lineProductIds(orders) : [];
  const products = known ?? (ids.length === 0 ? new Map<number, Product>() : await rc.ctx.repository.getProducts(ids));
  return orders.map((order) => serializeOrder(order, { products, store }));
}
