// `wc-legacy-api serve [--data FILE | --database-url URL | --woocommerce-url URL] [--port N] [--host H]`: the demo server
// of `npm start` on Node's http server, over a snapshot file (streamed into memory), a PostgreSQL database, or the
// example shop shipped with the package, with a fresh API key printed; or over a live WooCommerce database, read-only,
// with the store's own API keys.
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConsumerKeyAuth } from '../auth/consumer-key-auth';
import { createMemoryKeyStore } from '../auth/consumer-key-store';
import { signOAuthUrl } from '../auth/oauth-signature';
import { createShopApi } from '../http/create-shop-api';
import { SHOP_MANAGER_CAPABILITIES, type Caller } from '../model/caller';
import type { StoreSettings } from '../model/shop';
import { createMemoryRepository } from '../repository/memory/memory-repository';
import { readPostgresSchemaVersion } from '../repository/postgres/migrate';
import { createPostgresRepository, type PostgresRepository } from '../repository/postgres/postgres-repository';
import type { ShopRepository } from '../repository/shop-repository';
import { loadShopSnapshot, type LoadShopSnapshotResult } from '../snapshot/load-shop-snapshot';
import { loadShopSnapshotStream } from '../snapshot/read-shop-snapshot';
import { formatSnapshotIssue } from '../snapshot/snapshot-issue';
import type { ConsumerKeyStore } from '../auth/consumer-key-store';
import { CliError, messageOf } from './cli-error';
import { openDatabase, type OpenDatabase } from './database';
import { nodeListener } from './node-listener';
import { openWooCommerceBackend } from './woocommerce-backend';

/** What the serve command needs from its caller. */
export interface ServeCommand {
  readonly data?: string | undefined;
  readonly databaseUrl?: string | undefined;
  /** A WooCommerce store's database (`mysql://...`), served read-only with its own API keys. */
  readonly woocommerceUrl?: string | undefined;
  readonly tablePrefix?: string | undefined;
  /** With woocommerceUrl: the store's REST API, status changes are forwarded to (key and secret from the environment). */
  readonly restUrl?: string | undefined;
  readonly port: number;
  readonly host: string;
  readonly out: (line: string) => void;
}

/** A running server and how to stop it (open requests are answered first). */
export interface RunningServer {
  readonly server: Server;
  stop(): Promise<void>;
}

// Passed as a value: the build's tree-shaking pass (rollup) would rewrite a literal `with` to the old `assert`, which
// Node 22 no longer accepts. Bundlers pick the JSON loader by the file name either way.
const JSON_IMPORT: ImportCallOptions = { with: { type: 'json' } };

/** Where the example shop comes from, as named in the banner. */
const EXAMPLE_SHOP = 'wc-legacy-api/examples/data/small-shop.json';

/**
 * The small example shop shipped in the package (`examples/data/small-shop.json`), served when no data is named. It
 * is imported by the package's own name (a subpath export), which Node resolves from an installed package and from a
 * clone alike, and which a bundler follows and inlines, so a bundled CLI serves it too.
 */
async function exampleShop(): Promise<Backend> {
  const { default: json } = (await import('wc-legacy-api/examples/data/small-shop.json', JSON_IMPORT)) as { default: unknown };
  return backendOf(loadShopSnapshot(json), EXAMPLE_SHOP, true);
}

interface Backend {
  readonly repository: ShopRepository;
  readonly store: StoreSettings;
  readonly description: string;
  /** The backend's own API keys (a WooCommerce store's); without them a fresh demo key is made. */
  readonly keys?: ConsumerKeyStore | undefined;
  /** Where changes go, in one line, when the backend forwards them (a WooCommerce store with --rest-url). */
  readonly writes?: string | undefined;
  close(): Promise<void>;
}

async function fromFile(file: string): Promise<Backend> {
  const stream = createReadStream(file);
  const result = await loadShopSnapshotStream(stream).catch((error: unknown) => {
    throw new CliError(`cannot read ${file}: ${messageOf(error)}`);
  });
  return backendOf(result, file, false);
}

function backendOf(result: LoadShopSnapshotResult, file: string, example: boolean): Backend {
  if (!result.ok) {
    const shown = result.issues.slice(0, 20).map((issue) => `  ${formatSnapshotIssue(issue)}`);
    const more = result.issues.length > 20 ? [`  ... and ${result.issues.length - 20} more`] : [];
    throw new CliError([`${file} is not a valid shop snapshot (see docs/data-format.md):`, ...shown, ...more].join('\n'), 1);
  }
  const { snapshot } = result;
  return {
    repository: createMemoryRepository(snapshot),
    store: snapshot.store,
    description: example
      ? `the example shop shipped with wc-legacy-api, ${snapshot.orders.length} orders of "${snapshot.store.name}" (--data FILE or --database-url URL serve yours)`
      : `${snapshot.orders.length.toLocaleString('en-US')} orders of "${snapshot.store.name}" from ${file}`,
    close: async () => undefined,
  };
}

// Serving never changes the schema (a read-only role must be able to serve): it only reads the version, and names
// the command that creates or upgrades it.
async function checkSchema(db: OpenDatabase): Promise<void> {
  const { status, version, latest } = await readPostgresSchemaVersion(db.client);
  if (status === 'missing') {
    throw new CliError(`${db.label} holds no shop schema: create it with wc-legacy-api migrate --database-url URL, then import a snapshot (or run wc-legacy-api import FILE --database-url URL, which does both)`);
  }
  if (status === 'behind') {
    throw new CliError(`${db.label} holds shop schema version ${version}, this wc-legacy-api needs ${latest}: upgrade it with wc-legacy-api migrate --database-url URL`);
  }
  if (status === 'ahead') {
    throw new CliError(`${db.label} holds shop schema version ${version}, newer than this wc-legacy-api knows (${latest}): upgrade wc-legacy-api`);
  }
}

