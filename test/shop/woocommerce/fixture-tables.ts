// The tables of a WooCommerce store, created from the layout facts extracted from WordPress's and WooCommerce's schema
// code (generated/woocommerce-layouts.ts), and a row buffer that writes them in multi-row INSERTs.
import type { Connection, PoolConnection } from 'mysql2/promise';
import { WOOCOMMERCE_LAYOUTS, type TableLayout } from './generated/woocommerce-layouts';

/** The tables of HPOS (custom order tables); the others every store has. */
export const HPOS_TABLES = ['wc_orders', 'wc_order_addresses', 'wc_order_operational_data', 'wc_orders_meta'] as const;

export type TableName = (typeof WOOCOMMERCE_LAYOUTS)[number]['table'];

const LAYOUTS = new Map<string, TableLayout>(WOOCOMMERCE_LAYOUTS.map((l) => [l.table, l]));

/** The layout of one table (throws for a table the facts do not hold). */
export function layoutOf(table: string): TableLayout {
  const layout = LAYOUTS.get(table);
  if (layout === undefined) throw new Error(`no layout for table ${table}`);
  return layout;
}

const quoteId = (name: string) => `\`${name.replace(/`/g, '``')}\``;

const keySql = (k: TableLayout['keys'][number]) =>
  `${k.unique ? 'UNIQUE ' : ''}KEY ${quoteId(k.name)} (${k.parts.map((p) => quoteId(p.column) + (p.length === undefined ? '' : `(${p.length})`)).join(',')})`;

/**
 * `CREATE TABLE` of one layout under `prefix`, with WordPress's default charset and collation on MySQL 5.6+/MariaDB.
 * Without `keys`, only the primary key: a large write adds the others afterwards ({@link addKeysSql}), which InnoDB
 * builds by sorting instead of inserting into every index row by row.
 */
export function createTableSql(layout: TableLayout, prefix: string, keys = true): string {
  const columns = layout.columns.map((c) => {
    const dflt = c.default === null ? (c.nullable ? ' DEFAULT NULL' : '') : ` DEFAULT '${c.default.replace(/'/g, "''")}'`;
    return `  ${quoteId(c.name)} ${c.type}${c.nullable ? '' : ' NOT NULL'}${dflt}${c.autoIncrement ? ' AUTO_INCREMENT' : ''}`;
  });
  const body = [...columns, `  PRIMARY KEY (${layout.primaryKey.map(quoteId).join(',')})`, ...(keys ? layout.keys.map((k) => `  ${keySql(k)}`) : [])].join(',\n');
  return `CREATE TABLE ${quoteId(prefix + layout.table)} (\n${body}\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci`;
}

/** The `ALTER TABLE` adding a layout's secondary keys (none: `undefined`), for tables created without them. */
export function addKeysSql(layout: TableLayout, prefix: string): string | undefined {
  if (layout.keys.length === 0) return undefined;
  return `ALTER TABLE ${quoteId(prefix + layout.table)} ${layout.keys.map((k) => `ADD ${keySql(k)}`).join(', ')}`;
}

/** A row by column name; columns left out take the layout's default ('' for NOT NULL text without one, else NULL). */
export type RowValues = Record<string, string | number | null>;

/** Rows per table, flushed as multi-row INSERTs (explicit ids kept; auto-increment meta ids follow insertion order). */
export class RowBuffer {
  private readonly rows = new Map<string, unknown[][]>();
  private pending = 0;

  constructor(
    private readonly connection: Connection | PoolConnection,
    private readonly prefix: string,
  ) {}

  add(table: TableName, values: RowValues): void {
    const layout = layoutOf(table);
    const row = layout.columns.map((c) => {
      const v = values[c.name];
      if (v !== undefined) return v;
      if (c.autoIncrement) return null;
      if (c.default !== null) return c.default;
      return c.nullable ? null : /int|decimal/.test(c.type) ? 0 : '';
    });
    let list = this.rows.get(table);
    if (list === undefined) this.rows.set(table, (list = []));
    list.push(row);
    this.pending += 1;
  }

  /** Rows waiting to be written. */
  get size(): number {
    return this.pending;
  }

  async flush(): Promise<void> {
    for (const [table, rows] of this.rows) {
      const columns = layoutOf(table).columns.map((c) => quoteId(c.name)).join(',');
      // 500 rows a statement stays far below MariaDB's default max_allowed_packet (16 MB) for WooCommerce's rows.
      for (let i = 0; i < rows.length; i += 500) {
        await this.connection.query(`INSERT INTO ${quoteId(this.prefix + table)} (${columns}) VALUES ?`, [rows.slice(i, i + 500)]);
      }
    }
    this.rows.clear();
    this.pending = 0;
  }
}
