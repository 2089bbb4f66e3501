// Where the PostgreSQL tests run: embedded PGlite always, and a real server when DATABASE_URL is set. Every database
// a test asks for is a fresh schema (`t_<random>`), so test files never see each other's rows; schemas are dropped
// when the file ends.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll } from 'vitest';
import {
  createPostgresKeyStore,
  createPostgresNonceStore,
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  type PostgresClient,
  type PostgresQueryable,
  type PostgresRepository,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import type { ConformanceBackend } from '../conformance/fixture';

/** The server to test against, or undefined (then only PGlite runs). */
export const DATABASE_URL = process.env.DATABASE_URL || undefined;

/** A database engine the suites run on. */
export interface PostgresTarget {
  readonly name: 'pglite' | 'server (pg.Pool)' | 'server (pg.Client)';
  /** A client on a fresh, empty schema (not migrated). */
  freshClient(): Promise<PostgresClient>;
}

const schemaName = (): string => `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;

let pglite: PGlite | undefined;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function sharedPglite(): Promise<PGlite> {
  if (pglite === undefined) {
    const db = new PGlite();
    pglite = db;
    cleanups.push(async () => {
      await db.close();
      pglite = undefined;
    });
  }
  return pglite;
}

// One PGlite per test file (starting one takes seconds); each fresh client is a schema of it. PGlite is a single
// session, so the client pins its schema per call: every query runs in a PGlite transaction (which excludes all
// other work on the instance) that starts with SET LOCAL search_path. Clients of different schemas never interfere.
const pgliteTarget: PostgresTarget = {
  name: 'pglite',
  async freshClient() {
    const db = await sharedPglite();
    const schema = schemaName();
    await db.query(`CREATE SCHEMA ${schema}`);
    const pin = `SET LOCAL search_path TO ${schema}`;
    return {
      query: (text: string, params?: unknown[]) =>
        db.transaction(async (tx) => {
          await tx.query(pin);
          return tx.query(text, params);
        }),
      transaction: <T>(fn: (tx: PostgresQueryable) => Promise<T>) =>
        db.transaction(async (tx) => {
          await tx.query(pin);
          return fn(tx);
        }),
      // Notification channels belong to the database, not a schema: other schemas' changes only drop a cache more.
      listen: (channel: string, callback: (payload: string) => void) => db.listen(channel, callback),
    } as PostgresClient;
  },
};

/** A PGlite instance of its own (its default `public` schema), for tests of PGlite as users pass it. */
export async function ownPglite(): Promise<PGlite> {
  const db = new PGlite();
  cleanups.push(() => db.close());
  return db;
}

async function createServerSchema(): Promise<string> {
  const schema = schemaName();
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: DATABASE_URL });
    await dropper.connect();
    try {
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
    } finally {
      await dropper.end();
    }
  });
  return schema;
}

// A pool whose every connection starts on the schema (connection option `-c search_path=...`).
const poolTarget: PostgresTarget = {
  name: 'server (pg.Pool)',
  async freshClient() {
    const schema = await createServerSchema();
    const pool = new pg.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 8 });
    cleanups.push(() => pool.end());
    return pool;
  },
};

const clientTarget: PostgresTarget = {
  name: 'server (pg.Client)',
  async freshClient() {
    const schema = await createServerSchema();
    const client = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    cleanups.push(() => client.end());
    return client;
  },
};

/** PGlite, plus the server through a Pool when DATABASE_URL is set. */
export const TARGETS: readonly PostgresTarget[] = DATABASE_URL === undefined ? [pgliteTarget] : [pgliteTarget, poolTarget];

/** Every client kind: PGlite, and with DATABASE_URL a Pool and a single Client. */
export const ALL_CLIENT_TARGETS: readonly PostgresTarget[] =
  DATABASE_URL === undefined ? [pgliteTarget] : [pgliteTarget, poolTarget, clientTarget];

export const PGLITE_TARGET = pgliteTarget;
export const POOL_TARGET = poolTarget;
export const CLIENT_TARGET = clientTarget;

/**
 * The request budget of the suites' repositories: far above the 5 s default, because they check answers under 200
 * concurrent changes on a shared, loaded machine, where queueing for one PGlite or one row lock can take longer.
 * The budget itself is tested in request-budget.test.ts.
 */
export const SUITE_BUDGET_MS = 120_000;

/** A migrated, loaded repository on a fresh schema of the target, as users set one up. */
export async function loadedRepository(target: PostgresTarget, snapshot: ShopSnapshot): Promise<ShopRepository> {
  const client = await target.freshClient();
  await migratePostgres(client);
  await importShopSnapshot(client, snapshot);
  return createPostgresRepository({ client, statementTimeoutMs: SUITE_BUDGET_MS });
}

/** Resolves once the repository's read cache listens (its first read starts the feed), or throws after 10 s. */
export async function cacheLive(repository: PostgresRepository): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (repository.readCacheStats()?.live !== true) {
    if (Date.now() > deadline) throw new Error('the read cache did not go live within 10 s');
    await repository.getStore();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** As loadedRepository, with the read cache on and live; closed when the file ends. */
export async function loadedCachedRepository(target: PostgresTarget, snapshot: ShopSnapshot): Promise<PostgresRepository> {
  const client = await target.freshClient();
  await migratePostgres(client);
  await importShopSnapshot(client, snapshot);
  const repository = createPostgresRepository({ client, statementTimeoutMs: SUITE_BUDGET_MS, readCache: true });
  // Closed before the pools (cleanups run in reverse).
  cleanups.push(() => repository.close());
  await cacheLive(repository);
  return repository;
}

/** The conformance suite's backend on a target: every repository on a fresh, migrated and loaded schema. */
export function postgresBackend(target: PostgresTarget): ConformanceBackend {
  return {
    repository: (snapshot) => loadedRepository(target, snapshot),
    authStores: async ({ maxNoncesPerKey }) => {
      const client = await target.freshClient();
      await migratePostgres(client);
      return {
        keys: createPostgresKeyStore({ client }),
        nonces: createPostgresNonceStore({ client, maxEntriesPerKey: maxNoncesPerKey }),
      };
    },
  };
}
