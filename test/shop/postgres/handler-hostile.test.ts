// Hostile query values through the handler over the PostgreSQL repository: the same answers as over memory, and
// never a 500 (a SQL error would surface as one).
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, createShopApi, type ShopApi } from 'wc-legacy-api/shop';
import { FIXTURE_NOW, fixtureSnapshot, testAuthenticate } from '../conformance/fixture';
import { loadedRepository, TARGETS } from './harness';

const enc = encodeURIComponent;
const HOSTILE = ['%00', enc("' OR 1=1 --"), enc('%'), enc('_'), enc('\\'), enc('x'.repeat(5000)), enc('%_\\'), '%ED%A0%80', enc('😀')];

const PATHS = [
  ...HOSTILE.map((v) => `/wc-api/v1/orders?filter[q]=${v}`),
  ...HOSTILE.map((v) => `/wc-api/v1/orders/count?filter[q]=${v}&status=processing,completed`),
  ...HOSTILE.map((v) => `/wc-api/v1/coupons?filter[q]=${v}`),
  ...HOSTILE.map((v) => `/wc-api/v1/coupons/code/${v}`),
  '/wc-api/v1/orders/99999999999999999999999',
  '/wc-api/v1/orders/9007199254740993',
  '/wc-api/v1/orders/-1',
  '/wc-api/v1/coupons/1e300',
  '/wc-api/v1/orders?filter[created_at_min]=0001-01-01&filter[created_at_max]=275760-09-13',
  '/wc-api/v1/orders?filter[updated_at_min]=9999-12-31T23:59:59Z',
  '/wc-api/v1/orders?filter[limit]=99999999999999999999&page=99999999999999999999',
  '/wc-api/v1/orders?filter[offset]=9007199254740993',
  '/wc-api/v1/orders?status=%00',
  '/wc-api/v1/reports/sales?filter[date_min]=0001-01-01&filter[date_max]=0001-01-02',
  '/wc-api/v1/reports/sales/top_sellers?filter[period]=year&filter[limit]=99999999999999999999',
];

describe.each(TARGETS)('hostile requests through the handler over postgres on $name', (target) => {
  let memory: ShopApi;
  let postgres: ShopApi;

  beforeAll(async () => {
    const options = { now: () => FIXTURE_NOW, authenticate: testAuthenticate };
    memory = createShopApi({ repository: createMemoryRepository(fixtureSnapshot()), ...options });
    postgres = createShopApi({ repository: await loadedRepository(target, fixtureSnapshot()), ...options });
  });

  it.each(PATHS)('GET %s answers as over memory, never 500', async (url) => {
    const req = { method: 'GET', url, headers: { 'x-test-caller': 'manager' } };
    const [m, p] = await Promise.all([memory.handle(req), postgres.handle(req)]);
    expect(p.status).toBeLessThan(500);
    expect({ status: p.status, body: p.body }).toEqual({ status: m.status, body: m.body });
  });
});
