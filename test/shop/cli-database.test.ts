// `wc-legacy-api serve --database-url` never changes the schema: an empty or unmigrated database gets one line naming
// `wc-legacy-api migrate`, which creates it; a SELECT-only role serves (on the server, with DATABASE_URL).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeShopSnapshot, signOAuthUrl } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'src/shop/cli/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// `then`: more requests while the server runs, given the banner (its key) and its URL.
async function serveAndFetch(args: string[], then?: (url: URL, banner: string) => Promise<void>): Promise<{ banner: string; body: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--port', '0', ...args], { cwd: root });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 600 && !out.includes('Stop with Ctrl-C') && child.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 100));
  const url = /curl -s -g '([^']+)'/.exec(out)?.[1];
  const body = url === undefined ? '' : await (await fetch(url)).text();
  try {
    if (url !== undefined) await then?.(new URL(url), out);
  } finally {
    child.kill('SIGINT');
  }
  return { banner: out, body, code: await exited };
}

const file = join(dir, 'shop.json');
writeFileSync(file, JSON.stringify(serializeShopSnapshot(generateDemoShop({ orders: 60, seed: 3 }))));

describe('wc-legacy-api serve and migrate on a database', { timeout: 240_000 }, () => {
  it('refuses to serve an empty database with one line naming migrate; migrate creates the schema', () => {
    const url = `pglite:${mkdtempSync(join(dir, 'pglite-'))}`;
    const empty = run(['serve', '--database-url', url, '--port', '0']);
    expect(empty.status).toBe(2);
    expect(empty.stderr.trim().split('\n')).toHaveLength(1);
    expect(empty.stderr).toMatch(/holds no shop schema: create it with wc-legacy-api migrate --database-url URL/);

    const first = run(['migrate', '--database-url', url]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^migrated pglite:.* to schema version \d+\n$/);
    const again = run(['migrate', '--database-url', url]);
    expect(again.stdout).toMatch(/^schema of pglite:.* is current \(version \d+\)\n$/);

    const noShop = run(['serve', '--database-url', url, '--port', '0']);
    expect(noShop.status).toBe(2);
    expect(noShop.stderr).toMatch(/holds no shop yet: import a snapshot first/);
  });

  it('refuses migrate without --database-url or with a file argument (exit 2)', () => {
    expect(run(['migrate']).stderr).toMatch(/migrate needs --database-url URL/);
    const extra = run(['migrate', 'shop.json', '--database-url', 'pglite:memory']);
    expect(extra.status).toBe(2);
    expect(extra.stderr).toMatch(/migrate takes no file argument/);
  });
});

const DATABASE_URL = process.env.DATABASE_URL || undefined;

describe.skipIf(DATABASE_URL === undefined)('wc-legacy-api serve as a SELECT-only role (read cache on)', { timeout: 240_000 }, () => {
  const schema = `cli_ro_${process.pid}_${Date.now().toString(36)}`;
  const role = `shop_cli_ro_${process.pid}_${Date.now().toString(36)}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const urlFor = (user?: string): string => {
    const url = new URL(DATABASE_URL!);
    if (user !== undefined) {
      url.username = user;
      url.password = '';
    }
    url.searchParams.set('options', `-c search_path=${schema}`);
    return url.toString();
  };
  afterAll(() =>
    admin(async (c) => {
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.query(`DROP OWNED BY ${role}`).catch(() => undefined);
      await c.query(`DROP ROLE IF EXISTS ${role}`);
    }),
  );

  it('serves a shop imported by the owner, reading only', async () => {
    await admin(async (c) => {
      await c.query(`CREATE SCHEMA ${schema}`);
      await c.query(`CREATE ROLE ${role} LOGIN`);
    });
    expect(run(['import', file, '--database-url', urlFor()]).status).toBe(0);
    await admin(async (c) => {
      await c.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      await c.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
    });
    // The read cache is on: a change made by another process (the owner's UPDATE here) shows once notified.
    let key = { consumerKey: '', consumerSecret: '' };
    const counted = async (url: URL): Promise<number> => {
      const count = `${url.origin}/wc-api/v1/orders/count?filter[created_at_min]=2000-01-01`;
      const res = await fetch(signOAuthUrl({ method: 'GET', url: count, ...key }));
      return (JSON.parse(await res.text()) as { count: number }).count;
    };
    const { banner, body, code } = await serveAndFetch(['--database-url', urlFor(role)], async (url, out) => {
      key = { consumerKey: /consumer key: +(\S+)/.exec(out)![1]!, consumerSecret: /consumer secret: +(\S+)/.exec(out)![1]! };
      expect(await counted(url)).toBe(60);
      expect(await counted(url)).toBe(60);
      await admin((c) => c.query(`UPDATE ${schema}.shop_orders SET created_at = '1990-01-01Z' WHERE id = (SELECT min(id) FROM ${schema}.shop_orders)`));
      const deadline = Date.now() + 10_000;
      while ((await counted(url)) !== 59) {
        if (Date.now() > deadline) throw new Error('serve did not see the change within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(banner).toMatch(/serving 60 orders of/);
    expect(JSON.parse(body).orders.length).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
