// Prints the PostgreSQL plans (EXPLAIN (ANALYZE, BUFFERS)) of the queries the repository really sends for a one-week
// sales report, a year report (from the day rows, and a range not made of whole days from the orders), top sellers
// for a week and a year, listing counts, the default page and its count, and
// a two-term search (EXPLAIN_TRGM=1: also with the optional pg_trgm index), on the demo shop of 200,000 orders
// (EXPLAIN_ORDERS to change), so docs/postgres.md's plans are reproducible:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/explain-postgres.ts
//
// The shop lives in its own schema (EXPLAIN_SCHEMA, default wc_legacy_api_explain), imported once and reused by later runs
// while it holds the same number of orders (EXPLAIN_FRESH=1 re-imports). Each query is captured from the repository
// through a recording client, then run again under EXPLAIN with the same parameters. The reads the repository sends as
// named prepared statements on a pg Pool (preparedStatements) are also shown as such: prepared, executed six times
// (past the server's choice between custom and generic plans), then explained as the seventh execution.
import pg from 'pg';
import {
  createPostgresRepository,
  importShopSnapshot,
  migratePostgres,
  resolveReportRange,
  salesReportFor,
  topSellersFor,
  type PostgresClient,
  type ReportFilter,
} from 'wc-legacy-api/shop';
import { DEMO_SHOP_NOW, generateDemoShop } from '../examples/demo-shop';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
const schema = process.env.EXPLAIN_SCHEMA ?? 'wc_legacy_api_explain';
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`EXPLAIN_SCHEMA must be a plain lower-case name, got ${schema}`);
const orders = Number(process.env.EXPLAIN_ORDERS ?? 200_000);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
// The repository's statements are recorded on one connection of their own (a client without transaction() is one
// connection to the repository), and explained on another, inside a transaction with the settings the repository
// gives its own (JIT off), rolled back so an index created for a plan (EXPLAIN_TRGM=1) is gone afterwards.
const recorder = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
await recorder.connect();

interface Captured {
  readonly text: string;
  readonly params: unknown[] | undefined;
}

/** A client that records every statement the repository sends, and forwards it. */
function recording(into: Captured[]): PostgresClient {
  return { query: (text: string, params?: unknown[]) => (into.push({ text, params }), recorder.query(text, params)) };
}

async function prepare(): Promise<void> {
  const exists = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  if (exists.rows.length > 0 && !process.env.EXPLAIN_FRESH) {
    const found = await pool.query("SELECT count(*)::int AS n FROM shop_orders").catch(() => ({ rows: [{ n: -1 }] }));
    if (Number((found.rows[0] as { n: unknown }).n) === orders) {
      await migratePostgres(pool);
      console.log(`-- reusing schema ${schema} with ${orders} orders (EXPLAIN_FRESH=1 re-imports)`);
      return;
    }
  }
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await migratePostgres(pool);
  const started = performance.now();
  await importShopSnapshot(pool, generateDemoShop({ orders, seed: 1 }), { batchSize: 2000 });
  console.log(`-- imported ${orders} demo orders (seed 1) into ${schema} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The statement a repository call sends that `pick` chooses, captured by running the call once. */
async function sentStatement(title: string, run: (client: PostgresClient) => Promise<unknown>, pick: (q: Captured) => boolean): Promise<Captured> {
  const captured: Captured[] = [];
  await run(recording(captured));
  const query = captured.find(pick);
  if (query === undefined) throw new Error(`${title}: no matching statement was sent`);
  return query;
}

async function explain(
  title: string,
  run: (client: PostgresClient) => Promise<unknown>,
  pick: (q: Captured) => boolean,
  setup: readonly string[] = [],
): Promise<void> {
  const query = await sentStatement(title, run, pick);
  const conn = await pool.connect();
  let plan;
  try {
    await conn.query('BEGIN');
    await conn.query(`SELECT set_config('jit', 'off', true)`);
    for (const statement of setup) await conn.query(statement);
    plan = await conn.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.text}`, query.params);
  } finally {
    await conn.query('ROLLBACK');
    conn.release();
  }
  console.log(`\n### ${title}\n`);
  console.log('```');
  for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
  console.log('```');
}

