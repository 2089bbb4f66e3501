// Every database request has a time budget: a statement that runs past it, a pool with no free connection, and a
// client that goes away all end the request's work and answer 503 with Retry-After and the envelope, never 500.
// The statement-level cases need a second session (a lock held elsewhere), so they run on the server only.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createPostgresRepository,
  createShopApi,
  importShopSnapshot,
  migratePostgres,
  RepositoryUnavailableError,
  SHOP_MANAGER_CAPABILITIES,
  type PostgresClient,
  type ShopRepository,
  type ShopResponse,
} from 'wc-legacy-api/shop';
import { fixtureSnapshot } from '../conformance/fixture';
import { DATABASE_URL, PGLITE_TARGET, POOL_TARGET } from './harness';

const caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const ORDERS = '/wc-api/v1/orders?status=processing';

function expectUnavailable(res: ShopResponse, message: RegExp): void {
  expect(res.status).toBe(503);
  expect(Number(res.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
  const body = JSON.parse(res.body!) as { errors: { code: string; message: string }[] };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]!.code).toBe('shop_api_unavailable');
  expect(body.errors[0]!.message).toMatch(message);
}

async function loaded(client: PostgresClient): Promise<void> {
  await migratePostgres(client);
  await importShopSnapshot(client, fixtureSnapshot());
}

describe('the request budget, on any backend', { timeout: 120_000 }, () => {
  it('refuses a statementTimeoutMs below 1 ms or not a number', async () => {
    const client = await PGLITE_TARGET.freshClient();
    for (const statementTimeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createPostgresRepository({ client, statementTimeoutMs })).toThrow(RangeError);
    }
  });

  it('answers 503 with Retry-After when a repository throws RepositoryUnavailableError, and tells onError', async () => {
    const memory = createMemoryRepository(fixtureSnapshot());
    const seen: unknown[] = [];
    for (const [code, message] of [
      ['busy', /busy/],
      ['timeout', /ran out of time/],
      ['unreachable', /unreachable/],
      ['cancelled', /cancelled/],
    ] as const) {
      const repository: ShopRepository = {
        ...memory,
        countOrders: () => Promise.reject(new RepositoryUnavailableError(code, 'internal detail: pool of 4', { retryAfterSeconds: 2.5 })),
        // GET /orders asks orderPage where there is one (memory has it): it fails the same way.
        orderPage: () => Promise.reject(new RepositoryUnavailableError(code, 'internal detail: pool of 4', { retryAfterSeconds: 2.5 })),
      };
      const api = createShopApi({ repository, onError: (error) => seen.push(error) });
      const res = await api.handle({ method: 'GET', url: ORDERS, caller });
      expectUnavailable(res, message);
      expect(res.headers['Retry-After']).toBe('3');
      expect(res.body).not.toContain('pool of 4');
    }
    expect(seen).toHaveLength(4);
  });

  it('gives each routed request its own view of the repository, with the request signal', async () => {
    const memory = createMemoryRepository(fixtureSnapshot());
    const signals: (AbortSignal | undefined)[] = [];
    const repository: ShopRepository = {
      ...memory,
      forRequest: (scope) => {
        signals.push(scope.signal);
        return memory;
      },
    };
    const api = createShopApi({ repository });
    const controller = new AbortController();
    expect((await api.handle({ method: 'GET', url: ORDERS, caller, signal: controller.signal })).status).toBe(200);
    expect((await api.handle({ method: 'GET', url: '/wc-api/v1/coupons', caller })).status).toBe(200);
    expect(signals).toEqual([controller.signal, undefined]);
  });

  it('does not start the work of a request whose client has already gone (PGlite)', async () => {
    const client = await PGLITE_TARGET.freshClient();
    await loaded(client);
    const api = createShopApi({ repository: createPostgresRepository({ client }) });
    expectUnavailable(await api.handle({ method: 'GET', url: ORDERS, caller, signal: AbortSignal.abort() }), /cancelled/);
    expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
  });
});

