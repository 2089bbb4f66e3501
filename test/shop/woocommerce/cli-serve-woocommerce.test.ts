// `wc-legacy-api serve --woocommerce-url mysql://...`: serves a WooCommerce store's database with the store's own API
// keys (a request signed with the key of ../shared/woocommerce/<store>/keys.json reads it, a PUT is the read-only
// 503), and refuses, in one line and exit 2, a URL that is not MySQL, a database that is not WordPress, a wrong table
// prefix and a user without SELECT. The URL's password is never printed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOAuthUrl } from 'wc-legacy-api/shop';
import { loadDump, MYSQL_URL, SHARED_STORES } from './mariadb-harness';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = join(root, 'src/shop/cli/main.ts');
const STORE = 'wc79-posts-utc';
const present = existsSync(new URL(`${STORE}/dump.sql`, SHARED_STORES));

// `serve` in a child process, waited for until it says it is serving (or exits): its output so far, its exit.
async function startServe(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--port', '0', ...args], { cwd: root, env: { ...process.env, ...env } });
  const served = { child, out: '', exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stdout.on('data', (d: Buffer) => (served.out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (served.out += d.toString()));
  for (let i = 0; i < 600 && !served.out.includes('Stop with Ctrl-C') && child.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 100));
  return served;
}

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dbUrl = (database: string, user?: { name: string; password: string }) => {
  const url = new URL(MYSQL_URL!);
  url.pathname = `/${database}`;
  if (user !== undefined) {
    url.username = user.name;
    url.password = user.password;
  }
  return url.toString();
};

describe.skipIf(MYSQL_URL === undefined || !present)('wc-legacy-api serve --woocommerce-url', { timeout: 240_000 }, () => {
  let database: string;
  let admin: mysql.Connection;
  const user = { name: `wcro_${Math.random().toString(36).slice(2, 8)}`, password: 'Pw-never-shown-7' };

  beforeAll(async () => {
    const pool = await loadDump(new URL(`${STORE}/dump.sql`, SHARED_STORES));
    const [[row]] = (await pool.query('SELECT DATABASE() AS db')) as [{ db: string }[], unknown];
    database = row!.db;
    admin = await mysql.createConnection({ uri: MYSQL_URL! });
    // A user who may read the options table and nothing else.
    await admin.query(`CREATE USER '${user.name}'@'%' IDENTIFIED BY '${user.password}'`);
    await admin.query(`GRANT SELECT ON \`${database}\`.\`wp_options\` TO '${user.name}'@'%'`);
    await admin.query(`CREATE DATABASE \`${database}_empty\``);
  }, 120_000);
  afterAll(async () => {
    await admin?.query(`DROP USER IF EXISTS '${user.name}'@'%'`).catch(() => undefined);
    await admin?.query(`DROP DATABASE IF EXISTS \`${database}_empty\``).catch(() => undefined);
    await admin?.end();
  });

  it('serves the store with its own keys, read-only', async () => {
    const { child, out, exited } = await startServe(['--woocommerce-url', dbUrl(database), '--table-prefix', 'wp_']);
    try {
      expect(out).toMatch(/serving 38 orders of ".*" \(WooCommerce, posts storage, read-only\)/);
      expect(out).not.toMatch(/consumer secret/);
      const site = /at (http:\/\/localhost:\d+)\/wc-api\/v1\//.exec(out)![1]!;
      const key = JSON.parse(readFileSync(new URL(`${STORE}/keys.json`, SHARED_STORES), 'utf8')) as { consumer_key: string; consumer_secret: string };
      const signed = (method: string, path: string) => signOAuthUrl({ method, url: `${site}/wc-api/v1/${path}`, consumerKey: key.consumer_key, consumerSecret: key.consumer_secret });
      const count = await fetch(signed('GET', 'orders/count'));
      expect(count.status).toBe(200);
      expect(await count.json()).toEqual({ count: 38 });
      const put = await fetch(signed('PUT', 'orders/68'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: { status: 'completed' } }) });
      expect(put.status).toBe(503);
      expect(await put.json()).toEqual({ errors: [{ code: 'shop_api_unavailable', message: 'This shop is served read-only here: changes are not accepted' }] });
      const unsigned = await fetch(`${site}/wc-api/v1/orders/count`);
      expect(unsigned.status).toBe(401);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });

  it('names each problem in one line and exits 2, never printing the password', () => {
    const cases: [string[], RegExp][] = [
      [['--woocommerce-url', 'postgres://u:pw@localhost/db'], /--woocommerce-url must start with mysql:\/\//],
      [['--woocommerce-url', dbUrl(`${database}_empty`)], /is not a WooCommerce database \(it has no WordPress options table\)/],
      [['--woocommerce-url', dbUrl(database), '--table-prefix', 'shop_'], /has no table shop_options: wrong --table-prefix\? \(its WordPress tables use "wp_"\)/],
      [['--woocommerce-url', dbUrl(database, user)], /missing privilege on .*wp_posts.* \(the reader needs SELECT on the store's tables\)/],
      [['--woocommerce-url', dbUrl(database), '--table-prefix', 'wp-'], /--table-prefix may hold letters, digits and _ only/],
    ];
    for (const [args, message] of cases) {
      const r = run(['serve', '--port', '0', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr + r.stdout).not.toContain(user.password);
    }
    // A usage error: its line, then the CLI's usual pointer to --help.
    const usage = run(['serve', '--port', '0', '--table-prefix', 'wp_']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^wc-legacy-api: serve: --table-prefix goes with --woocommerce-url URL\nRun "wc-legacy-api serve --help"/);
  });

  it('takes --rest-url with the key from the environment only, checked before serving', async () => {
    const secret = 'cs_0000secret0000never0000shown0000000000';
    const env = { WC_REST_CONSUMER_KEY: 'ck_1111111111111111111111111111111111111111', WC_REST_CONSUMER_SECRET: secret };
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--rest-url', 'https://store.example/wp-json/wc/v3'], env, /--rest-url goes with --woocommerce-url URL/],
      [['--woocommerce-url', dbUrl(database), '--rest-url', 'https://store.example/wp-json/wc/v3'], {}, /--rest-url needs .* WC_REST_CONSUMER_KEY and WC_REST_CONSUMER_SECRET/],
      [['--woocommerce-url', dbUrl(database), '--rest-url', 'http://store.example/wp-json/wc/v3'], env, /--rest-url: forwardWritesTo.restUrl uses plain http: use https/],
    ];
    for (const [args, extra, message] of cases) {
      const r = run(['serve', '--port', '0', ...args], { WC_REST_CONSUMER_KEY: '', WC_REST_CONSUMER_SECRET: '', ...extra });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr + r.stdout).not.toContain(secret);
    }
    const { child, out, exited } = await startServe(['--woocommerce-url', dbUrl(database), '--rest-url', 'https://store.example/wp-json/wc/v3'], env);
    try {
      expect(out).toMatch(/\(WooCommerce, posts storage, SELECT only\)/);
      expect(out).toContain("Status changes go through the store's REST API at https://store.example/wp-json/wc/v3 (the database is only read).");
      expect(out).not.toContain(secret);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});
