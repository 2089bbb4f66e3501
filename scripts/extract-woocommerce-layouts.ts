/**
 * Extracts the layout facts of the WordPress and WooCommerce tables a WooCommerce store keeps its shop in (table
 * names, columns with their types, nullability, defaults and auto increment, primary and secondary keys) into
 * `test/shop/woocommerce/generated/woocommerce-layouts.ts`, which the test fixture writer turns into CREATE TABLE
 * statements. Only facts are kept; no code or prose of either project.
 *
 * Usage: tsx scripts/extract-woocommerce-layouts.ts WP_SCHEMA_PHP WC_SCHEMA...
 *   WP_SCHEMA_PHP  WordPress's wp-admin/includes/schema.php (e.g. from Debian's `wordpress` package, 6.1.9)
 *   WC_SCHEMA      files holding WooCommerce's CREATE TABLE text: WC_Install::get_schema() (order items, item meta,
 *                  API keys) and OrdersTableDataStore::get_database_schema() (HPOS)
 *
 * Names are resolved as the PHP does (`$wpdb->posts`, `{$wpdb->prefix}woocommerce_order_items`, HPOS's
 * `$orders_table_name`...), the index length variables by their values in the same code. The first CREATE TABLE of a
 * name wins (schema.php's single-site users table comes before the multisite one). Fails on a line it cannot read.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [wpSchema, ...wcSchemas] = process.argv.slice(2);
if (!wpSchema || wcSchemas.length === 0) {
  console.error('usage: tsx scripts/extract-woocommerce-layouts.ts WP_SCHEMA_PHP WC_SCHEMA...');
  process.exit(2);
}

/** The tables a shop lives in (WordPress's blog tables, its users, WooCommerce's order item, key and HPOS tables). */
const WANTED = [
  'options', 'posts', 'postmeta', 'comments', 'commentmeta', 'users', 'usermeta', 'terms', 'term_taxonomy', 'term_relationships',
  'woocommerce_order_items', 'woocommerce_order_itemmeta', 'woocommerce_api_keys', 'wc_orders', 'wc_order_addresses',
  'wc_order_operational_data', 'wc_orders_meta',
];

// HPOS's table name variables (OrdersTableDataStore::get_*_table_name()).
const NAME_VARIABLES: Record<string, string> = {
  $orders_table_name: 'wc_orders',
  $addresses_table_name: 'wc_order_addresses',
  $operational_data_table_name: 'wc_order_operational_data',
  $meta_table: 'wc_orders_meta',
};
// Index prefix lengths the schema code computes: 191 (`$max_index_length`, utf8mb4's 767-byte limit) and WooCommerce's
// composite customer id + e-mail key (191 - 20 for the id).
const LENGTH_VARIABLES: Record<string, number> = { '$max_index_length': 191, '{$max_index_length}': 191, '{$composite_customer_id_email_length}': 171 };

interface Column { name: string; type: string; nullable: boolean; default: string | null; autoIncrement: boolean }
interface KeyPart { column: string; length?: number }
interface Key { name: string; unique: boolean; parts: KeyPart[] }
interface Layout { table: string; columns: Column[]; primaryKey: string[]; keys: Key[] }

function tableName(raw: string): string | undefined {
  const wp = /^\$wpdb->(\w+)$/.exec(raw);
  if (wp) return wp[1];
  const prefixed = /^\{\$wpdb->prefix\}(\w+)$/.exec(raw);
  if (prefixed) return prefixed[1];
  const braced = /^\{\$wpdb->(\w+)\}$/.exec(raw);
  if (braced) return braced[1];
  return NAME_VARIABLES[raw];
}

function keyParts(text: string, at: string): KeyPart[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\w+)\s*(?:\(\s*([^)]+?)\s*\))?\s*$/.exec(part);
    if (!m) throw new Error(`${at}: cannot read key part ${JSON.stringify(part)}`);
    if (m[2] === undefined) return { column: m[1]! };
    const length = /^\d+$/.test(m[2]) ? Number(m[2]) : LENGTH_VARIABLES[m[2]];
    if (length === undefined) throw new Error(`${at}: unknown index length ${m[2]}`);
    return { column: m[1]!, length };
  });
}

