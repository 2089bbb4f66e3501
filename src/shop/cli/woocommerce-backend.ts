// `serve --woocommerce-url mysql://...`: the WooCommerce bridge and the store's own API keys over one mysql2 pool.
// Before serving, the database is checked table by table, so a wrong URL, a database that is not WordPress, a wrong
// table prefix, a store without WooCommerce (or too old) and a user without SELECT each end in one clear line (exit
// 2). The URL's password never reaches a message.
import { createWooCommerceKeyStore } from '../auth/woocommerce-key-store';
import type { ConsumerKeyStore } from '../auth/consumer-key-store';
import type { StoreSettings } from '../model/shop';
import { WooCommerceStoreError } from '../repository/woocommerce/read-store-settings';
import { createWooCommerceRepository } from '../repository/woocommerce/woocommerce-repository';
import { isValidTablePrefix, woocommerceTables, type MysqlQueryable } from '../repository/woocommerce/woocommerce-database';
import type { ShopRepository } from '../repository/shop-repository';
import { CliError, messageOf } from './cli-error';
import { poolSize, redactUrl } from './database';

/** The bridge as the serve command uses it. */
export interface WooCommerceBackend {
  readonly repository: ShopRepository;
  readonly store: StoreSettings;
  readonly keys: ConsumerKeyStore;
  readonly description: string;
  close(): Promise<void>;
}

type Pool = MysqlQueryable & { end(): Promise<void> };

// A variable specifier, so bundlers leave this optional package to run time.
async function openPool(url: string): Promise<Pool> {
  const name = 'mysql2/promise';
  let mod: { default?: { createPool?: unknown }; createPool?: unknown };
  try {
    mod = (await import(name)) as typeof mod;
  } catch {
    throw new CliError('--woocommerce-url needs the "mysql2" package, which is not installed: npm install mysql2');
  }
  const createPool = (mod.createPool ?? mod.default?.createPool) as (options: object) => Pool;
  try {
    return createPool({ uri: url, dateStrings: true, connectionLimit: poolSize(), supportBigNumbers: true, bigNumberStrings: true });
  } catch (error) {
    throw new CliError(`--woocommerce-url ${redactUrl(url)} is not a usable MySQL URL: ${messageOf(error)}`);
  }
}

const code = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

// The tables the bridge reads, by what they are for; HPOS's only when the store keeps its orders there.
const CORE_TABLES = ['options', 'posts', 'postmeta', 'comments', 'commentmeta', 'users', 'usermeta', 'orderItems', 'orderItemMeta', 'apiKeys'] as const;
const HPOS_TABLES = ['orders', 'orderAddresses', 'orderOperationalData', 'ordersMeta'] as const;

async function checkTables(db: MysqlQueryable, prefix: string, label: string, names: readonly (keyof ReturnType<typeof woocommerceTables>)[]): Promise<void> {
  const t = woocommerceTables(prefix);
  for (const name of names) {
    try {
      await db.query(`SELECT 1 FROM ${t[name]} LIMIT 0`);
    } catch (error) {
      const table = t[name].replaceAll('`', '');
      if (code(error) === 'ER_NO_SUCH_TABLE') {
        if (name === 'options') {
          throw new CliError(`${label} has no table ${table}: it is not a WordPress database, or its table prefix is not "${prefix}" (give it with --table-prefix)`);
        }
        throw new CliError(`${label} has no table ${table}: WooCommerce is not installed there, or not completely`);
      }
      if (/ACCESS_DENIED/.test(code(error))) {
        throw new CliError(`the database user of ${label} may not read ${table}: grant it SELECT on the WordPress database (GRANT SELECT ON db.* TO user)`);
      }
      throw error;
    }
  }
}

/** Opens and checks the store at `url`; throws a {@link CliError} naming the problem. */
export async function openWooCommerce(url: string, tablePrefix: string | undefined, statementTimeoutMs: number | undefined): Promise<WooCommerceBackend> {
  const label = redactUrl(url);
  if (!/^(mysql|mariadb):\/\//i.test(url)) throw new CliError(`--woocommerce-url must start with mysql:// (got ${label})`);
  const prefix = tablePrefix ?? 'wp_';
  if (!isValidTablePrefix(prefix)) throw new CliError(`--table-prefix ${JSON.stringify(prefix)} is not a table prefix (letters, digits and _ only)`);
  const pool = await openPool(url.replace(/^mariadb:/i, 'mysql:'));
  try {
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      throw new CliError(`cannot connect to ${label}: ${messageOf(error)}`);
    }
    await checkTables(pool, prefix, label, CORE_TABLES);
    const repository = createWooCommerceRepository({ pool, tablePrefix: prefix, statementTimeoutMs });
    const store = await repository.getStore().catch((error: unknown) => {
      if (error instanceof WooCommerceStoreError) throw new CliError(`${label}: ${error.message}`);
      throw error;
    });
    const [hpos] = (await pool.query(`SELECT option_value FROM ${woocommerceTables(prefix).options} WHERE option_name = 'woocommerce_custom_orders_table_enabled'`)) as [{ option_value?: unknown }[], unknown];
    const storage = String(hpos[0]?.option_value ?? '') === 'yes' ? 'hpos' : 'posts';
    if (storage === 'hpos') await checkTables(pool, prefix, label, HPOS_TABLES);
    const orders = await repository.countOrders({});
    return {
      repository,
      store,
      keys: createWooCommerceKeyStore({ db: pool, tablePrefix: prefix }),
      description: `${orders.toLocaleString('en-US')} orders of "${store.name}" (WooCommerce, ${storage === 'hpos' ? 'HPOS' : 'posts'} storage, read-only) in ${label}`,
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error instanceof CliError ? error : new CliError(`cannot open the WooCommerce store in ${label}: ${messageOf(error)}`);
  }
}
