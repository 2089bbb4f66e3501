// `importShopSnapshot` as the shop entry exports it. The import's own code (the COPY and INSERT writers, the order
// encoder, bulk loading: about a sixth of the code the shop entry would otherwise parse) is loaded with import() on
// the first call, which every bundler follows, so `import('wc-legacy-api/shop')` does not pay for it.
import type { ShopSnapshot } from '../../../model/shop';
import type { ShopSnapshotSource } from '../../../snapshot/read-shop-snapshot';
import type { PostgresClient } from '../client';
import type { ImportShopSnapshotOptions, ImportShopSnapshotResult } from './import-snapshot';

/**
 * Loads a shop snapshot into a migrated, empty shop schema (see `migratePostgres`): store settings, products,
 * customers, coupons and orders with all their lines, in batches inside ONE transaction, so a failure (a duplicate
 * id, a value PostgreSQL cannot hold), an invalid streamed snapshot or an abort leaves the database exactly as it was.
 *
 * The snapshot is a {@link ShopSnapshot} in memory, or a JSON snapshot streamed from any byte source (a file stream,
 * see `readShopSnapshot`), which is validated as it is read and never held in memory whole; an invalid one rejects
 * with an {@link InvalidSnapshotError} listing the issues. `onProgress` hears after every batch; `signal` cancels.
 *
 * PostgreSQL text cannot hold NUL characters: a snapshot containing one is refused with a {@link SnapshotImportError}
 * naming the column, and nothing is written. A schema that is not migrated, or already holds a shop, is refused
 * before anything is read, with an {@link ImportTargetError} (`code` `not_migrated` or `not_empty`).
 *
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { PGlite } from '@electric-sql/pglite';
 * import { createPostgresRepository, importShopSnapshot, migratePostgres } from 'wc-legacy-api/shop';
 * const db = new PGlite();
 * await migratePostgres(db);
 * await importShopSnapshot(db, createReadStream('shop.json'), { onProgress: (p) => console.log(`${p.orders} orders`) });
 * const repo = createPostgresRepository({ client: db });
 * ```
 */
export async function importShopSnapshot(
  client: PostgresClient,
  snapshot: ShopSnapshot | ShopSnapshotSource,
  options: ImportShopSnapshotOptions = {},
): Promise<ImportShopSnapshotResult> {
  const { importShopSnapshot: runImport } = await import('./import-snapshot');
  return runImport(client, snapshot, options);
}
