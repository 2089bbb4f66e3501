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

/**
 * Why {@link ImportTargetError} refused the target: `not_empty`, the schema already holds a shop (a store, products,
 * customers, coupons or orders); `not_migrated`, it has no shop tables yet (run `migratePostgres` first).
 *
 * @example
 * ```ts
 * const code: ImportTargetIssue = 'not_empty';
 * ```
 */
export type ImportTargetIssue = 'not_empty' | 'not_migrated';

/**
 * `importShopSnapshot` was pointed at a schema it does not load into, found before anything is read or written: one
 * that already holds a shop (`code: 'not_empty'`, `tables` names the shop tables that have rows), or one that is not
 * migrated (`code: 'not_migrated'`). Import into a fresh schema (or empty the tables) instead: an import never merges
 * with or replaces a shop.
 *
 * @example
 * ```ts
 * try {
 *   await importShopSnapshot(pool, snapshot);
 * } catch (error) {
 *   if (error instanceof ImportTargetError && error.code === 'not_empty') console.error(`already a shop: ${error.tables.join(', ')}`);
 * }
 * ```
 */
export class ImportTargetError extends Error {
  override readonly name = 'ImportTargetError';
  constructor(
    readonly code: ImportTargetIssue,
    message: string,
    /** For `not_empty`: the shop tables holding rows, e.g. `['shop_store', 'shop_orders']`. */
    readonly tables: readonly string[] = [],
  ) {
    super(message);
  }
}
