// The wc-legacy-api bin's commands and their options, as data: parseArgs' configuration, each command's --help and
// the top-level help all come from here, so a new command or option is an entry (and its handling in main.ts).
import { optionLines, type CliOption } from '../../common/cli-args';

const DATABASE_URL = {
  type: 'string',
  value: 'URL',
  help: 'postgres://USER:PASSWORD@HOST:5432/DB (needs the "pg" package), or pglite:DIR or pglite:memory\n(needs "@electric-sql/pglite"); add ?options=-c%20search_path%3DSCHEMA for a schema',
} as const satisfies CliOption;
const HELP = { type: 'boolean', short: 'h', help: 'show this help' } as const satisfies CliOption;
// A live WooCommerce store as the source of `export` and `import`.
const FROM_WOOCOMMERCE = {
  type: 'string',
  value: 'URL',
  help: 'mysql://USER:PASSWORD@HOST:3306/DB of a WooCommerce store (needs the "mysql2" package; SELECT only)',
} as const satisfies CliOption;
const WOOCOMMERCE_TABLE_PREFIX = { type: 'string', value: 'P', help: "the store's table prefix (default wp_)" } as const satisfies CliOption;
const WOOCOMMERCE_STORAGE = {
  type: 'string',
  value: 'S',
  help: 'auto (default: the store\'s setting), posts or hpos: which order tables to read',
} as const satisfies CliOption;

export const IMPORT_OPTIONS = {
  'database-url': DATABASE_URL,
  'batch-size': { type: 'string', value: 'N', help: 'orders per batch (default 1000)' },
  'max-value-bytes': { type: 'string', value: 'N', help: 'longest order (or other value) the snapshot may hold (default 16777216, 16 MiB)' },
  'from-woocommerce': { ...FROM_WOOCOMMERCE, help: `import this store instead of a SNAPSHOT file: ${FROM_WOOCOMMERCE.help}` },
  'table-prefix': WOOCOMMERCE_TABLE_PREFIX,
  storage: WOOCOMMERCE_STORAGE,
  help: HELP,
} as const satisfies Record<string, CliOption>;

export const EXPORT_OPTIONS = {
  'from-woocommerce': FROM_WOOCOMMERCE,
  'table-prefix': WOOCOMMERCE_TABLE_PREFIX,
  storage: WOOCOMMERCE_STORAGE,
  output: { type: 'string', short: 'o', value: 'FILE', help: 'the snapshot file to write (written whole or not at all)' },
  help: HELP,
} as const satisfies Record<string, CliOption>;

export const SERVE_OPTIONS = {
  data: { type: 'string', value: 'SNAPSHOT', help: 'a JSON shop snapshot file, loaded into memory' },
  'database-url': DATABASE_URL,
  'woocommerce-url': {
    type: 'string',
    value: 'URL',
    help: "mysql://USER:PASSWORD@HOST:3306/DB of a WooCommerce store (needs the \"mysql2\" package): served\nread-only, with the store's own API keys",
  },
  'table-prefix': WOOCOMMERCE_TABLE_PREFIX,
  'rest-url': {
    type: 'string',
    value: 'URL',
    help: "with --woocommerce-url: forward order status changes to the store's REST API (https://.../wp-json/wc/v3),\nwith the key in WC_REST_CONSUMER_KEY and WC_REST_CONSUMER_SECRET (never on the command line)",
  },
  port: { type: 'string', value: 'N', help: 'port (default $PORT or 8080; 0 picks a free port)' },
  host: { type: 'string', value: 'HOST', help: 'address to listen on (default $HOST or 127.0.0.1)' },
  help: HELP,
} as const satisfies Record<string, CliOption>;

export const MIGRATE_OPTIONS = {
  'database-url': DATABASE_URL,
  help: HELP,
} as const satisfies Record<string, CliOption>;

export const OPENAPI_OPTIONS = {
  'base-path': { type: 'string', value: 'PATH', help: "the API's base path (default /wc-api/v1)" },
  'server-url': { type: 'string', value: 'URL', help: 'the public URL the API is reached at, e.g. https://shop.example.com' },
  help: HELP,
} as const satisfies Record<string, CliOption>;

