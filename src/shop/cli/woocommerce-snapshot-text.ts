// A WooCommerce store as snapshot JSON text, produced part by part (everything but the orders first, then each page
// of orders), so `export` writes and `import --from-woocommerce` imports a store of any size without holding it whole.
import { readWooCommerceSnapshot, type WooCommerceExportOptions } from '../repository/woocommerce/export-woocommerce-snapshot';
import type { MysqlQueryable } from '../repository/woocommerce/woocommerce-database';

/** The snapshot JSON of the store in `db`: `{"format_version":1,"store":...,"orders":[` then the orders, then `]}`. */
export async function* wooCommerceSnapshotText(db: MysqlQueryable, options: WooCommerceExportOptions): AsyncGenerator<string, void> {
  let first = true;
  for await (const part of readWooCommerceSnapshot(db, options)) {
    if (part.kind === 'head') {
      yield `${JSON.stringify(part.head).slice(0, -1)},"orders":[`;
      continue;
    }
    if (part.orders.length === 0) continue;
    yield `${first ? '\n' : ',\n'}${part.orders.map((o) => JSON.stringify(o)).join(',\n')}`;
    first = false;
  }
  yield '\n]}\n';
}
