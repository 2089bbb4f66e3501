// `wc-legacy-api import SNAPSHOT --database-url URL`: migrate, stream the snapshot into the database in one transaction,
// show progress, print a summary. Ctrl-C cancels and rolls back.
import { createReadStream, statSync } from 'node:fs';
import { importShopSnapshot } from '../repository/postgres/import/import-snapshot';
import { InvalidSnapshotError, SnapshotImportError } from '../repository/postgres/import/import-errors';
import { migratePostgres } from '../repository/postgres/migrate';
import { formatSnapshotIssue } from '../snapshot/snapshot-issue';
import { CliError, messageOf } from './cli-error';
import { openDatabase } from './database';
import { createProgressReporter, ordersPerSecond, type ProgressOutput } from './progress';
import { wooCommerceSnapshotText } from './woocommerce-snapshot-text';
import { openWooCommerce, wooCommerceFailure, type WooCommerceSource } from './woocommerce-source';
import type { WooCommerceStorage } from '../repository/woocommerce/woocommerce-database';

/** What the import command needs from its caller. */
export interface ImportCommand {
  /** The snapshot file; with {@link ImportCommand.fromWooCommerce}, unused (a name for messages). */
  readonly file: string;
  /** Import a live WooCommerce store (mysql:// URL) instead of a file: read page by page, streamed into the import. */
  readonly fromWooCommerce?: { readonly url: string; readonly tablePrefix?: string | undefined; readonly storage?: 'auto' | WooCommerceStorage | undefined } | undefined;
  readonly databaseUrl: string;
  readonly batchSize?: number | undefined;
  readonly maxValueBytes?: number | undefined;
  readonly out: (line: string) => void;
  readonly progressOut: ProgressOutput;
  readonly progressEveryMs?: number | undefined;
  readonly signal: AbortSignal;
}

const SHOWN_ISSUES = 20;

/** Runs the import; resolves when committed, rejects with a {@link CliError}. */
export async function runImport(command: ImportCommand): Promise<void> {
  let size: number | undefined;
  let wooStore: WooCommerceSource | undefined;
  if (command.fromWooCommerce !== undefined) {
    const w = command.fromWooCommerce;
    wooStore = await openWooCommerce(w.url, w.tablePrefix, w.storage);
  } else {
    try {
      const stat = statSync(command.file);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch (error) {
      throw new CliError(`cannot read ${command.file}: ${messageOf(error)}`);
    }
  }
  const db = await openDatabase(command.databaseUrl).catch(async (error: unknown) => {
    await wooStore?.close().catch(() => undefined);
    throw error;
  });
  const started = performance.now();
  const progress = createProgressReporter(command.progressOut, { totalBytes: size, everyMs: command.progressEveryMs });
  try {
    const { applied, version } = await migratePostgres(db.client).catch((error: unknown) => {
      throw new CliError(`cannot migrate the shop schema in ${db.label}: ${messageOf(error)}`);
    });
    command.out(applied.length > 0 ? `migrated ${db.label} to schema version ${version}` : `schema of ${db.label} is current (version ${version})`);
    const { rows } = await db.client.query('SELECT count(*)::int AS n FROM shop_orders');
    const existing = Number((rows[0] as { n: unknown }).n);
    const { rows: store } = await db.client.query('SELECT 1 FROM shop_store');
    if (existing > 0 || store.length > 0) {
      throw new CliError(`${db.label} already holds a shop (${existing.toLocaleString('en-US')} orders): import into an empty database or schema`);
    }
    command.out(wooStore === undefined ? `importing ${command.file} (${((size ?? 0) / 1e6).toFixed(1)} MB)...` : `importing the WooCommerce store ${wooStore.label}...`);
    const input = wooStore === undefined ? createReadStream(command.file, { highWaterMark: 1 << 20 }) : wooCommerceSnapshotText(wooStore.db, { tablePrefix: wooStore.tablePrefix, storage: wooStore.storage });
    const result = await importShopSnapshot(db.client, input, {
      batchSize: command.batchSize,
      maxValueBytes: command.maxValueBytes,
      signal: command.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.finish();
    const ms = performance.now() - started;
    command.out(
      `imported ${result.orders.toLocaleString('en-US')} orders, ${result.products.toLocaleString('en-US')} products, ` +
        `${result.customers.toLocaleString('en-US')} customers and ${result.coupons.toLocaleString('en-US')} coupons ` +
        `in ${(ms / 1000).toFixed(1)} s (${ordersPerSecond(result.orders, ms)} orders/s)`,
    );
  } catch (error) {
    progress.finish();
    throw importFailure(error, command, wooStore);
  } finally {
    await db.close().catch(() => undefined);
    await wooStore?.close().catch(() => undefined);
  }
}

function importFailure(error: unknown, command: ImportCommand, store: WooCommerceSource | undefined): CliError {
  if (error instanceof CliError) return error;
  if (command.signal.aborted) return new CliError('import cancelled; nothing was imported (the transaction was rolled back)', 130);
  // The store's own failures (a missing privilege, an unsupported version...) as the export names them.
  if (store !== undefined && !(error instanceof InvalidSnapshotError) && !(error instanceof SnapshotImportError)) {
    const failure = wooCommerceFailure(error, store);
    return new CliError(`${failure.message}; nothing was imported`, failure.exitCode);
  }
  if (error instanceof InvalidSnapshotError) {
    const lines = error.issues.slice(0, SHOWN_ISSUES).map((issue) => `  ${formatSnapshotIssue(issue)}`);
    const more = error.issues.length > SHOWN_ISSUES ? [`  ... and ${error.issues.length - SHOWN_ISSUES} more`] : [];
    return new CliError([`${command.file} is not a valid shop snapshot (see docs/data-format.md); nothing was imported:`, ...lines, ...more].join('\n'), 1);
  }
  if (error instanceof SnapshotImportError) return new CliError(`cannot import ${command.file}: ${error.message}; nothing was imported`, 1);
  return new CliError(`import failed; nothing was imported: ${messageOf(error)}`);
}
