import type { Order, OrderStatus } from '../../model/order';
import { ORDER_STATUSES } from '../../model/order';

// Orders kept newest first (createdAt descending, id descending), once overall, once per status and once per
// customer (so a customer's own listing walks only their orders). Arrays are never
// mutated after they are published: a change builds new arrays (copy-on-write), so an iteration that spans `await`s
// (ordersCreatedIn) keeps reading one consistent state while updates go on.

/** Newest-first order: createdAt descending, then id descending. */
export function compareNewestFirst(a: Order, b: Order): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
}

/** First index in a newest-first array whose createdAt is <= `time` (everything before it is newer). */
export function firstAtOrBefore(list: readonly Order[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Order).createdAt.getTime() > time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in a newest-first array whose createdAt is < `time`. */
export function firstBefore(list: readonly Order[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Order).createdAt.getTime() >= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Position of `order` (by createdAt and id) in a newest-first array, or where it would be inserted. */
function positionOf(list: readonly Order[], order: Order): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNewestFirst(list[mid] as Order, order) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A slice `[from, to)` of one newest-first array. */
export interface OrderRun {
  readonly list: readonly Order[];
  readonly from: number;
  readonly to: number;
}

/** The newest-first indexes of the memory repository. */
export class OrderIndex {
  private all: readonly Order[];
  private readonly byStatus = new Map<OrderStatus, readonly Order[]>();
  private readonly byCustomer = new Map<number, readonly Order[]>();
  private readonly byId = new Map<number, Order>();

  constructor(orders: readonly Order[]) {
    const sorted = [...orders].sort(compareNewestFirst);
    this.all = sorted;
    for (const status of ORDER_STATUSES) this.byStatus.set(status, []);
    const groups = new Map<OrderStatus, Order[]>(ORDER_STATUSES.map((s) => [s, []]));
    const customers = new Map<number, Order[]>();
    for (const order of sorted) {
      this.byId.set(order.id, order);
      groups.get(order.status)?.push(order);
      let own = customers.get(order.customerId);
      if (own === undefined) customers.set(order.customerId, (own = []));
      own.push(order);
    }
    for (const [status, list] of groups) this.byStatus.set(status, list);
    for (const [customerId, list] of customers) this.byCustomer.set(customerId, list);
  }

  /** Every order, newest first (the current version of each). */
  newestFirst(): readonly Order[] {
    return this.all;
  }

  get(id: number): Order | undefined {
    return this.byId.get(id);
  }

  /**
   * The runs holding orders of these statuses (undefined = all) created in `[min, max]` (inclusive; undefined = open).
   * Each run is newest first; together they hold every matching order exactly once.
   */
  runs(statuses: readonly OrderStatus[] | undefined, min?: Date, max?: Date): OrderRun[] {
    const lists = statuses === undefined ? [this.all] : [...new Set(statuses)].map((s) => this.byStatus.get(s) ?? []);
    return this.slices(lists, min, max);
  }

  /** The one run of a customer's orders created in `[min, max]` (any status; the caller checks statuses). */
  customerRuns(customerId: number, min?: Date, max?: Date): OrderRun[] {
    return this.slices([this.byCustomer.get(customerId) ?? []], min, max);
  }

  private slices(lists: readonly (readonly Order[])[], min: Date | undefined, max: Date | undefined): OrderRun[] {
    // An invalid Date bound matches nothing, as it does for the other bounds (and in SQL).
    if (Number.isNaN(min?.getTime()) || Number.isNaN(max?.getTime())) return [];
    return lists.map((list) => ({
      list,
      from: max === undefined ? 0 : firstAtOrBefore(list, max.getTime()),
      to: min === undefined ? list.length : firstBefore(list, min.getTime()),
    }));
  }

  /** Replaces an order by a new version with the same id, createdAt and customer (status may differ). All or nothing. */
  replace(previous: Order, next: Order): void {
    const at = positionOf(this.all, previous);
    if (this.all[at] !== previous || next.id !== previous.id || next.createdAt.getTime() !== previous.createdAt.getTime()) {
      throw new Error(`order ${previous.id} is not indexed as given`);
    }
    const oldList = this.byStatus.get(previous.status) ?? [];
    const oldAt = positionOf(oldList, previous);
    if (oldList[oldAt] !== previous) throw new Error(`order ${previous.id} is not indexed under ${previous.status}`);
    const ownList = this.byCustomer.get(previous.customerId) ?? [];
    const ownAt = positionOf(ownList, previous);
    if (ownList[ownAt] !== previous || next.customerId !== previous.customerId) {
      throw new Error(`order ${previous.id} is not indexed under customer ${previous.customerId}`);
    }
    // Build every new array first, then publish them: nothing is half-applied if anything above throws.
    const all = this.all.slice();
    all[at] = next;
    const own = ownList.slice();
    own[ownAt] = next;
    const publish: [OrderStatus, readonly Order[]][] = [];
    if (previous.status === next.status) {
      const same = oldList.slice();
      same[oldAt] = next;
      publish.push([next.status, same]);
    } else {
      const newList = this.byStatus.get(next.status) ?? [];
      const newAt = positionOf(newList, next);
      const added = newList.slice(0, newAt);
      added.push(next);
      for (let i = newAt; i < newList.length; i++) added.push(newList[i] as Order);
      publish.push([previous.status, oldList.slice(0, oldAt).concat(oldList.slice(oldAt + 1))], [next.status, added]);
    }
    this.all = all;
    this.byCustomer.set(next.customerId, own);
    for (const [status, list] of publish) this.byStatus.set(status, list);
    this.byId.set(next.id, next);
  }
}

/** Walks several newest-first runs as one newest-first sequence (a k-way merge; k is at most the status count). */
export function* mergeNewestFirst(runs: readonly OrderRun[]): Generator<Order> {
  if (runs.length === 1) {
    const run = runs[0] as OrderRun;
    for (let i = run.from; i < run.to; i++) yield run.list[i] as Order;
    return;
  }
  const heads = runs.map((r) => r.from);
  for (;;) {
    let best = -1;
    for (let k = 0; k < runs.length; k++) {
      const run = runs[k] as OrderRun;
      const h = heads[k] as number;
      if (h >= run.to) continue;
      if (best === -1 || compareNewestFirst(run.list[h] as Order, (runs[best] as OrderRun).list[heads[best] as number] as Order) < 0) best = k;
    }
    if (best === -1) return;
    const run = runs[best] as OrderRun;
    const h = heads[best] as number;
    heads[best] = h + 1;
    yield run.list[h] as Order;
  }
}
