// `wc-legacy-api export --from-woocommerce mysql://... --output shop.json`: a live WooCommerce store written as a shop
// snapshot, page by page of orders (streamed: memory holds one page), progress on stderr. The file appears only
// when complete: it is written beside its name and renamed at the end, so a failed or cancelled export leaves none.
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError, messageOf } from './cli-error';
import { createProgressReporter, ordersPerSecond, type ProgressOutput } from './progress';
import { wooCommerceSnapshotText } from './woocommerce-snapshot-text';
import { openWooCommerce, wooCommerceFailure } from './woocommerce-source';
import type { WooCommerceStorage } from '../repository/woocommerce/woocommerce-database';

/** What the export command needs from its caller. */
export interface ExportCommand {
  readonly fromWooCommerce: string;
  readonly tablePrefix?: string | undefined;
  readonly storage?: 'auto' | WooCommerceStorage | undefined;
  readonly output: string;
  readonly out: (line: string) => void;
  readonly progressOut: ProgressOutput;
  readonly progressEveryMs?: number | undefined;
  readonly signal: AbortSignal;
}

/** Runs the export; resolves when the file is complete, rejects with a {@link CliError}. */
export async function runExport(command: ExportCommand): Promise<void> {
  const source = await openWooCommerce(command.fromWooCommerce, command.tablePrefix, command.storage);
  const partial = `${command.output}.partial-${process.pid}`;
  const started = performance.now();
  const progress = createProgressReporter(command.progressOut, { everyMs: command.progressEveryMs, verb: 'exported' });
  let orders = 0;
  try {
    command.out(`exporting ${source.label} to ${command.output}...`);
    const text = wooCommerceSnapshotText(source.db, {
      tablePrefix: source.tablePrefix,
      storage: source.storage,
      onProgress: (p) => {
        orders = p.orders;
        progress.update({ orders: p.orders, totalOrders: undefined, bytesRead: 0, done: false });
      },
    });
    await pipeline(Readable.from(text), createWriteStream(partial), { signal: command.signal }).catch((error: unknown) => {
      // A file system failure names the file; anything else is the store's.
      const code = (error as { code?: string }).code;
      if (code !== undefined && /^E[A-Z]+$/.test(code) && (error as { path?: string }).path !== undefined) throw new CliError(`cannot write ${command.output}: ${messageOf(error)}`);
      throw error;
    });
    renameSync(partial, command.output);
    progress.finish();
    const ms = performance.now() - started;
    command.out(`exported ${orders.toLocaleString('en-US')} orders to ${command.output} in ${(ms / 1000).toFixed(1)} s (${ordersPerSecond(orders, ms)} orders/s)`);
  } catch (error) {
    progress.finish();
    rmSync(partial, { force: true });
    if (command.signal.aborted) throw new CliError(`export cancelled; ${command.output} was not written`, 130);
    throw wooCommerceFailure(error, source);
  } finally {
    await source.close().catch(() => undefined);
  }
}
