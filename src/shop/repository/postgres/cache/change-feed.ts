// The signal the read cache lives on: PostgreSQL's LISTEN on the channel migration 5's triggers notify at every
// commit that changes the shop. While the feed is up the cache may keep answers; when it drops (the connection ends
// or errs, LISTEN is refused as on a hot standby, the schema has no triggers yet) the cache keeps nothing, and the
// next read after a pause tries again. Nothing here imports a driver: the clients are used by shape.
import type { PostgresClient } from '../client';
import { SHOP_CHANGE_CHANNEL } from '../migrations/0005-change-notifications';

/** The feed of one repository: started on the first read, retried after failures, closed with the repository. */
export interface ChangeFeed {
  /** Starts listening, unless it is listening, trying, or failed less than a retry interval ago. */
  wake(): void;
  /** Stops listening; the cache keeps nothing afterwards. */
  close(): Promise<void>;
}

/** What the feed tells its cache. */
export interface ChangeFeedEvents {
  changed(): void;
  live(up: boolean): void;
}

// A failed attempt (server down, standby, schema too old) is not retried for this long: a read that finds the feed
// down costs nothing more than the read.
const RETRY_MS = 5000;

// The trigger function of migration 5. A schema without it sends no notifications, so a live feed would lie.
const HAS_TRIGGERS = "SELECT to_regprocedure('shop_notify_change()') IS NOT NULL AS ok";

type Listen = (onNotify: () => void, onLost: () => void) => Promise<() => Promise<void>>;

interface PgLikeClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<{ rows: readonly unknown[] }>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  end(): Promise<void>;
  connection?: { stream?: { unref?: () => void } };
}

async function checkTriggers(query: (text: string) => Promise<{ rows: readonly unknown[] }>): Promise<void> {
  const { rows } = await query(HAS_TRIGGERS);
  if ((rows[0] as { ok?: unknown } | undefined)?.ok !== true) throw new Error('the shop schema has no change notifications (migrate it to version 5)');
}

// PGlite: its own listen(), on its one in-process connection.
function pgliteListen(client: PostgresClient): Listen | undefined {
  const c = client as unknown as { listen?: unknown };
  if (typeof c.listen !== 'function') return undefined;
  const listen = c.listen as (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
  return async (onNotify) => {
    await checkTriggers((text) => client.query(text));
    return listen.call(client, SHOP_CHANGE_CHANNEL, () => onNotify());
  };
}

// A `pg` Pool: a connection of its own, made with the pool's own Client class and options (never one of the pool's,
// which would shrink it and keep `pool.end()` waiting), whose socket does not keep the process alive.
function poolListen(client: PostgresClient): Listen | undefined {
  const pool = client as unknown as { Client?: unknown; options?: unknown; totalCount?: unknown };
  if (typeof pool.Client !== 'function' || typeof pool.options !== 'object' || typeof pool.totalCount !== 'number') return undefined;
  const Client = pool.Client as new (options: unknown) => PgLikeClient;
  return async (onNotify, onLost) => {
    const conn = new Client({ ...(pool.options as object), keepAlive: true });
    let ended = false;
    const lost = (): void => {
      if (ended) return;
      ended = true;
      onLost();
      conn.end().catch(() => undefined);
    };
    conn.on('error', lost);
    conn.on('end', lost);
    conn.on('notification', (message) => {
      if ((message as { channel?: unknown } | undefined)?.channel === SHOP_CHANGE_CHANNEL) onNotify();
    });
    try {
      await conn.connect();
      conn.connection?.stream?.unref?.();
      await checkTriggers((text) => conn.query(text));
      await conn.query(`LISTEN ${SHOP_CHANGE_CHANNEL}`);
    } catch (error) {
      ended = true;
      await conn.end().catch(() => undefined);
      throw error;
    }
    return async () => {
      ended = true;
      await conn.end().catch(() => undefined);
    };
  };
}

/**
 * The change feed of `client`, or undefined where none can be had: a single `pg` Client or another driver's object
 * (LISTEN there would share the connection the repository's transactions run on).
 */
export function changeFeedOf(client: PostgresClient, events: ChangeFeedEvents): ChangeFeed | undefined {
  const listen = pgliteListen(client) ?? poolListen(client);
  if (listen === undefined) return undefined;
  let stop: (() => Promise<void>) | undefined;
  let trying: Promise<void> | undefined;
  let failedAt = -Infinity;
  let closed = false;
  // Each attempt has its own token: a connection lost after a newer attempt began must not take that one down.
  let attempt = 0;

  const start = (): void => {
    const mine = ++attempt;
    trying = listen(
      () => events.changed(),
      () => {
        if (mine !== attempt) return;
        stop = undefined;
        failedAt = Date.now();
        events.live(false);
      },
    ).then(
      async (unlisten) => {
        trying = undefined;
        if (closed || mine !== attempt) {
          await unlisten();
          return;
        }
        stop = unlisten;
        events.live(true);
      },
      () => {
        trying = undefined;
        failedAt = Date.now();
      },
    );
  };

  return {
    wake() {
      if (closed || stop !== undefined || trying !== undefined || Date.now() - failedAt < RETRY_MS) return;
      start();
    },
    async close() {
      closed = true;
      events.live(false);
      await trying;
      const s = stop;
      stop = undefined;
      // A client already closed (a PGlite closed first) has nothing left to unlisten.
      await s?.().catch(() => undefined);
    },
  };
}
