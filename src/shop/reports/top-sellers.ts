import type { Order } from '../model/order';
import type { Product } from '../model/shop';
import { isSyncIterable } from '../repository/either-iterable';
import type { ReportRange, TopSellerResource, TopSellerRow } from './report-types';
import type { ShopRepository } from '../repository/shop-repository';
import { isReportOrderStatus, REPORT_ORDER_STATUSES, salesReportWindow } from './sales-report';

/**
 * `filter[limit]` of the top-sellers report when it is absent or not a non-negative integer.
 *
 * @example
 * ```ts
 * parseTopSellersLimit('oops') === DEFAULT_TOP_SELLERS_LIMIT; // true
 * ```
 */
export const DEFAULT_TOP_SELLERS_LIMIT = 12;

/**
 * Reads `filter[limit]` of the top-sellers report: a non-negative integer in decimal digits (surrounding spaces
 * allowed). Absent, empty or anything else (`-1`, `2.5`, `abc`) gives the default 12. `0` means no limit (every
 * product sold), as in the legacy API. Values beyond `Number.MAX_SAFE_INTEGER` are clamped to it.
 *
 * @example
 * ```ts
 * import { parseTopSellersLimit } from 'wc-legacy-api/shop';
 * parseTopSellersLimit(undefined); // 12
 * parseTopSellersLimit('5');       // 5
 * parseTopSellersLimit('0');       // 0 (no limit)
 * parseTopSellersLimit('ten');     // 12
 * ```
 */
