import type { Coupon } from '../../model/coupon';
import type { Customer, Product, ShopSnapshot } from '../../model/shop';
import type { Order, OrderStatus } from '../../model/order';
import type { OrderNote } from '../../model/order-lines';
import { eitherIterable } from '../either-iterable';
import { mergeNewestFirst, OrderIndex } from './order-index';
import { lineProductIds, statusChangeTime, type CouponFilter, type OrderFilter, type OrderStatusChange, type Paging, type ShopRepository, type TimeWindow } from '../shop-repository';
import { couponSearchText, foldCase, matchesTerms, orderSearchText } from '../search-text';
import { isStorableText } from '../../model/storable-text';
import { statusChangeNoteText } from '../../model/status-note';
import { PeriodsAccumulator } from '../../reports/period-accumulator';
import { reportPeriodBounds } from '../../reports/report-periods';
import type { PeriodTotals, ReportRange } from '../../reports/report-types';
import { REPORT_CUSTOMER_ROLE } from '../../reports/sales-report';
import { ReportColumns } from './report-columns';

// Cost model (n = orders): an unfiltered or status-filtered page costs O(log n + offset + limit), a count by statuses
// O(statuses · log n), and created_at bounds are binary searches too. A customer restriction walks only that
// customer's orders. `updated_at` bounds and search terms are checked order by order (a scan of the candidates the
// other filters leave). Search texts are computed once per stored order, when the repository is built. A status change copies the affected index arrays (O(n)), which keeps running iterations consistent.
// A sales report (aggregateSales) costs O(orders in its range) over per-order columns built on the first report.

function within(time: Date, min: Date | undefined, max: Date | undefined): boolean {
  const t = time.getTime();
  return (min === undefined || t >= min.getTime()) && (max === undefined || t <= max.getTime());
}

