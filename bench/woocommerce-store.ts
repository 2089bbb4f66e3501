// A generated WooCommerce store for the WooCommerce benches: the demo shop (examples/demo-shop.ts) at any size,
// written by the test fixture writer the way WooCommerce stores it (posts or HPOS) into a MySQL/MariaDB database of
// its own, timed. A store already written with the same seed, size and storage is reused (a marker option says
// which), so benches can share one 100,000-order store.
//
// Run alone: tsx bench/woocommerce-store.ts [--orders N] [--storage posts|hpos] [--database NAME] [--prefix P] [--seed N]
// (MYSQL_URL, default mysql://root@127.0.0.1:3306/; prints the seconds the write took).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { generateDemoShop } from '../examples/demo-shop';
import { writeWooCommerceShop } from '../test/shop/woocommerce/fixture-writer';
import { withWooCommerceIds } from '../test/shop/woocommerce/woocommerce-shape';

/** Where and what to write. */
export interface WooCommerceBenchStore {
  readonly orders: number;
  readonly storage: 'posts' | 'hpos';
  /** The database to (re)create; default `wcbench_<storage>_<orders>`. */
  readonly database?: string | undefined;
  readonly tablePrefix?: string | undefined;
  readonly seed?: number | undefined;
  /** A server URL (its path is ignored); default MYSQL_URL or mysql://root@127.0.0.1:3306/. */
  readonly serverUrl?: string;
  readonly onProgress?: (orders: number) => void;
}

/** The store written: a URL for it, and how long the generation and the write took (0 when reused). */
export interface WrittenBenchStore {
  readonly url: string;
  readonly database: string;
  readonly reused: boolean;
  readonly generateSeconds: number;
  readonly writeSeconds: number;
}

const MARKER = 'wc_legacy_api_bench_store';

/** Writes (or reuses) a demo-shop WooCommerce store of `orders` orders. */
export async function writeWooCommerceBenchStore(spec: WooCommerceBenchStore): Promise<WrittenBenchStore> {
  const database = spec.database ?? `wcbench_${spec.storage}_${spec.orders}`;
  const prefix = spec.tablePrefix ?? 'wp_';
  const seed = spec.seed ?? 1;
  const server = new URL(spec.serverUrl ?? process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/');
  server.pathname = '/';
  const url = new URL(server);
  url.pathname = `/${database}`;
  const marker = `${seed}:${spec.orders}:${spec.storage}:${prefix}`;
  const admin = await mysql.createConnection({ uri: server.toString() });
  try {
    const [rows] = await admin
      .query(`SELECT option_value AS v FROM \`${database}\`.\`${prefix}options\` WHERE option_name = ?`, [MARKER])
      .catch(() => [[]] as const);
    if ((rows as { v: string }[])[0]?.v === marker) return { url: url.toString(), database, reused: true, generateSeconds: 0, writeSeconds: 0 };
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
  } finally {
    await admin.end();
  }
  let t = performance.now();
  const shop = withWooCommerceIds(generateDemoShop({ orders: spec.orders, seed }));
  const generateSeconds = (performance.now() - t) / 1000;
  const pool = mysql.createPool({ uri: url.toString(), dateStrings: true, connectionLimit: 1 });
  try {
    t = performance.now();
    await writeWooCommerceShop(pool, shop, { storage: spec.storage, tablePrefix: prefix, batchSize: 1000, onProgress: (p) => spec.onProgress?.(p.orders) });
    const writeSeconds = (performance.now() - t) / 1000;
    await pool.query(`INSERT INTO \`${prefix}options\` (option_name, option_value, autoload) VALUES (?, ?, 'no')`, [MARKER, marker]);
    return { url: url.toString(), database, reused: false, generateSeconds, writeSeconds };
  } finally {
    await pool.end();
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { orders: { type: 'string' }, storage: { type: 'string' }, database: { type: 'string' }, prefix: { type: 'string' }, seed: { type: 'string' } },
  });
  const storages = values.storage === undefined ? (['posts', 'hpos'] as const) : ([values.storage as 'posts' | 'hpos'] as const);
  for (const storage of storages) {
    const orders = Number(values.orders ?? 100_000);
    let last = 0;
    const written = await writeWooCommerceBenchStore({
      orders,
      storage,
      database: values.database,
      tablePrefix: values.prefix,
      seed: values.seed === undefined ? undefined : Number(values.seed),
      onProgress: (n) => {
        if (n - last >= 10_000 || n === orders) process.stderr.write(`  ${storage}: ${n.toLocaleString('en-US')} orders written\n`);
        if (n - last >= 10_000) last = n;
      },
    });
    console.log(
      written.reused
        ? `${storage}: ${written.database} already holds the ${orders.toLocaleString('en-US')}-order store (reused)`
        : `${storage}: ${orders.toLocaleString('en-US')} orders written to ${written.database} in ${written.writeSeconds.toFixed(1)} s (generated in ${written.generateSeconds.toFixed(1)} s)`,
    );
  }
}
