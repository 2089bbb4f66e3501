// The PostgreSQL repository with its read cache in front: the reads whose answers are small and asked again and again
// (store settings, counts, pages, the reports) go through the cache; single orders and coupons, the streams and the
// writes go straight to the database. A write of this repository drops the cache as it resolves, so a client reads
// its own change at once; other processes' writes drop it when their notification arrives (read-cache.ts).
import type { ShopRepository } from '../../shop-repository';
import type { ReadCache } from './read-cache';

// An argument list as a key: JSON, with dates as their instants (toJSON), which is all the filters, pagings,
// windows and ranges hold.
const key = (method: string, args: readonly unknown[]): string => method + JSON.stringify(args);
const STORE_KEY = key('getStore', []);

/** `repository` with `cache` in front of its repeatable reads; its request-scoped forms share the same cache. */
export function withReadCache(repository: ShopRepository, cache: ReadCache): ShopRepository {
  const { aggregateSales, topSellers, orderPage, forRequest } = repository;
  return {
    ...repository,
    getStore: () => cache.read(STORE_KEY, () => repository.getStore()),
    listOrders: (filter, paging) =>
      cache.read(key('listOrders', [filter, paging]), () => repository.listOrders(filter, paging), (orders) => orders.length),
    countOrders: (filter) => cache.read(key('countOrders', [filter]), () => repository.countOrders(filter)),
    ...(orderPage === undefined
      ? {}
      : {
          orderPage: (filter, paging) =>
            cache.read(key('orderPage', [filter, paging]), () => orderPage.call(repository, filter, paging), (page) => page.orders.length),
        }),
    countCoupons: (filter) => cache.read(key('countCoupons', [filter]), () => repository.countCoupons(filter)),
    ...(aggregateSales === undefined
      ? {}
      : { aggregateSales: (range, statuses) => cache.read(key('aggregateSales', [range, statuses]), () => aggregateSales.call(repository, range, statuses)) }),
    ...(topSellers === undefined
      ? {}
      : {
          topSellers: (window, statuses, limit) =>
            cache.read(key('topSellers', [window, statuses, limit]), () => topSellers.call(repository, window, statuses, limit)),
        }),
    async updateOrderStatus(id, change) {
      try {
        return await repository.updateOrderStatus(id, change);
      } finally {
        // Committed or not: a dropped cache is only a slower next read.
        cache.changed();
      }
    },
    ...(forRequest === undefined ? {} : { forRequest: (scope) => withReadCache(forRequest.call(repository, scope), cache) }),
  };
}