export function parseTopSellersLimit(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  if (!/^\d+$/.test(text)) return DEFAULT_TOP_SELLERS_LIMIT;
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

/**
 * One line item's contribution to the top sellers: which (parent) product, how many, and when it was ordered.
 *
 * @example
 * ```ts
 * const line: TopSellerLine = { productId: 12, quantity: 2, createdAt: order.createdAt };
 * ```
 */
export interface TopSellerLine {
  /** The parent product id (a variation counts toward its parent). */
  readonly productId: number;
  readonly quantity: number;
  /** When the order holding the line was created. */
  readonly createdAt: Date;
}

/**
 * Looks products up by id; missing (deleted) ids are absent. `repository.getProducts` fits.
 *
 * @example
 * ```ts
 * const getProducts: ProductLookup = (ids) => repository.getProducts(ids);
 * ```
 */
export type ProductLookup = (ids: readonly number[]) => Promise<Map<number, Product>>;

/** Ranks tallied quantities and drops products that no longer exist, asking for as few products as possible. */
async function rank(
  quantities: ReadonlyMap<number, number>,
  limit: number,
  getProducts: ProductLookup,
): Promise<TopSellerRow[]> {
  const ranked = [...quantities].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const wanted = limit === 0 ? ranked.length : Math.min(limit, ranked.length);
  const rows: TopSellerRow[] = [];
  let next = 0;
  while (rows.length < wanted && next < ranked.length) {
    // Ask for the missing number of rows (at least 16) so a few deleted products cost one more round trip at most.
    const batch = ranked.slice(next, next + (limit === 0 ? 1000 : Math.max(16, wanted - rows.length)));
    next += batch.length;
    const products = await getProducts(batch.map(([id]) => id));
    for (const [productId, quantity] of batch) {
      const product = products.get(productId);
      if (product === undefined) continue;
      rows.push({ productId, name: product.name, quantity });
      if (rows.length === wanted) break;
    }
  }
  return rows;
}

/**
 * Ranks products by the summed quantity of the given lines created inside the range: highest first, ties by
 * product id ascending, at most `limit` rows (`0` = all), products that no longer exist left out. The lines must
 * already come from orders of counted statuses ({@link REPORT_ORDER_STATUSES}).
 *
 * @param lines - one entry per line item.
 * @param range - only lines created in `[range.start, range.end)` count.
 * @param limit - from {@link parseTopSellersLimit}.
 * @param getProducts - product lookup, e.g. `(ids) => repository.getProducts(ids)`.
 * @example
 * ```ts
 * import { computeTopSellers } from 'wc-legacy-api/shop';
 * const rows = await computeTopSellers(
 *   [{ productId: 7, quantity: 2, createdAt: new Date() }], range, 12, (ids) => repository.getProducts(ids));
 * ```
 */
export async function computeTopSellers(
  lines: AsyncIterable<TopSellerLine> | Iterable<TopSellerLine>,
  range: ReportRange,
  limit: number,
  getProducts: ProductLookup,
): Promise<TopSellerRow[]> {
  const inRange = rangeTest(range);
  return foldAndRank(lines, limit, getProducts, (line, add) => {
    if (inRange(line.createdAt)) add(line.productId, line.quantity);
  });
}

/**
 * {@link computeTopSellers} over whole orders: orders of a status outside {@link REPORT_ORDER_STATUSES} or created
 * outside the range are skipped; every line item counts toward its (parent) `productId`.
 *
 * @example
 * ```ts
 * import { topSellersFromOrders } from 'wc-legacy-api/shop';
 * const rows = await topSellersFromOrders(snapshot.orders, range, 12, (ids) => repository.getProducts(ids));
 * ```
 */
export async function topSellersFromOrders(
  orders: AsyncIterable<Order> | Iterable<Order>,
  range: ReportRange,
  limit: number,
  getProducts: ProductLookup,
): Promise<TopSellerRow[]> {
  const inRange = rangeTest(range);
  return foldAndRank(orders, limit, getProducts, (order, add) => {
    if (!isReportOrderStatus(order.status) || !inRange(order.createdAt)) return;
    for (const line of order.lineItems) add(line.productId, line.quantity);
  });
}

/** Whether an instant lies in the range's half-open `[start, end)`. */
function rangeTest(range: ReportRange): (at: Date) => boolean {
  const start = range.start.getTime();
  const end = range.end.getTime();
  return (at) => {
    const t = at.getTime();
    return t >= start && t < end;
  };
}

/** Tallies quantities per product over a sync or async source (`tally` calls `add` for what counts), then ranks. */
async function foldAndRank<T>(
  source: AsyncIterable<T> | Iterable<T>,
  limit: number,
  getProducts: ProductLookup,
  tally: (item: T, add: (productId: number, quantity: number) => void) => void,
): Promise<TopSellerRow[]> {
  const quantities = new Map<number, number>();
  const add = (productId: number, quantity: number): void => {
    quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  };
  if (isSyncIterable(source)) for (const item of source) tally(item, add);
  else for await (const item of source) tally(item, add);
  return rank(quantities, limit, getProducts);
}

/**
 * The top sellers of a range from a repository: through its `topSellers` pushdown when it has one, else by folding
 * `ordersCreatedIn` with {@link topSellersFromOrders}. Both give identical rows. An empty range asks nothing.
 *
 * @example
 * ```ts
 * import { parseTopSellersLimit, serializeTopSellers, topSellersFor } from 'wc-legacy-api/shop';
 * const rows = await topSellersFor(repository, range, parseTopSellersLimit(filter.limit));
 * const body = { top_sellers: serializeTopSellers(rows) };
 * ```
 */
export async function topSellersFor(
  repository: ShopRepository,
  range: ReportRange,
  limit: number,
): Promise<TopSellerRow[]> {
  if (range.end.getTime() <= range.start.getTime()) return [];
  const window = salesReportWindow(range);
  if (repository.topSellers !== undefined) {
    return [...(await repository.topSellers(window, REPORT_ORDER_STATUSES, limit))];
  }
  return topSellersFromOrders(repository.ordersCreatedIn(window, REPORT_ORDER_STATUSES), range, limit, (ids) =>
    repository.getProducts(ids),
  );
}

/**
 * The `top_sellers` array of `GET /reports/sales/top_sellers`: `{ title, product_id, quantity }` per row, numbers
 * as JSON numbers.
 *
 * @example
 * ```ts
 * import { serializeTopSellers } from 'wc-legacy-api/shop';
 * serializeTopSellers([{ productId: 7, name: 'Mug', quantity: 3 }]); // [{ title: 'Mug', product_id: 7, quantity: 3 }]
 * ```
 */
export function serializeTopSellers(rows: readonly TopSellerRow[]): TopSellerResource[] {
  return rows.map((row) => ({ title: row.name, product_id: row.productId, quantity: row.quantity }));
}