function parseBody(table: string, body: string): Layout {
  const layout: Layout = { table, columns: [], primaryKey: [], keys: [] };
  // One definition a line in both projects' schema code; a trailing comma ends each but the last.
  for (const raw of body.split('\n')) {
    const line = raw.trim().replace(/,$/, '');
    if (line === '') continue;
    const at = `${table}: ${line}`;
    let m: RegExpExecArray | null;
    if ((m = /^PRIMARY KEY\s+\((.+)\)$/i.exec(line))) {
      layout.primaryKey = keyParts(m[1]!, at).map((p) => p.column);
    } else if ((m = /^(UNIQUE )?KEY (\w+)\s*\((.+)\)$/i.exec(line))) {
      layout.keys.push({ name: m[2]!, unique: m[1] !== undefined, parts: keyParts(m[3]!, at) });
    } else if ((m = /^(\w+)\s+(\w+(?:\(\s*\d+\s*(?:,\s*\d+\s*)?\))?(?:\s+unsigned)?)(.*)$/i.exec(line))) {
      const rest = m[3]!.trim();
      const type = m[2]!.toLowerCase().replace(/\s+/g, ' ').replace(/\(\s*(\d+)\s*,\s*(\d+)\s*\)/, '($1,$2)');
      const defaultMatch = /default\s+('(?:[^']*)'|\S+)/i.exec(rest);
      const defaultValue = defaultMatch === null || /^null$/i.test(defaultMatch[1]!) ? null : defaultMatch[1]!.replace(/^'(.*)'$/, '$1');
      const leftover = rest
        .replace(/NOT NULL|\bNULL\b|default\s+('(?:[^']*)'|\S+)|auto_increment|primary key/gi, '')
        .trim();
      if (leftover !== '') throw new Error(`${at}: cannot read ${JSON.stringify(leftover)}`);
      layout.columns.push({ name: m[1]!, type, nullable: !/NOT NULL/i.test(rest), default: defaultValue, autoIncrement: /auto_increment/i.test(rest) });
      if (/primary key/i.test(rest)) layout.primaryKey = [m[1]!];
    } else {
      throw new Error(`cannot read ${at}`);
    }
  }
  if (layout.primaryKey.length === 0) throw new Error(`${table}: no primary key`);
  return layout;
}

function layoutsIn(text: string): Map<string, Layout> {
  const out = new Map<string, Layout>();
  const start = /CREATE TABLE\s+(\S+)\s*\(/g;
  for (let m = start.exec(text); m !== null; m = start.exec(text)) {
    const name = tableName(m[1]!);
    // The body ends at the parenthesis that closes the one after the name.
    let depth = 1;
    let i = start.lastIndex;
    for (; i < text.length && depth > 0; i += 1) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    if (name !== undefined && WANTED.includes(name) && !out.has(name)) out.set(name, parseBody(name, text.slice(start.lastIndex, i - 1)));
  }
  // Indexes WooCommerce adds to WordPress's tables (`ALTER TABLE {$wpdb->comments} ADD INDEX woo_idx_comment_type ...`).
  const alter = /ALTER TABLE\s+(\S+)\s+ADD (UNIQUE )?(?:INDEX|KEY)\s+(\w+)\s*\(([^)]*(?:\(\d+\)[^)]*)*)\)/gi;
  for (let m = alter.exec(text); m !== null; m = alter.exec(text)) {
    const name = tableName(m[1]!);
    if (name !== undefined) (out.get(name) ?? added(name)).keys.push({ name: m[3]!, unique: m[2] !== undefined, parts: keyParts(m[4]!, `${name}: ${m[0]}`) });
  }
  return out;
}

// Keys added to a table defined in another file: kept until that file's CREATE TABLE is read (see the merge below).
const addedKeys = new Map<string, Layout>();
function added(name: string): Layout {
  let layout = addedKeys.get(name);
  if (layout === undefined) addedKeys.set(name, (layout = { table: name, columns: [], primaryKey: [], keys: [] }));
  return layout;
}

const found = new Map<string, Layout>();
for (const file of [wpSchema, ...wcSchemas]) for (const [name, layout] of layoutsIn(readFileSync(file, 'utf8'))) if (!found.has(name)) found.set(name, layout);
for (const [name, extra] of addedKeys) found.get(name)?.keys.push(...extra.keys);
const missing = WANTED.filter((t) => !found.has(t));
if (missing.length > 0) throw new Error(`no CREATE TABLE found for ${missing.join(', ')}`);

// One table a block, one column or key a line: reviewable diffs when a WooCommerce release changes a layout.
function render(layout: Layout): string {
  const lines = [
    `  {`,
    `    table: ${JSON.stringify(layout.table)},`,
    `    columns: [`,
    ...layout.columns.map((c) => `      ${JSON.stringify(c)},`),
    `    ],`,
    `    primaryKey: ${JSON.stringify(layout.primaryKey)},`,
    `    keys: [`,
    ...layout.keys.map((k) => `      ${JSON.stringify(k)},`),
    `    ],`,
    `  },`,
  ];
  return `${lines.join('\n')}\n`;
}

const outFile = fileURLToPath(new URL('../test/shop/woocommerce/generated/woocommerce-layouts.ts', import.meta.url));
mkdirSync(new URL('../test/shop/woocommerce/generated/', import.meta.url), { recursive: true });
writeFileSync(
  outFile,
  `// Generated by scripts/extract-woocommerce-layouts.ts from WordPress's schema.php and WooCommerce's schema code:
// the layout facts (columns, types, keys) of the tables a WooCommerce store keeps its shop in. Do not edit.

/** One table's layout, its name without the store's prefix. */
export interface TableLayout {
  readonly table: string;
  readonly columns: readonly { readonly name: string; readonly type: string; readonly nullable: boolean; readonly default: string | null; readonly autoIncrement: boolean }[];
  readonly primaryKey: readonly string[];
  readonly keys: readonly { readonly name: string; readonly unique: boolean; readonly parts: readonly { readonly column: string; readonly length?: number }[] }[];
}

export const WOOCOMMERCE_LAYOUTS: readonly TableLayout[] = [
${WANTED.map((t) => render(found.get(t)!)).join('')}];
`,
);
console.log(`wrote ${WANTED.length} table layouts to ${outFile}`);