// The plan a named prepared statement settles on: the one its seventh execution uses (a generic plan shows `$n` in its
// conditions and a Planning Time near zero; a custom plan is made for each execution's values).
// `generic`: the repository asks for the generic plan of this read (the default page: SET LOCAL plan_cache_mode).
async function explainPrepared(
  title: string,
  run: (client: PostgresClient) => Promise<unknown>,
  pick: (q: Captured) => boolean,
  generic = false,
): Promise<void> {
  const query = await sentStatement(title, run, pick);
  const conn = await pool.connect();
  let plan;
  try {
    await conn.query('BEGIN');
    await conn.query(`SELECT set_config('jit', 'off', true)`);
    if (generic) await conn.query(`SELECT set_config('plan_cache_mode', 'force_generic_plan', true)`);
    await conn.query(`PREPARE explained AS ${query.text}`);
    const args = (query.params ?? []).map((v) => (v === null ? 'NULL' : conn.escapeLiteral(String(v)))).join(', ');
    const execute = `EXECUTE explained${args === '' ? '' : `(${args})`}`;
    for (let i = 0; i < 6; i += 1) await conn.query(execute);
    plan = await conn.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${execute}`);
  } finally {
    await conn.query('ROLLBACK');
    await conn.query('DEALLOCATE ALL');
    conn.release();
  }
  console.log(`\n### ${title} (prepared, seventh execution)\n`);
  console.log('```');
  for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
  console.log('```');
}

try {
  await prepare();
  const store = (await pool.query('SELECT time_zone FROM shop_store')).rows[0] as { time_zone: string };
  const range = (filter: ReportFilter) => {
    const r = resolveReportRange(filter, { now: DEMO_SHOP_NOW, timeZone: store.time_zone });
    if (!r.ok) throw new Error(r.error.message);
    return r.range;
  };
  const week = range({ period: 'week' });
  const year = range({ period: 'year' });
  const repo = (client: PostgresClient) => createPostgresRepository({ client });
  const server = (await admin.query('SHOW server_version')).rows[0] as { server_version: string };
  console.log(`-- PostgreSQL ${server.server_version}, ${orders} orders, store zone ${store.time_zone}, now ${DEMO_SHOP_NOW.toISOString()}`);

  await explain('Sales report, one week (7 days)', (c) => salesReportFor(repo(c), week), (q) => q.text.includes('width_bucket'));
  await explain(`Sales report, year (${year.labels.length} months)`, (c) => salesReportFor(repo(c), year), (q) => q.text.includes('width_bucket'));
  const isTopSellers = (q: Captured) => q.text.includes('agg_product_ids') || q.text.includes('shop_report_day_products');
  const isCount = (q: Captured) => q.text.includes('count(*)') || q.text.includes('shop_order_status_counts');
  // A range whose ends are not local midnights: the per-order path (migration 3's report index).
  const unaligned = { ...year, start: new Date(year.start.getTime() + 3_600_000) };
  await explain(
    `Sales report, year not made of whole days (starts 01:00; per-order path)`,
    (c) => salesReportFor(repo(c), unaligned),
    (q) => q.text.includes('width_bucket') && q.text.includes('shop_orders o'),
  );
  await explain('Top sellers, one week', (c) => topSellersFor(repo(c), week, 12), isTopSellers);
  await explain(
    'Listing count: GET /orders?status=processing,completed,on-hold&filter[created_at_min]=180 days ago (X-WC-Total)',
    (c) =>
      repo(c).countOrders({
        statuses: ['processing', 'completed', 'on-hold'],
        createdMin: new Date(DEMO_SHOP_NOW.getTime() - 180 * 86_400_000),
      }),
    isCount,
  );
  await explain('Listing count: GET /orders?status=processing (all time)', (c) => repo(c).countOrders({ statuses: ['processing'] }), isCount);
  const isPage = (q: Captured) => q.text.includes('ORDER BY o.created_at DESC') && q.text.includes('LIMIT');
  await explain('Top sellers, year', (c) => topSellersFor(repo(c), year, 12), isTopSellers);
  await explain('Default page: GET /orders (10 newest)', (c) => repo(c).listOrders({}, { offset: 0, limit: 10 }), isPage);
  await explain('Its count: GET /orders (X-WC-Total)', (c) => repo(c).countOrders({}), isCount);
  // The same reads as the repository runs them on a pg Pool: named prepared statements.
  await explainPrepared('Sales report, one week (7 days)', (c) => salesReportFor(repo(c), week), (q) => q.text.includes('width_bucket'));
  await explainPrepared(`Sales report, year (${year.labels.length} months)`, (c) => salesReportFor(repo(c), year), (q) => q.text.includes('width_bucket'));
  await explainPrepared('Top sellers, one week', (c) => topSellersFor(repo(c), week, 12), isTopSellers);
  await explainPrepared('Top sellers, year', (c) => topSellersFor(repo(c), year, 12), isTopSellers);
  await explainPrepared('Default page: GET /orders (10 newest)', (c) => repo(c).listOrders({}, { offset: 0, limit: 10 }), isPage, true);
  await explainPrepared('Its count: GET /orders (X-WC-Total)', (c) => repo(c).countOrders({}), isCount);
  // GET /orders as the handler asks it where the repository has orderPage: page, total and products in one statement.
  await explainPrepared('GET /orders in one statement (orderPage: page, X-WC-Total, products)', (c) => repo(c).orderPage!({}, { offset: 0, limit: 10 }), (q) => q.text.includes('page_total'), true);
  const search = ['meyer', 'noah'];
  await explain(`Search count: GET /orders?filter[q]=${search.join('+')} (X-WC-Total)`, (c) => repo(c).countOrders({ search }), isCount);
  await explain(`Search page: GET /orders?filter[q]=${search.join('+')}`, (c) => repo(c).listOrders({ search }, { offset: 0, limit: 10 }), isPage);
  if (process.env.EXPLAIN_TRGM === '1') {
    // The optional trigram index of docs/postgres.md ("Search"), built inside the explained transaction and rolled back.
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    const trgm = ['CREATE INDEX shop_orders_search_trgm ON shop_orders USING gin (search_text public.gin_trgm_ops)', 'ANALYZE shop_orders'];
    await explain(`Search count with the pg_trgm index: filter[q]=${search.join('+')}`, (c) => repo(c).countOrders({ search }), isCount, trgm);
  }
} finally {
  await recorder.end();
  await pool.end();
  await admin.end();
}