export const GLOBAL_OPTIONS = {
  version: { type: 'boolean', help: 'print the package version' },
  help: { type: 'boolean', short: 'h', help: 'show this help (COMMAND --help: that command\'s options)' },
} as const satisfies Record<string, CliOption>;

const EXIT_STATUS = 'Exit status: 0 done, 1 invalid snapshot, 2 usage, file or database error, 130 interrupted.';

/** A command: its synopsis, what it does, its options. */
export interface CommandSpec {
  readonly synopsis: string;
  readonly summary: string;
  readonly about: string;
  readonly options: Readonly<Record<string, CliOption>>;
}

export const COMMANDS = {
  import: {
    synopsis:
      'import SNAPSHOT --database-url URL [--batch-size N] [--max-value-bytes N]\n       wc-legacy-api import --from-woocommerce URL [--table-prefix P] [--storage S] --database-url URL',
    summary: 'import a JSON shop snapshot or a live WooCommerce store into PostgreSQL or PGlite',
    about:
      'Creates or upgrades the shop schema, then imports a JSON shop snapshot (any size: it is streamed), or with\n--from-woocommerce a WooCommerce database read page by page, in one transaction; progress on stderr, Ctrl-C\ncancels and nothing stays imported. The WooCommerce database is only read.',
    options: IMPORT_OPTIONS,
  },
  export: {
    synopsis: 'export --from-woocommerce URL [--table-prefix P] [--storage S] --output FILE',
    summary: 'write a live WooCommerce store as a JSON shop snapshot',
    about:
      'Reads a WooCommerce database (MySQL 8 / MariaDB 10.6+; posts or HPOS order storage; SELECT only) and writes\nit as a JSON shop snapshot, page by page of orders; progress on stderr. The file appears only when complete.',
    options: EXPORT_OPTIONS,
  },
  serve: {
    synopsis: 'serve [--data SNAPSHOT | --database-url URL | --woocommerce-url URL [--table-prefix P] [--rest-url URL]] [--port N] [--host HOST]',
    summary: 'serve the WooCommerce legacy v1 shop API',
    about:
      'Serves the WooCommerce legacy v1 shop API from a snapshot file or a database (without either: the small\nexample shop shipped with wc-legacy-api), with a fresh API key. Never changes a database\'s schema (see migrate).\nEnvironment (--database-url, --woocommerce-url): WC_LEGACY_API_POOL_SIZE connections (default twice the cores, 4 to 20),\nWC_LEGACY_API_STATEMENT_TIMEOUT_MS per-request database budget (default 5000; past it: 503 with Retry-After).',
    options: SERVE_OPTIONS,
  },
  migrate: {
    synopsis: 'migrate --database-url URL',
    summary: 'create or upgrade the shop schema of a database (serve needs it current)',
    about: 'Creates or upgrades the shop schema of a database, nothing else. serve never changes a schema; import migrates\nitself.',
    options: MIGRATE_OPTIONS,
  },
  openapi: {
    synopsis: 'openapi [--base-path PATH] [--server-url URL]',
    summary: 'print the OpenAPI 3.1 document of the shop API',
    about: 'Prints the OpenAPI 3.1 document of the shop API (JSON) on stdout, for client generators, API explorers and\ncontract tests.',
    options: OPENAPI_OPTIONS,
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** `wc-legacy-api COMMAND --help`. */
export function commandHelp(name: CommandName): string {
  const command: CommandSpec = COMMANDS[name];
  return `Usage: wc-legacy-api ${command.synopsis}\n\n${command.about}\n\nOptions:\n${optionLines(command.options)}\n\n${EXIT_STATUS}\n`;
}

/** `wc-legacy-api --help`: every command's synopsis and summary. */
export function topLevelHelp(): string {
  const width = Math.max(...COMMAND_NAMES.map((n) => n.length)) + 3;
  const synopses = COMMAND_NAMES.map((n, i) => `${i === 0 ? 'Usage: ' : '       '}wc-legacy-api ${COMMANDS[n].synopsis}`);
  return [
    ...synopses,
    '       wc-legacy-api COMMAND --help | --version',
    '',
    'Commands:',
    ...COMMAND_NAMES.map((n) => `  ${n.padEnd(width)}${COMMANDS[n].summary}`),
    '',
    'Options:',
    optionLines(GLOBAL_OPTIONS),
    '',
    EXIT_STATUS,
    '',
  ].join('\n');
}
