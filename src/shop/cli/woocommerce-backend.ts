// `serve --woocommerce-url mysql://...`: the WooCommerce bridge and the store's own API keys over one mysql2 pool,
// opened by woocommerce-source.ts (as for export and import). Before serving, every table the bridge reads is tried,
// so a user without SELECT on one, or a store missing one (HPOS tables when HPOS is on), ends in one line naming it
// (exit 2) rather than in 500s later. The URL's password never reaches a message.
import { createWooCommerceKeyStore } from '../auth/woocommerce-key-store';
import type { ConsumerKeyStore } from '../auth/consumer-key-store';
import type { StoreSettings } from '../model/shop';
import type { ShopRepository } from '../repository/shop-repository';
import { createWooCommerceRepository } from '../repository/woocommerce/woocommerce-repository';
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
  close(): Promise<void>;
}

// The tables the bridge reads; HPOS's only when the store keeps its orders there.
const CORE_TABLES = ['options', 'posts', 'postmeta', 'comments', 'commentmeta', 'users', 'usermeta', 'orderItems', 'orderItemMeta', 'apiKeys'] as const;
const HPOS_TABLES = ['orders', 'orderAddresses', 'orderOperationalData', 'ordersMeta'] as const;

// Each table once, reading no row: a missing table or privilege fails here with the driver's own error.
async function tryTables(db: MysqlQueryable, t: WooCommerceTables, names: readonly (keyof WooCommerceTables)[]): Promise<void> {
  for (const name of names) await db.query(`SELECT 1 FROM ${t[name]} LIMIT 0`);
}

/** Opens and checks the store at `url`; throws a {@link CliError} naming the problem. */
export async function openWooCommerceBackend(url: string, tablePrefix: string | undefined, statementTimeoutMs: number | undefined): Promise<WooCommerceBackend> {
  if (!/^(mysql|mariadb):\/\//i.test(url)) throw new CliError(`--woocommerce-url must start with mysql:// (got ${redactUrl(url)})`);
  const source = await openWooCommerce(url.replace(/^mariadb:/i, 'mysql:'), tablePrefix, 'auto', poolSize());
  try {
    const t = woocommerceTables(source.tablePrefix);
    await tryTables(source.db, t, CORE_TABLES);
    const repository = createWooCommerceRepository({ pool: source.db, tablePrefix: source.tablePrefix, statementTimeoutMs });
    const store = await repository.getStore();
    const [rows] = await source.db.query(`SELECT option_value FROM ${t.options} WHERE option_name = 'woocommerce_custom_orders_table_enabled'`);
    const hpos = String((rows as { option_value?: unknown }[])[0]?.option_value ?? '') === 'yes';
    if (hpos) await tryTables(source.db, t, HPOS_TABLES);
    const orders = await repository.countOrders({});
    return {
      repository,
      store,
      keys: createWooCommerceKeyStore({ db: source.db, tablePrefix: source.tablePrefix }),
      description: `${orders.toLocaleString('en-US')} orders of "${store.name}" (WooCommerce, ${hpos ? 'HPOS' : 'posts'} storage, read-only) in ${source.label}`,
      close: () => source.close(),
    };
  } catch (error) {
    await source.close().catch(() => undefined);
    throw wooCommerceFailure(error, source);
  }
}
