// The bridge never writes: a PUT is answered with the read-only envelope (503 shop_api_unavailable, Retry-After,
// never a 500) and the database is left as it was. And every statement runs under the request's budget: a statement
// held up by a lock another session keeps, or a request whose client left, ends as a 503, never a hang.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApi, RepositoryUnavailableError, SHOP_MANAGER_CAPABILITIES, type Caller } from 'wc-legacy-api/shop';
import { createWooCommerceRepository, type WooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';

const stores = existsSync(SHARED_STORES) ? readdirSync(SHARED_STORES).filter((d) => existsSync(new URL(`${d}/dump.sql`, SHARED_STORES))) : [];
const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };

describe.skipIf(MYSQL_URL === undefined || stores.length === 0).each(stores)('the WooCommerce bridge over %s stays read-only and on budget', (store) => {
  let pool: mysql.Pool;
  let repository: WooCommerceRepository;
  const checksums = async () => {
    const [tables] = await pool.query('SHOW TABLES');
    const names = (tables as Record<string, string>[]).map((r) => Object.values(r)[0]!);
    const [rows] = await pool.query(`CHECKSUM TABLE ${names.map((n) => `\`${n}\``).join(', ')}`);
    return rows;
  };

  beforeAll(async () => {
    pool = await loadDump(new URL(`${store}/dump.sql`, SHARED_STORES));
    const prefix = readFileSync(new URL(`${store}/table-prefix.txt`, SHARED_STORES), 'utf8').trim();
    repository = createWooCommerceRepository({ pool, tablePrefix: prefix, statementTimeoutMs: 400 });
  }, 120_000);
  afterAll(async () => {
    await repository?.close();
  });

  it('answers a status change with the read-only envelope and writes nothing', async () => {
    const errors: unknown[] = [];
    const api = createShopApi({ repository, onError: (e) => errors.push(e) });
    const [first] = await repository.listOrders({ statuses: ['processing'] }, { offset: 0, limit: 1 });
    expect(first).toBeDefined();
    const before = await checksums();
    const res = await api.handle({ method: 'PUT', url: `/wc-api/v1/orders/${first!.id}`, caller: manager, body: { order: { status: 'completed' } } });
    expect(res.status).toBe(503);
    expect(res.headers['Retry-After']).toBe('3600');
    expect(JSON.parse(res.body as string)).toEqual({
      errors: [{ code: 'shop_api_unavailable', message: 'This shop is served read-only here: changes are not accepted' }],
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RepositoryUnavailableError);
    expect((errors[0] as RepositoryUnavailableError).code).toBe('read-only');
    expect(await checksums()).toEqual(before);
    expect((await repository.getOrder(first!.id))?.status).toBe('processing');
    // An order that does not exist is still a 404, as on every backend.
    expect((await api.handle({ method: 'PUT', url: '/wc-api/v1/orders/999999', caller: manager, body: { order: { status: 'completed' } } })).status).toBe(404);
  });

  it('ends a statement held up past the budget with a 503, and frees the request', { timeout: 30_000 }, async () => {
    const api = createShopApi({ repository });
    const locker = await pool.getConnection();
    try {
      // Another session holds the options table: every read of it waits for the lock.
      const [hpos] = await locker.query("SHOW TABLES LIKE 'wp\\_wc\\_orders'");
      await locker.query(`LOCK TABLES \`wp_options\` WRITE, \`wp_posts\` WRITE${(hpos as unknown[]).length > 0 ? ', `wp_wc_orders` WRITE' : ''}`);
      const started = Date.now();
      const res = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/count', caller: manager });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body as string).errors[0].code).toBe('shop_api_unavailable');
      expect(res.headers['Retry-After']).toBe('1');
      // Bounded by the budget (400 ms) and the client-side grace, far below the lock's duration.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await locker.query('UNLOCK TABLES');
      locker.release();
    }
    expect((await api.handle({ method: 'GET', url: '/wc-api/v1/orders/count', caller: manager })).status).toBe(200);
  });

  it('stops the work of a request whose client went away', async () => {
    const controller = new AbortController();
    const scoped = repository.forRequest!({ signal: controller.signal });
    controller.abort();
    await expect(scoped.countOrders({})).rejects.toMatchObject({ name: 'RepositoryUnavailableError', code: 'cancelled' });
  });
});
