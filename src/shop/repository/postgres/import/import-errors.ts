import type { SnapshotIssue } from '../../../snapshot/snapshot-issue';

/**
 * A snapshot value PostgreSQL cannot store as it is; the import stops before writing anything.
 *
 * @example
 * ```ts
 * try {
 *   await importShopSnapshot(pool, snapshot);
 * } catch (error) {
 *   if (error instanceof SnapshotImportError) console.error(`cannot import ${error.column}: ${error.message}`);
 * }
 * ```
 */
export class SnapshotImportError extends Error {
  override readonly name = 'SnapshotImportError';
  constructor(
    message: string,
    /** Table and column, e.g. `shop_orders.customer_note`. */
    readonly column: string,
  ) {
    super(message);
  }
}

/**
 * A streamed snapshot that is not valid (see `readShopSnapshot`): the import wrote nothing. `issues` holds every
 * problem found, up to the import's `maxIssues`.
 *
 * @example
 * ```ts
 * try {
 *   await importShopSnapshot(pool, createReadStream('shop.json'));
 * } catch (error) {
 *   if (error instanceof InvalidSnapshotError) console.error(error.issues.map(formatSnapshotIssue).join('\n'));
 * }
 * ```
 */
export class InvalidSnapshotError extends Error {
  override readonly name = 'InvalidSnapshotError';
  constructor(readonly issues: readonly SnapshotIssue[]) {
    super(`the snapshot is not valid (${issues.length === 1 ? '1 issue' : `${issues.length} issues`}); nothing was imported`);
  }
}
