// `wc-legacy-api export --from-woocommerce` and `import --from-woocommerce` end to end, as child processes from source,
// against stores the fixture writer put in MariaDB (MYSQL_URL): the file and the import hold the store, progress is
// shown, and every way a store cannot be read is one line naming the problem, exit 2, never showing the password.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShopSnapshot, type ShopSnapshot } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { expectSameShop } from './shop-equality';
import { asStoredByWooCommerce, withWooCommerceIds } from './woocommerce-shape';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = join(root, 'src/shop/cli/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'wc-legacy-api-woo-cli-'));
const PASSWORD = `pw-${Math.random().toString(36).slice(2, 10)}-secret`;
const users: string[] = [];

function run(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, WC_LEGACY_API_PROGRESS_EVERY_MS: '0' },
  });
  expect(`${r.stdout}${r.stderr}`).not.toContain(PASSWORD);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A database holding `shop` as WooCommerce stores it, and its name. */
async function store(shop: ShopSnapshot, options: Parameters<typeof writeWooCommerceShop>[2]): Promise<string> {
  const pool = await emptyDatabase();
  await writeWooCommerceShop(pool, shop, options);
  return nameOf(pool);
}

async function nameOf(pool: mysql.Pool): Promise<string> {
  const [rows] = await pool.query('SELECT DATABASE() AS name');
  return String((rows as { name: string }[])[0]!.name);
}

/** A reader `user` with a password, allowed SELECT on `grants` (`db.*` or `db.table`). */
async function reader(grants: string[]): Promise<string> {
  const user = `wcw_${process.pid}_${users.length}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL! });
  await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${PASSWORD}'`);
  users.push(user);
  for (const on of grants) await admin.query(`GRANT SELECT ON ${on} TO '${user}'@'%'`);
  await admin.end();
  return user;
}

function url(database: string, user?: string, password = PASSWORD): string {
  const u = new URL(MYSQL_URL!);
  if (user !== undefined) {
    u.username = user;
    u.password = password;
  }
  u.pathname = `/${database}`;
  return u.toString();
}