function page<T>(source: Iterable<T>, paging: Paging, keep: (item: T) => boolean): T[] {
  const out: T[] = [];
  let skip = Math.max(0, Math.floor(paging.offset));
  const limit = paging.limit === null ? Infinity : Math.max(0, Math.floor(paging.limit));
  if (limit === 0) return out;
  for (const item of source) {
    if (!keep(item)) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

/** First index of an ascending array whose value is at or after `t`. */
function firstAtOrAfter(sorted: Float64Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function compareCouponsNewestFirst(a: Coupon, b: Coupon): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
}

/**
 * The embedded repository: a whole shop in memory, loaded from a {@link ShopSnapshot} (for example one returned by
 * `loadShopSnapshot`). Lists are newest first and served from indexes: a page of orders, filtered by status or not,
 * costs O(offset + limit) and a count by statuses O(number of statuses); `updated_at` ranges and search scan the
 * remaining candidates. The sales report push-down (`aggregateSales`) reads per-order figures kept in flat arrays
 * (built on the first report, about 65 bytes per order), so its cost follows the range, not the heap layout. Status changes are atomic and never modify the snapshot passed in (records are shared,
 * arrays are the repository's own).
 *
 * @example
 * ```ts
 * import { createMemoryRepository, loadShopSnapshot } from 'wc-legacy-api/shop';
 *
 * const loaded = loadShopSnapshot(jsonText);
 * if (loaded.ok) {
 *   const repository = createMemoryRepository(loaded.snapshot);
 *   const open = await repository.countOrders({ statuses: ['processing', 'on-hold'] });
 * }
 * ```
 */
export function createMemoryRepository(snapshot: ShopSnapshot): ShopRepository {
  const store = snapshot.store;
  const index = new OrderIndex(snapshot.orders);
  let lastNoteId = 0;
  for (const order of snapshot.orders) for (const note of order.notes) lastNoteId = Math.max(lastNoteId, note.id);

  const orderTexts = new WeakMap<Order, string>();
  const orderText = (order: Order): string => {
    let text = orderTexts.get(order);
    if (text === undefined) {
      text = orderSearchText(order);
      orderTexts.set(order, text);
    }
    return text;
  };
  // The search texts of every order, aligned with index.newestFirst(): an order keeps its position for good (the
  // creation time and id never change) and its search text (a status change does not touch it), so the array never
  // goes stale. A search walks it without touching an order object until a text matches: about five times faster
  // than a lookup per order, which keeps a search of 100,000 orders near 10 ms of CPU. Built here, with the indexes:
  // built on the first search instead, that one request would hold the event loop for the whole build.
  const allTexts: readonly string[] = index.newestFirst().map(orderSearchText);

  const couponsById = new Map<number, Coupon>(snapshot.coupons.map((c) => [c.id, c]));
  const published = snapshot.coupons.filter((c) => c.status === 'publish').sort(compareCouponsNewestFirst);
  const couponTexts = new Map<Coupon, string>(published.map((c) => [c, couponSearchText(c)]));
  const couponsByCode = new Map<string, Coupon>();
  for (const coupon of published) if (!couponsByCode.has(coupon.code)) couponsByCode.set(coupon.code, coupon);

  const products = new Map<number, Product>(snapshot.products.map((p) => [p.id, p]));
  const customersByRegistration = [...snapshot.customers].sort(
    (a, b) => a.registeredAt.getTime() - b.registeredAt.getTime() || a.id - b.id,
  );
  const firstRegisteredAtOrAfter = (t: number): number => {
    let lo = 0;
    let hi = customersByRegistration.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((customersByRegistration[mid] as Customer).registeredAt.getTime() < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  // Built on the first sales report (a repository that serves none never pays for them), then kept current. Customers
  // never change here, so the registration times of role `customer` are one sorted array: a period's count is the
  // difference of two binary searches.
  let columns: ReportColumns | undefined;
  let customerTimes: Float64Array | undefined;
  const reportColumns = (): ReportColumns => (columns ??= new ReportColumns(index.newestFirst()));
  const reportCustomerTimes = (): Float64Array =>
    (customerTimes ??= Float64Array.from(
      customersByRegistration.filter((c) => c.role === REPORT_CUSTOMER_ROLE),
      (c) => c.registeredAt.getTime(),
    ));

  function aggregateSales(range: ReportRange, statuses: readonly OrderStatus[]): PeriodTotals[] {
    const bounds = Float64Array.from(reportPeriodBounds(range));
    const periods = new PeriodsAccumulator(range.labels.length);
    if (range.labels.length > 0 && !bounds.some((b) => Number.isNaN(b))) {
      reportColumns().fold(bounds, statuses, periods);
      const times = reportCustomerTimes();
      let from = firstAtOrAfter(times, bounds[0] as number);
      for (let p = 0; p < range.labels.length; p++) {
        const to = firstAtOrAfter(times, bounds[p + 1] as number);
        periods.customers[p] = to - from;
        from = to;
      }
    }
    return range.labels.map((_, i) => periods.totals(i));
  }

  function orderCandidates(filter: OrderFilter): { source: Iterable<Order>; keep: (o: Order) => boolean; sized: number | null } {
    // A customer restriction walks that customer's own index (statuses are then checked order by order).
    const own = filter.customerId !== undefined;
    const runs = own
      ? index.customerRuns(filter.customerId as number, filter.createdMin, filter.createdMax)
      : index.runs(filter.statuses, filter.createdMin, filter.createdMax);
    const statuses = own && filter.statuses !== undefined ? new Set<string>(filter.statuses) : undefined;
    const terms = filter.search?.map(foldCase).filter((t) => t !== '') ?? [];
    const checkUpdated = filter.updatedMin !== undefined || filter.updatedMax !== undefined;
    const plain = statuses === undefined && !checkUpdated && terms.length === 0;
    const keep = plain
      ? () => true
      : (o: Order) =>
          (statuses === undefined || statuses.has(o.status)) &&
          (!checkUpdated || within(o.updatedAt, filter.updatedMin, filter.updatedMax)) &&
          (terms.length === 0 || matchesTerms(orderText(o), terms));
    const sized = plain ? runs.reduce((sum, r) => sum + Math.max(0, r.to - r.from), 0) : null;
    if (terms.length > 0 && !own && runs.length > 0) {
      // A search over most of the shop reads the aligned texts first; statuses and updated_at are checked only on
      // the orders whose text matches. (A few small status lists are cheaper to walk as they are.)
      const [whole] = index.runs(undefined, filter.createdMin, filter.createdMax);
      const inStatuses = runs.reduce((sum, r) => sum + Math.max(0, r.to - r.from), 0);
      if (whole !== undefined && (filter.statuses === undefined || inStatuses * 4 > whole.to - whole.from)) {
        const wanted = filter.statuses === undefined ? undefined : new Set<string>(filter.statuses);
        const texts = allTexts;
        const matching = function* (): Generator<Order> {
          for (let i = whole.from; i < whole.to; i++) if (matchesTerms(texts[i] as string, terms)) yield whole.list[i] as Order;
        };
        const rest = (o: Order) => (wanted === undefined || wanted.has(o.status)) && (!checkUpdated || within(o.updatedAt, filter.updatedMin, filter.updatedMax));
        return { source: { [Symbol.iterator]: matching }, keep: rest, sized: null };
      }
    }
    return { source: { [Symbol.iterator]: () => mergeNewestFirst(runs) }, keep, sized };
  }

  function couponCandidates(filter: CouponFilter): (c: Coupon) => boolean {
    const terms = filter.search?.map(foldCase).filter((t) => t !== '') ?? [];
    return (c) =>
      within(c.createdAt, filter.createdMin, filter.createdMax) &&
      within(c.updatedAt, filter.updatedMin, filter.updatedMax) &&
      (terms.length === 0 || matchesTerms(couponTexts.get(c) ?? couponSearchText(c), terms));
  }

  function countOrders(filter: OrderFilter): number {
    const { source, keep, sized } = orderCandidates(filter);
    if (sized !== null) return sized;
    let n = 0;
    for (const order of source) if (keep(order)) n++;
    return n;
  }

  function productsOf(ids: readonly number[]): Map<number, Product> {
    const found = new Map<number, Product>();
    for (const id of ids) {
      const product = products.get(id);
      if (product !== undefined) found.set(id, product);
    }
    return found;
  }

  return {
    async getStore() {
      return store;
    },

    async listOrders(filter, paging) {
      const { source, keep } = orderCandidates(filter);
      return page(source, paging, keep);
    },

    async countOrders(filter) {
      return countOrders(filter);
    },

    // The three calls of GET /orders in one, as a database answers them in one statement: same answers.
    async orderPage(filter, paging) {
      const { source, keep } = orderCandidates(filter);
      const orders = page(source, paging, keep);
      return { orders, total: countOrders(filter), products: productsOf(lineProductIds(orders)) };
    },

    async getOrder(id) {
      return index.get(id);
    },

    async updateOrderStatus(id: number, change: OrderStatusChange) {
      // What PostgreSQL cannot store is refused here too, the same way: one contract on every backend.
      if (!isStorableText(change.note)) {
        throw new RangeError('updateOrderStatus: the note holds a NUL character or a lone surrogate, which PostgreSQL text cannot store');
      }
      // Everything below runs synchronously, so no other call can interleave: the change is atomic.
      const previous = index.get(id);
      if (previous === undefined) return undefined;
      if (previous.status === change.status) return previous;
      const at = statusChangeTime(change, previous.updatedAt);
      const note: OrderNote = {
        id: lastNoteId + 1,
        createdAt: at,
        content: statusChangeNoteText(change.note, previous.status, change.status),
        customerNote: false,
        approved: true,
        type: 'order_note',
      };
      const next: Order = {
        ...previous,
        status: change.status,
        updatedAt: at,
        completedAt: change.status === 'completed' ? at : previous.completedAt,
        notes: [...previous.notes, note],
      };
      index.replace(previous, next);
      columns?.setStatus(next);
      lastNoteId = note.id;
      return next;
    },

    async listCoupons(filter, paging) {
      return page(published, paging, couponCandidates(filter));
    },

    async countCoupons(filter) {
      const keep = couponCandidates(filter);
      let n = 0;
      for (const coupon of published) if (keep(coupon)) n++;
      return n;
    },

    async getCoupon(id) {
      return couponsById.get(id);
    },

    async getCouponByCode(code) {
      return couponsByCode.get(code);
    },

    async getProducts(ids) {
      return productsOf(ids);
    },

    // Both streams are sync-iterable too (`eitherIterable`), so report folds skip one `await` per record.
    ordersCreatedIn(window: TimeWindow, statuses: readonly OrderStatus[]) {
      // Half-open [start, end): an inclusive range ending 1 ms before `end`. The runs are immutable arrays taken
      // when iteration starts, so a status change while the caller folds does not disturb it.
      return eitherIterable(function* () {
        const runs = index.runs(statuses, window.start, new Date(window.end.getTime() - 1));
        for (const run of runs) for (let i = run.from; i < run.to; i++) yield run.list[i] as Order;
      });
    },

    customersRegisteredIn(window: TimeWindow, role: string) {
      return eitherIterable(function* () {
        const end = window.end.getTime();
        for (let i = firstRegisteredAtOrAfter(window.start.getTime()); i < customersByRegistration.length; i++) {
          const customer = customersByRegistration[i] as Customer;
          if (customer.registeredAt.getTime() >= end) break;
          if (customer.role === role) yield customer;
        }
      });
    },

    // The sales report over per-order columns built once (report-columns.ts): identical to the stream fold.
    async aggregateSales(range, statuses) {
      return aggregateSales(range, statuses);
    },
  };
}
