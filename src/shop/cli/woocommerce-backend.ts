// `serve --woocommerce-url mysql://...`: the WooCommerce bridge and the store's own API keys over one mysql2 pool,
// opened by woocommerce-source.ts (as for export and import). Before serving, every table the bridge reads is tried,
// so a user without SELECT on one, or a store missing one (HPOS tables when HPOS is on), ends in one line naming it
// (exit 2) rather than in 500s later. The URL's password never reaches a message.
import { createWooCommerceKeyStore } from '../auth/woocommerce-key-store';
import type { ConsumerKeyStore } from '../auth/consumer-key-store';
import type { StoreSettings } from '../model/shop';
import type { ShopRepository } from '../repository/shop-repository';
import { createWooCommerceRepository } from '../repository/woocommerce/woocommerce-repository';
import { storeRestClient, type ForwardWritesOptions } from '../repository/woocommerce/writes/store-rest-client';
import { woocommerceTables, type MysqlQueryable, type WooCommerceTables } from '../repository/woocommerce/woocommerce-database';
import { CliError } from './cli-error';
import { poolSize, redactUrl } from './database';
import { openWooCommerce, wooCommerceFailure } from './woocommerce-source';

/** The bridge as the serve command uses it. */
export interface WooCommerceBackend {
  readonly repository: ShopRepository;
  readonly store: StoreSettings;
  readonly keys: ConsumerKeyStore;
  readonly description: string;
  /** With --rest-url: where status changes are forwarded, in one line. */
  readonly writes?: string | undefined;
  close(): Promise<void>;
}

// The tables the bridge reads; HPOS's only when the store keeps its orders there.
const CORE_TABLES = ['options', 'posts', 'postmeta', 'comments', 'commentmeta', 'users', 'usermeta', 'orderItems', 'orderItemMeta', 'apiKeys'] as const;
const HPOS_TABLES = ['orders', 'orderAddresses', 'orderOperationalData', 'ordersMeta'] as const;

// Each table once, reading no row: a missing table or privilege fails here with the driver's own error.
async function tryTables(db: MysqlQueryable, t: WooCommerceTables, names: readonly (keyof WooCommerceTables)[]): Promise<void> {
  for (const name of names) await db.query(`SELECT 1 FROM ${t[name]} LIMIT 0`);
}

// --rest-url's key comes from the environment only: a secret on a command line is visible to every user of the host.
function forwardWritesTo(restUrl: string | undefined): ForwardWritesOptions | undefined {
  if (restUrl === undefined) return undefined;
  const consumerKey = process.env.WC_REST_CONSUMER_KEY ?? '';
  const consumerSecret = process.env.WC_REST_CONSUMER_SECRET ?? '';
  if (consumerKey === '' || consumerSecret === '') {
    throw new CliError('--rest-url needs the store key it forwards changes with in WC_REST_CONSUMER_KEY and WC_REST_CONSUMER_SECRET (write permission)');
  }
  const options = { restUrl, consumerKey, consumerSecret };
  try {
    storeRestClient(options); // checked now, so a wrong URL or key stops the start, not the first PUT
  } catch (error) {
    throw new CliError(`--rest-url: ${error instanceof Error ? error.message : String(error)}`);
  }
  return options;
}

/** Opens and checks the store at `url`; throws a {@link CliError} naming the problem. */
export async function openWooCommerceBackend(url: string, tablePrefix: string | undefined, statementTimeoutMs: number | undefined, restUrl?: string): Promise<WooCommerceBackend> {
  if (!/^(mysql|mariadb):\/\//i.test(url)) throw new CliError(`--woocommerce-url must start with mysql:// (got ${redactUrl(url)})`);
  const writes = forwardWritesTo(restUrl);
  const source = await openWooCommerce(url.replace(/^mariadb:/i, 'mysql:'), tablePrefix, 'auto', poolSize());
  try {
    const t = woocommerceTables(source.tablePrefix);
    await tryTables(source.db, t, CORE_TABLES);
    const repository = createWooCommerceRepository({ pool: source.db, tablePrefix: source.tablePrefix, statementTimeoutMs, forwardWritesTo: writes });
    const store = await repository.getStore();
    const [rows] = await source.db.query(`SELECT option_value FROM ${t.options} WHERE option_name = 'woocommerce_custom_orders_table_enabled'`);
    const hpos = String((rows as { option_value?: unknown }[])[0]?.option_value ?? '') === 'yes';
    if (hpos) await tryTables(source.db, t, HPOS_TABLES);
    const orders = await repository.countOrders({});
    return {
      repository,
      store,
      keys: createWooCommerceKeyStore({ db: source.db, tablePrefix: source.tablePrefix }),
      description: `${orders.toLocaleString('en-US')} orders of "${store.name}" (WooCommerce, ${hpos ? 'HPOS' : 'posts'} storage, ${writes === undefined ? 'read-only' : 'SELECT only'}) in ${source.label}`,
      writes: writes === undefined ? undefined : `Status changes go through the store's REST API at ${writes.restUrl} (the database is only read).`,
      close: () => source.close(),
    };
  } catch (error) {
    await source.close().catch(() => undefined);
    throw wooCommerceFailure(error, source);
  }
}