describe.skipIf(MYSQL_URL === undefined)('wc-legacy-api export and import --from-woocommerce', { timeout: 300_000 }, () => {
  const shop = withWooCommerceIds(generateDemoShop({ orders: 120, seed: 5, timeZone: 'America/New_York' }));
  let hposStore: string;
  let user: string;
  beforeAll(async () => {
    hposStore = await store(shop, { storage: 'hpos', tablePrefix: 'shop7_' });
    user = await reader([`\`${hposStore}\`.*`]);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    const admin = await mysql.createConnection({ uri: MYSQL_URL! });
    for (const u of users) await admin.query(`DROP USER IF EXISTS '${u}'@'%'`);
    await admin.end();
  });

  it('exports the store to a snapshot file, with progress, as the shop it holds', () => {
    const output = join(dir, 'export.json');
    const r = run(['export', '--from-woocommerce', url(hposStore, user), '--table-prefix', 'shop7_', '--output', output]);
    expect(r.stderr.split('\n').filter(Boolean).map((l) => Number(/^exported ([\d,]+) orders/.exec(l)?.[1]?.replace(/,/g, '')))).toEqual([120]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`exporting mysql://${user}:***@`);
    expect(r.stdout).toMatch(/exported 120 orders to .*export\.json in [\d.]+ s/);
    const loaded = loadShopSnapshot(JSON.parse(readFileSync(output, 'utf8')));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues.slice(0, 3)));
    expectSameShop(loaded.snapshot, asStoredByWooCommerce(shop, 'hpos'));
    expect(existsSync(`${output}.partial-${process.pid}`)).toBe(false);
  });

  it('imports the store into PGlite through importShopSnapshot', async () => {
    const data = mkdtempSync(join(dir, 'pglite-'));
    const r = run(['import', '--from-woocommerce', url(hposStore, user), '--table-prefix', 'shop7_', '--database-url', `pglite:${data}`]);
    expect(r.stderr).toMatch(/^(imported [\d,]+ orders, [\d,]+ orders\/s\n)+$/);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`importing the WooCommerce store mysql://${user}:***@`);
    expect(r.stdout).toMatch(/imported 120 orders, 64 products, \d+ customers and 14 coupons/);
    const db = new PGlite(data);
    const { rows } = await db.query<{ orders: number; refunds: number }>('SELECT (SELECT count(*)::int FROM shop_orders) AS orders, (SELECT count(*)::int FROM shop_order_refunds) AS refunds');
    await db.close();
    expect(rows[0]).toEqual({ orders: 120, refunds: shop.orders.reduce((n, o) => n + o.refunds.length, 0) });
  });

  it('names each store it cannot read in one line, exit 2, for export and import', async () => {
    const empty = await store({ ...shop, orders: [] }, { storage: 'posts' });
    const admin = await mysql.createConnection({ uri: MYSQL_URL! });
    const bare = await nameOf(await emptyDatabase());
    await admin.query(`DELETE FROM \`${empty}\`.wp_options WHERE option_name IN ('woocommerce_version', 'woocommerce_db_version')`);
    await admin.end();
    const old = await store({ ...shop, orders: shop.orders.slice(0, 3) }, { storage: 'posts', wooCommerceVersion: '2.6.14' });
    const narrow = await reader([`\`${hposStore}\`.shop7_options`]);
    const output = join(dir, 'never.json');
    const cases: [string[], RegExp][] = [
      [['--from-woocommerce', url(bare)], /^wc-legacy-api: mysql:\/\/root@[^ ]+ is not a WooCommerce database \(it has no WordPress options table\)$/],
      [['--from-woocommerce', url(bare, user)], /^wc-legacy-api: missing privilege on mysql:\/\/wcw_\w+:\*\*\*@.*Access denied for user/],
      [['--from-woocommerce', url(empty)], /is not a WooCommerce database: the database has WordPress options but no woocommerce_version/],
      [['--from-woocommerce', url(hposStore, user)], /has no table wp_options: wrong --table-prefix\? \(its WordPress tables use "shop7_"\)$/],
      [['--from-woocommerce', url(hposStore, narrow), '--table-prefix', 'shop7_'], /^wc-legacy-api: missing privilege on mysql:\/\/wcw_\w+:\*\*\*@.*SELECT command denied .*shop7_\w+/],
      [['--from-woocommerce', url(old)], /runs an unsupported WooCommerce version: WooCommerce 2\.6\.14 is not supported \(3\.0 or later is\)/],
      [['--from-woocommerce', url(hposStore, user, 'wrong-password'), '--table-prefix', 'shop7_'], /^wc-legacy-api: cannot connect to mysql:\/\/wcw_\w+:\*\*\*@.*Access denied/],
      [['--from-woocommerce', url(hposStore, user), '--table-prefix', 'shop7_', '--storage', 'hpos2'], /--storage must be auto, posts or hpos, got "hpos2"/],
      [['--from-woocommerce', `postgres://x:${PASSWORD}@localhost/db`], /--from-woocommerce must be a mysql:\/\/USER:PASSWORD@HOST:PORT\/DB URL \(got postgres:\/\/x:\*\*\*@localhost\/db\)/],
    ];
    for (const [args, message] of cases) {
      const exported = run(['export', ...args, '--output', output]);
      expect(exported.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(exported.stderr.trimEnd(), args.join(' ')).toMatch(message);
      expect(exported.status, args.join(' ')).toBe(2);
      expect(existsSync(output)).toBe(false);
    }
    for (const [args, message] of cases.slice(0, 6)) {
      const imported = run(['import', ...args, '--database-url', `pglite:${mkdtempSync(join(dir, 'pglite-'))}`]);
      expect(imported.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(imported.stderr.trimEnd(), args.join(' ')).toMatch(message);
      expect(imported.status, args.join(' ')).toBe(2);
    }
  });

  it('cancels on Ctrl-C mid-export: exit 130, and no file is left', async () => {
    const output = join(dir, 'cancelled.json');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'export', '--from-woocommerce', url(hposStore, user), '--table-prefix', 'shop7_', '--output', output], {
      cwd: root,
      env: { ...process.env, WC_LEGACY_API_PROGRESS_EVERY_MS: '0' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Interrupted once the export has begun (its first line), whether or not its first page was read.
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    for (let i = 0; i < 600 && !stdout.includes('exporting') && child.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const code = await exited;
    if (code === 0) return; // finished before the signal arrived: nothing to cancel (a small store on a fast machine)
    expect(code).toBe(130);
    expect(stderr).toContain('export cancelled; ');
    expect(existsSync(output)).toBe(false);
    expect(existsSync(`${output}.partial-${child.pid}`)).toBe(false);
  });

  it('refuses usage mistakes before touching a database', () => {
    const cases: [string[], RegExp][] = [
      [['export', '--output', 'x.json'], /export needs --from-woocommerce URL/],
      [['export', '--from-woocommerce', 'mysql://a@b/c'], /export needs --output FILE/],
      [['import', 'shop.json', '--from-woocommerce', 'mysql://a@b/c', '--database-url', 'pglite:memory'], /import takes a SNAPSHOT file or --from-woocommerce URL, not both/],
      [['import', 'shop.json', '--table-prefix', 'x_', '--database-url', 'pglite:memory'], /--table-prefix and --storage go with --from-woocommerce URL/],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expect(r.stderr).toMatch(message);
      expect(r.status).toBe(2);
    }
  });
});
