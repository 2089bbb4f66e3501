// Writes a generated demo shop as a JSON snapshot file, one order at a time, so files larger than any string V8 can
// hold (about 230,000 demo orders) can be written. Used by the snapshot-stream and import benchmarks.
import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { serializeShopSnapshot } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../examples/demo-shop';

/** Writes `generateDemoShop({ orders, seed })` to `file` (reused when it exists) and returns the path. */
export async function writeDemoSnapshotFile(file: string, orders: number, seed = 1): Promise<string> {
  if (existsSync(file)) return file;
  const shop = generateDemoShop({ orders, seed });
  const { orders: list, ...head } = serializeShopSnapshot({ ...shop, orders: [] });
  void list;
  const out = createWriteStream(`${file}.partial`);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${JSON.stringify(head).slice(0, -1)},"orders":[\n`);
  for (let i = 0; i < shop.orders.length; i += 1) {
    const [order] = serializeShopSnapshot({ ...shop, products: [], customers: [], coupons: [], orders: [shop.orders[i]!] }).orders;
    await write(`${i > 0 ? ',\n' : ''}${JSON.stringify(order)}`);
  }
  await write('\n]}\n');
  out.end();
  await once(out, 'finish');
  const { renameSync } = await import('node:fs');
  renameSync(`${file}.partial`, file);
  return file;
}