// The per-request database budget: WC_LEGACY_API_STATEMENT_TIMEOUT_MS, else the repository's default.
function statementTimeoutMs(): number | undefined {
  const text = process.env.WC_LEGACY_API_STATEMENT_TIMEOUT_MS;
  if (text === undefined || text === '') return undefined;
  const ms = Number(text);
  if (!Number.isSafeInteger(ms) || ms < 1) throw new CliError(`WC_LEGACY_API_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds, got "${text}"`);
  return ms;
}

// The read cache (docs/postgres.md, "Read cache"): on unless WC_LEGACY_API_READ_CACHE is 0 or off.
function readCache(): boolean {
  const text = (process.env.WC_LEGACY_API_READ_CACHE ?? '').toLowerCase();
  if (text === '' || text === '1' || text === 'on') return true;
  if (text === '0' || text === 'off') return false;
  throw new CliError(`WC_LEGACY_API_READ_CACHE must be on or off, got "${process.env.WC_LEGACY_API_READ_CACHE}"`);
}

async function fromDatabase(url: string): Promise<Backend> {
  const timeout = statementTimeoutMs();
  const cache = readCache();
  const db = await openDatabase(url);
  let repository: PostgresRepository | undefined;
  // The cache's listening connection first, then the pool it was made from.
  const close = async (): Promise<void> => {
    await repository?.close();
    await db.close();
  };
  try {
    await checkSchema(db);
    const opened = createPostgresRepository({ client: db.client, statementTimeoutMs: timeout, readCache: cache });
    repository = opened;
    const store = await opened.getStore().catch(() => {
      throw new CliError(`${db.label} holds no shop yet: import a snapshot first (wc-legacy-api import FILE --database-url URL)`);
    });
    const orders = await opened.countOrders({});
    return { repository: opened, store, description: `${orders.toLocaleString('en-US')} orders of "${store.name}" in ${db.label}`, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error instanceof CliError ? error : new CliError(`cannot open the shop in ${db.label}: ${messageOf(error)}`);
  }
}

// The demo key acts as a shop manager (every capability); requests without a valid key get 401.
const demoCaller: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };

/** Starts the server; resolves once it listens. */
export async function runServe(command: ServeCommand): Promise<RunningServer> {
  const backend: Backend =
    command.woocommerceUrl !== undefined
      ? await openWooCommerceBackend(command.woocommerceUrl, command.tablePrefix, statementTimeoutMs(), command.restUrl)
      : command.databaseUrl !== undefined
      ? await fromDatabase(command.databaseUrl)
      : command.data !== undefined
        ? await fromFile(command.data)
        : await exampleShop();
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(command.port, command.host, () => resolve());
    });
  } catch (error) {
    await backend.close().catch(() => undefined);
    throw new CliError(`cannot listen on ${command.host}:${command.port}: ${messageOf(error)}`);
  }
  const { port } = server.address() as AddressInfo;
  const siteUrl = `http://localhost:${port}`;
  // A fresh read/write key pair per run, kept in memory only (unless the backend has its own keys); OAuth signatures
  // are checked against siteUrl.
  const memoryKeys = backend.keys === undefined ? createMemoryKeyStore() : undefined;
  const keys = backend.keys ?? memoryKeys!;
  const demoKey = memoryKeys?.createKey({ permissions: 'read_write', caller: demoCaller, description: 'wc-legacy-api serve key' });
  const api = createShopApi({
    authenticate: createConsumerKeyAuth({ keys, siteUrl, acceptNewerSigningKey: true }),
    repository: backend.repository,
    store: { ...backend.store, siteUrl },
    onError: (error) => command.out(`shop API fault: ${messageOf(error)}`),
  });
  server.on('request', nodeListener(api));
  const example = `${siteUrl}/wc-api/v1/orders?status=completed&filter[limit]=2&fields=id,status,total`;
  command.out(`wc-legacy-api: serving ${backend.description} at ${siteUrl}/wc-api/v1/`);
  if (demoKey === undefined) {
    command.out(`API keys: the store's own (WooCommerce > Settings > Advanced > REST API), with their users' rights; see docs/woocommerce.md.`);
    command.out(backend.writes ?? `Changes stay with WooCommerce: a PUT is answered 503 (read-only; see --rest-url).`);
  } else {
    command.out(`API key (read_write, lives as long as this process; see docs/authentication.md):`);
    command.out(`  consumer key:    ${demoKey.consumerKey}\n  consumer secret: ${demoKey.consumerSecret}`);
    command.out(`A request signed with it (OAuth 1.0a, valid once, for 15 minutes; sign more with signOAuthUrl):`);
    command.out(`Try: curl -s -g '${signOAuthUrl({ method: 'GET', url: example, ...demoKey })}'`);
  }
  command.out(`Clients must use exactly ${siteUrl} as the site URL (not 127.0.0.1). Stop with Ctrl-C.`);
  return {
    server,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(resolve, 2000).unref();
      });
      await backend.close().catch(() => undefined);
    },
  };
}
