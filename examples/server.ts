// `npm start`: the shop API over the Express example, on a generated demo shop, a snapshot file (`--data FILE`, read
// as a stream, so of any size) or a PostgreSQL database (`--database-url URL`, imported with `wc-legacy-api import`).
//   PORT (default 8080) and HOST (default 127.0.0.1: the demo caller may do everything, so it is not exposed).
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import {
  createConsumerKeyAuth,
  createMemoryKeyStore,
  createMemoryRepository,
  createPostgresRepository,
  createShopApi,
  formatSnapshotIssue,
  loadShopSnapshotStream,
  migratePostgres,
  SHOP_MANAGER_CAPABILITIES,
  signOAuthUrl,
  type Caller,
  type ShopRepository,
  type StoreSettings,
} from 'wc-legacy-api/shop';
import { generateDemoShop } from './demo-shop';
import { createMiddleware } from 'wc-legacy-api/express';

interface Backend {
  readonly repository: ShopRepository;
  readonly store: StoreSettings;
  readonly orders: number;
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value: npm start -- ${name} ${name === '--data' ? 'shop.json' : 'postgres://USER@HOST/DB'}`);
  return value;
}

/** What to serve: `--data FILE`, `--database-url URL`, or a demo shop whose last 18 months end now. Exits 1 on a bad file. */
async function backendFromArgs(args: readonly string[]): Promise<Backend> {
  const file = option(args, '--data');
  const url = option(args, '--database-url');
  if (file !== undefined && url !== undefined) fail('Give --data or --database-url, not both');
  if (url !== undefined) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('error', () => undefined);
    try {
      await migratePostgres(pool);
      const repository = createPostgresRepository({ client: pool });
      return { repository, store: await repository.getStore(), orders: await repository.countOrders({}) };
    } catch (error) {
      // The message never shows the URL (it may hold a password).
      fail(`Cannot serve from the database: ${(error as Error).message} (import a snapshot first: wc-legacy-api import FILE --database-url URL)`);
    }
  }
  if (file === undefined) {
    const snapshot = generateDemoShop({ now: new Date() });
    return { repository: createMemoryRepository(snapshot), store: snapshot.store, orders: snapshot.orders.length };
  }
  const result = await loadShopSnapshotStream(createReadStream(file)).catch((error: Error) => fail(`Cannot read ${file}: ${error.message}`));
  if (!result.ok) {
    const shown = result.issues.slice(0, 20).map((issue) => `  ${formatSnapshotIssue(issue)}`);
    const more = result.issues.length > 20 ? [`  ... and ${result.issues.length - 20} more`] : [];
    fail([`${file} is not a valid shop snapshot (see docs/data-format.md):`, ...shown, ...more].join('\n'));
  }
  const { snapshot } = result;
  return { repository: createMemoryRepository(snapshot), store: snapshot.store, orders: snapshot.orders.length };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// The demo key acts as a shop manager (every capability); requests without a valid key get 401.
const demoCaller: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };

const backend = await backendFromArgs(process.argv.slice(2));
const server = createServer();
server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const siteUrl = `http://localhost:${port}`;
  // A fresh read/write key pair per run, kept in memory only; OAuth signatures are checked against siteUrl.
  const keys = createMemoryKeyStore();
  const demoKey = keys.createKey({ permissions: 'read_write', caller: demoCaller, description: 'npm start demo key' });
  // Links and the index point at where this server really answers.
  const api = createShopApi({
    // Both legacy signing keys: the bare secret (woocommerce-api, version 'v1') and `secret&` (what
    // @woocommerce/woocommerce-rest-api always uses), so either client works against the demo over http.
    authenticate: createConsumerKeyAuth({ keys, siteUrl, acceptNewerSigningKey: true }),
    repository: backend.repository,
    store: { ...backend.store, siteUrl },
    onError: (error) => console.error('shop API fault:', error),
  });
  const app = express();
  app.use(createMiddleware(api));
  server.on('request', app);
  console.log(`wc-legacy-api demo: ${backend.orders} orders of "${backend.store.name}" at ${siteUrl}/wc-api/v1/`);
  const example = `${siteUrl}/wc-api/v1/orders?status=completed&filter[limit]=2&fields=id,status,total`;
  console.log(`Demo API key (read_write, lives as long as this process; see docs/authentication.md):`);
  console.log(`  consumer key:    ${demoKey.consumerKey}\n  consumer secret: ${demoKey.consumerSecret}`);
  console.log(`A request signed with it (OAuth 1.0a, valid once, for 15 minutes; sign more with signOAuthUrl):`);
  console.log(`Try: curl -s -g '${signOAuthUrl({ method: 'GET', url: example, ...demoKey })}'`);
  console.log(`Or from Node: new (require('woocommerce-api'))({ url: '${siteUrl}', consumerKey: '${demoKey.consumerKey}', consumerSecret: '${demoKey.consumerSecret}', version: 'v1' }).getAsync('orders?filter[limit]=2').then((r) => console.log(r.body))`);
  console.log(`Clients must use exactly ${siteUrl} as the site URL (not 127.0.0.1); a 401 says why (docs/troubleshooting.md). Stop with Ctrl-C.`);
});
server.on('error', (error) => fail(`Cannot start the server: ${error.message}`));

/** Stops accepting connections, ends idle keep-alive ones, and exits once open requests are answered (or after 2 s). */
function stop(reason: string): void {
  console.log(`wc-legacy-api demo: stopping (${reason})`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(signal));
// `npm start` runs this under `sh -c`. A SIGTERM to npm ends npm and that shell, and dash (Debian's sh) does not pass
// it on, so the server would be left running with nobody to stop it: stop when the process that started it is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('the process that started it has exited');
}, 500).unref();
