// Serving never changes the schema: the version is read, never migrated, and the roles docs/postgres.md grants are
// enough. A SELECT-only role (a read replica's) serves every read and answers a write with 503; a read-write service
// role needs only UPDATE on shop_orders, INSERT on shop_order_notes and its sequence. Real roles, on the server.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresRepository,
  createShopApi,
  importShopSnapshot,
  migratePostgres,
  readPostgresSchemaVersion,
  SHOP_MANAGER_CAPABILITIES,
  type ShopApi,
} from 'wc-legacy-api/shop';
import { FIXTURE_NOW, fixtureSnapshot } from '../conformance/fixture';
import { DATABASE_URL, PGLITE_TARGET, POOL_TARGET } from './harness';

const caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const READS = [
  '/wc-api/v1/orders?status=processing,completed&filter[q]=a',
  '/wc-api/v1/orders/count',
  '/wc-api/v1/orders/1001',
  '/wc-api/v1/orders/1001/notes',
  '/wc-api/v1/coupons',
  '/wc-api/v1/reports/sales?filter[period]=year',
  '/wc-api/v1/reports/sales/top_sellers?filter[period]=year',
];

describe('readPostgresSchemaVersion', { timeout: 120_000 }, () => {
  it('reads missing, current, behind and ahead without changing anything', async () => {
    const client = await PGLITE_TARGET.freshClient();
    const latest = (await readPostgresSchemaVersion(client)).latest;
    expect(await readPostgresSchemaVersion(client)).toEqual({ version: 0, latest, status: 'missing' });
    const { rows } = await client.query(`SELECT to_regclass('shop_schema_migrations') IS NULL AS absent`);
    expect((rows[0] as { absent: unknown }).absent).toBe(true);
    await migratePostgres(client);
    expect(await readPostgresSchemaVersion(client)).toEqual({ version: latest, latest, status: 'current' });
    await client.query('DELETE FROM shop_schema_migrations WHERE version = $1', [latest]);
    expect(await readPostgresSchemaVersion(client)).toEqual({ version: latest - 1, latest, status: 'behind' });
    await client.query(`INSERT INTO shop_schema_migrations (version, name) VALUES ($1, 'future')`, [latest + 5]);
    expect(await readPostgresSchemaVersion(client)).toEqual({ version: latest + 5, latest, status: 'ahead' });
  });
});

describe.skipIf(DATABASE_URL === undefined)('least-privilege roles on the server', () => {
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const readOnly = `shop_ro_${suffix}`;
  const readWrite = `shop_rw_${suffix}`;
  let admin: pg.Pool;
  let schema: string;
  const pools: pg.Pool[] = [];

  const poolAs = (role: string): pg.Pool => {
    const url = new URL(DATABASE_URL!);
    url.username = role;
    url.password = '';
    const pool = new pg.Pool({ connectionString: url.toString(), options: `-c search_path=${schema}`, max: 4 });
    pools.push(pool);
    return pool;
  };
  const apiAs = (role: string): ShopApi =>
    createShopApi({ repository: createPostgresRepository({ client: poolAs(role) }), now: () => FIXTURE_NOW });

  beforeAll(async () => {
    admin = (await POOL_TARGET.freshClient()) as pg.Pool;
    schema = String((await admin.query('SELECT current_schema() AS s')).rows[0].s);
    await migratePostgres(admin);
    await importShopSnapshot(admin, fixtureSnapshot());
    // The grants docs/postgres.md gives: a replica's role reads; a service's role also writes a status change.
    for (const role of [readOnly, readWrite]) {
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
    }
    await admin.query(`GRANT UPDATE ON shop_orders TO ${readWrite}`);
    await admin.query(`GRANT INSERT ON shop_order_notes TO ${readWrite}`);
    await admin.query(`GRANT USAGE ON SEQUENCE shop_order_note_ids TO ${readWrite}`);
    await admin.query(`GRANT INSERT, UPDATE, DELETE ON shop_report_days, shop_report_day_products, shop_order_status_counts TO ${readWrite}`);
  });

  afterAll(async () => {
    for (const pool of pools) await pool.end().catch(() => undefined);
    for (const role of [readOnly, readWrite]) {
      await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
      await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    }
  });

  it('a SELECT-only role reads the schema version and serves every read exactly as the owner does', async () => {
    expect((await readPostgresSchemaVersion(poolAs(readOnly))).status).toBe('current');
    const owner = createShopApi({ repository: createPostgresRepository({ client: admin }), now: () => FIXTURE_NOW });
    const replica = apiAs(readOnly);
    for (const url of READS) {
      const [a, b] = await Promise.all([owner.handle({ method: 'GET', url, caller }), replica.handle({ method: 'GET', url, caller })]);
      expect(b.status, url).toBe(200);
      expect(b.body, url).toBe(a.body);
    }
  });

  it('a SELECT-only role answers a status change with 503 read-only, and cannot migrate', async () => {
    const replica = apiAs(readOnly);
    const res = await replica.handle({ method: 'PUT', url: '/wc-api/v1/orders/1002', caller, body: { status: 'on-hold', note: 'x' } });
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body!).errors[0]).toEqual({ code: 'shop_api_unavailable', message: expect.stringMatching(/read-only/) });
    await expect(migratePostgres(poolAs(readOnly))).rejects.toThrow();
  });

  it('a read-write role with UPDATE on shop_orders and INSERT on shop_order_notes changes a status with its note', async () => {
    const service = apiAs(readWrite);
    const res = await service.handle({ method: 'PUT', url: '/wc-api/v1/orders/1002', caller, body: { status: 'on-hold', note: 'held' } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body!).order.status).toBe('on-hold');
    const notes = await service.handle({ method: 'GET', url: '/wc-api/v1/orders/1002/notes', caller });
    expect(notes.body).toContain('held');
  });
});
