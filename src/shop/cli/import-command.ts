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

/** What the import command needs from its caller. */
export interface ImportCommand {
  readonly file: string;
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
  let size: number;
  try {
    const stat = statSync(command.file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch (error) {
    throw new CliError(`cannot read ${command.file}: ${messageOf(error)}`);
  }
  const db = await openDatabase(command.databaseUrl);
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
    command.out(`importing ${command.file} (${(size / 1e6).toFixed(1)} MB)...`);
    const result = await importShopSnapshot(db.client, createReadStream(command.file, { highWaterMark: 1 << 20 }), {
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
    throw importFailure(error, command);
  } finally {
    await db.close().catch(() => undefined);
  }
}

function importFailure(error: unknown, command: ImportCommand): CliError {
  if (error instanceof CliError) return error;
  if (command.signal.aborted) return new CliError('import cancelled; nothing was imported (the transaction was rolled back)', 130);
  if (error instanceof InvalidSnapshotError) {
    const lines = error.issues.slice(0, SHOWN_ISSUES).map((issue) => `  ${formatSnapshotIssue(issue)}`);
    const more = error.issues.length > SHOWN_ISSUES ? [`  ... and ${error.issues.length - SHOWN_ISSUES} more`] : [];
    return new CliError([`${command.file} is not a valid shop snapshot (see docs/data-format.md); nothing was imported:`, ...lines, ...more].join('\n'), 1);
  }
  if (error instanceof SnapshotImportError) return new CliError(`cannot import ${command.file}: ${error.message}; nothing was imported`, 1);
  return new CliError(`import failed; nothing was imported: ${messageOf(error)}`);
}
