// Import progress on the terminal: a bar redrawn in place on a TTY, a plain line every few seconds otherwise (logs,
// CI), so a long import is never silent and a log is never flooded.
import type { ImportProgress } from '../repository/postgres/import/import-snapshot';

/** Where progress is written: stderr, usually. */
export interface ProgressOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
  readonly columns?: number | undefined;
}

/** Reports progress; `finish` clears the bar. */
export interface ProgressReporter {
  update(progress: ImportProgress): void;
  finish(): void;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** Orders per second over `ms` milliseconds. */
export function ordersPerSecond(orders: number, ms: number): string {
  return count(ms > 0 ? (orders * 1000) / ms : 0);
}

/**
 * A reporter for an import of a file of `totalBytes` bytes (the share read is the share done). `now` is the clock
 * (milliseconds); `everyMs` how often a line is printed when the output is not a terminal.
 */
export function createProgressReporter(
  out: ProgressOutput,
  options: {
    readonly totalBytes?: number | undefined;
    readonly now?: (() => number) | undefined;
    readonly everyMs?: number | undefined;
    /** What the lines say was done (default `imported`; the export says `exported`). */
    readonly verb?: string | undefined;
  } = {},
): ProgressReporter {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const tty = out.isTTY === true;
  const every = tty ? 100 : (options.everyMs ?? 5000);
  let last = start;
  let drawn = false;

  const share = (p: ImportProgress): number | undefined => {
    if (p.totalOrders !== undefined) return p.totalOrders === 0 ? 1 : p.orders / p.totalOrders;
    if (options.totalBytes !== undefined && options.totalBytes > 0) return Math.min(1, p.bytesRead / options.totalBytes);
    return undefined;
  };

  return {
    update(p) {
      const t = now();
      if (p.done || t - last < every) return;
      last = t;
      const fraction = share(p);
      const percent = fraction === undefined ? '' : `${Math.floor(fraction * 100)}%`;
      const rate = `${ordersPerSecond(p.orders, t - start)} orders/s`;
      if (!tty) {
        out.write(`${options.verb ?? 'imported'} ${count(p.orders)} orders${percent === '' ? '' : ` (${percent} of the snapshot)`}, ${rate}\n`);
        return;
      }
      const width = 30;
      const filled = fraction === undefined ? 0 : Math.round(fraction * width);
      const bar = fraction === undefined ? '' : `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent.padStart(4)}  `;
      const line = `${bar}${count(p.orders)} orders  ${rate}`;
      out.write(`\r${line.slice(0, Math.max(20, (out.columns ?? 80) - 1))}\x1b[K`);
      drawn = true;
    },
    finish() {
      if (drawn) out.write('\r\x1b[K');
      drawn = false;
    },
  };
}
