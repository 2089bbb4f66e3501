// `npm start` (examples/server.ts) as a user runs it: spawned on a random port, then asked over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { signOAuthUrl } from 'wc-legacy-api/shop';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

interface Demo {
  readonly baseUrl: string;
  readonly curl: string;
  /** Fetches `path` below the base URL, signed with the printed demo key (the demo requires a key). */
  get(path: string): Promise<Response>;
}

/** Starts the demo server; resolves with what it printed, or rejects with its exit code and output. */
function start(args: string[] = []): Promise<Demo> {
  const child = spawn(tsx, ['examples/server.ts', ...args], { cwd: root, env: { ...process.env, PORT: '0' } });
  children.push(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const base = /at (http:\/\/localhost:\d+\/wc-api\/v1\/)/.exec(out);
      const curl = /Try: (curl .*)\n/.exec(out);
      const consumerKey = /consumer key: +(\S+)/.exec(out)?.[1];
      const consumerSecret = /consumer secret: +(\S+)/.exec(out)?.[1];
      if (base && curl && consumerKey && consumerSecret) {
        const baseUrl = base[1]!;
        const get = (path: string) => fetch(signOAuthUrl({ method: 'GET', url: `${baseUrl}${path}`, consumerKey, consumerSecret }));
        resolve({ baseUrl, curl: curl[1]!, get });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(Object.assign(new Error(`exited ${code}: ${err}`), { code, stderr: err })));
  });
}

describe('demo server (npm start)', () => {
  it('serves the generated demo shop and prints a working curl line', async () => {
    const { baseUrl, curl, get } = await start();
    const index = await fetch(baseUrl);
    expect(index.status).toBe(200);
    const store = ((await index.json()) as { store: { URL: string; routes: Record<string, unknown> } }).store;
    expect(`${store.URL}/wc-api/v1/`).toBe(baseUrl);
    expect(Object.keys(store.routes)).toContain('/orders/<id>');

    const url = /'([^']+)'/.exec(curl)![1]!;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const orders = ((await res.json()) as { orders: { id: number; status: string; total: string }[] }).orders;
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(Object.keys(order)).toEqual(['id', 'status', 'total']);
      expect(order.status).toBe('completed');
    }
    expect(Number(res.headers.get('x-wc-total'))).toBeGreaterThan(2);
    expect(res.headers.get('link')).toContain(`${baseUrl}orders?`);

    expect((await fetch(`${baseUrl}orders/count`)).status).toBe(401); // no key
    const count = (await (await get('orders/count')).json()) as { count: number };
    expect(count.count).toBeGreaterThanOrEqual(100);
  }, 60_000);

  it('serves a snapshot file with --data, and exits 1 with a clear message for an invalid one', async () => {
    const { get } = await start(['--data', 'examples/data/small-shop.json']);
    const res = await get('orders/count');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { count: number }).count).toBeGreaterThan(0);

    const dir = mkdtempSync(join(tmpdir(), 'wc-legacy-api-demo-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format_version: 1, store: {} }));
    const failure = await start(['--data', bad]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('is not a valid shop snapshot');
  }, 60_000);

  it.runIf(Boolean(process.env.DATABASE_URL))('serves a database with --database-url (imported with wc-legacy-api import)', async () => {
    const pg = (await import('pg')).default;
    const schema = `demo_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const { importShopSnapshot, migratePostgres, loadShopSnapshotStream } = await import('wc-legacy-api/shop');
      const { createReadStream } = await import('node:fs');
      const pool = new pg.Pool({ connectionString: url.toString() });
      await migratePostgres(pool);
      await importShopSnapshot(pool, createReadStream('examples/data/small-shop.json'));
      await pool.end();
      const expected = await loadShopSnapshotStream(createReadStream('examples/data/small-shop.json'));
      const { get } = await start(['--database-url', url.toString()]);
      const res = await get('orders/count');
      expect(await res.json()).toEqual({ count: expected.ok ? expected.snapshot.orders.length : -1 });
    } finally {
      for (const child of children.splice(0)) child.kill('SIGTERM');
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }, 60_000);
});