describe.skipIf(DATABASE_URL === undefined)('the request budget on the server', () => {
  let client: pg.Pool;
  let schema: string;

  beforeAll(async () => {
    client = (await POOL_TARGET.freshClient()) as pg.Pool;
    await loaded(client);
    schema = String((await client.query('SELECT current_schema() AS s')).rows[0].s);
  });

  // A second session holding an exclusive lock on the orders, so any read of them waits until it is released.
  async function lockOrders(): Promise<{ release(): Promise<void> }> {
    const holder = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE shop_orders IN ACCESS EXCLUSIVE MODE');
    return {
      release: async () => {
        await holder.query('ROLLBACK');
        await holder.end();
      },
    };
  }

  async function waitingOnLock(): Promise<number> {
    // Waiting lock requests on this test's own shop_orders (the name resolves in its schema): other test files on the
    // same server lock their own tables, which must not count here.
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'shop_orders'::regclass AND NOT granted AND pid <> pg_backend_pid()`,
    );
    return Number(rows[0].n);
  }

  // The answer may come a moment before the server has ended every statement of the request (a page and its count run
  // side by side): they must be gone within 2 s, long before the lock (held until the test releases it) or a 60 s
  // budget would end them.
  async function expectNoneWaiting(): Promise<void> {
    for (let i = 0; i < 80 && (await waitingOnLock()) > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await waitingOnLock()).toBe(0);
  }

  it('stops a statement that runs past statementTimeoutMs: 503, and the next request is served', async () => {
    const api = createShopApi({ repository: createPostgresRepository({ client, statementTimeoutMs: 300 }) });
    const lock = await lockOrders();
    try {
      expectUnavailable(await api.handle({ method: 'GET', url: ORDERS, caller }), /ran out of time/);
      await expectNoneWaiting();
    } finally {
      await lock.release();
    }
    expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
  });

  it('runs a status change under the budget too: a locked order is a 503, and nothing changes', async () => {
    const api = createShopApi({ repository: createPostgresRepository({ client, statementTimeoutMs: 300 }) });
    const before = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/1001', caller });
    expect(before.status).toBe(200);
    expect(before.body).not.toContain('"status":"refunded"');
    const lock = await lockOrders();
    try {
      const put = { method: 'PUT', url: '/wc-api/v1/orders/1001', caller, body: JSON.stringify({ status: 'refunded', note: 'x' }) };
      expectUnavailable(await api.handle(put), /ran out of time/);
    } finally {
      await lock.release();
    }
    expect((await api.handle({ method: 'GET', url: '/wc-api/v1/orders/1001', caller })).body).toBe(before.body);
  });

  // BEGIN and the settings go in one query (SET LOCAL): they last for the unit only, whatever the outcome, and never
  // reach the user's own queries on the same connection.
  it('keeps its settings inside each unit on a pool and on one pg.Client, after a success and after a timeout', async () => {
    const defaults = async (q: pg.Pool | pg.Client) =>
      (await q.query(`SELECT current_setting('statement_timeout') AS t, current_setting('jit') AS j`)).rows[0] as { t: string; j: string };
    const small = new pg.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 1 });
    const single = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
    await single.connect();
    try {
      for (const own of [small, single]) {
        const before = await defaults(own);
        expect(before.t).not.toBe('300ms');
        const repository = createPostgresRepository({ client: own as PostgresClient, statementTimeoutMs: 300 });
        const api = createShopApi({ repository });
        expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
        expect(await defaults(own)).toEqual(before);
        // A read answers before its COMMIT has come back: the caller's next query still runs after it.
        expect((await repository.getStore()).name).toBeTruthy();
        expect(await defaults(own)).toEqual(before);
        const lock = await lockOrders();
        try {
          // A page and its count side by side: on one connection the second may wait its turn past the budget (busy).
          expectUnavailable(await api.handle({ method: 'GET', url: ORDERS, caller }), /ran out of time|busy/);
        } finally {
          await lock.release();
        }
        expect(await defaults(own)).toEqual(before);
        expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
      }
    } finally {
      await single.end();
      await small.end();
    }
  });

  it('answers 503 busy when no pool connection comes free within the budget, even without a pool wait limit', async () => {
    const small = new pg.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 1 });
    const held = await small.connect();
    try {
      const api = createShopApi({ repository: createPostgresRepository({ client: small, statementTimeoutMs: 200 }) });
      expectUnavailable(await api.handle({ method: 'GET', url: ORDERS, caller }), /busy/);
    } finally {
      held.release();
    }
    // The connection the late wait received went back to the pool: the pool still serves.
    const api = createShopApi({ repository: createPostgresRepository({ client: small }) });
    expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
    await small.end();
  });

  it('gives back the connection of a request aborted before it got one (a pool of one keeps serving)', async () => {
    const small = new pg.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 1 });
    try {
      const api = createShopApi({ repository: createPostgresRepository({ client: small, statementTimeoutMs: 2000 }) });
      for (let i = 0; i < 3; i++) expectUnavailable(await api.handle({ method: 'GET', url: ORDERS, caller, signal: AbortSignal.abort() }), /cancelled/);
      expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
    } finally {
      await small.end();
    }
  });

  it("cancels the running statement when the request's client goes away", async () => {
    const api = createShopApi({ repository: createPostgresRepository({ client, statementTimeoutMs: 60_000 }) });
    const lock = await lockOrders();
    try {
      const controller = new AbortController();
      const answer = api.handle({ method: 'GET', url: ORDERS, caller, signal: controller.signal });
      // Wait until the statement is in the server, blocked on the lock.
      for (let i = 0; i < 200 && (await waitingOnLock()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
      // The request's statements (the page and its count may both be waiting) are blocked on the lock.
      expect(await waitingOnLock()).toBeGreaterThan(0);
      controller.abort();
      expectUnavailable(await answer, /cancelled/);
      await expectNoneWaiting();
    } finally {
      await lock.release();
    }
    expect((await api.handle({ method: 'GET', url: ORDERS, caller })).status).toBe(200);
  });
});
