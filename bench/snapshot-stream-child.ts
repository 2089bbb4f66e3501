// One measurement of bench/snapshot-stream.bench.ts in its own process, so its peak RSS is its own:
//   MODE stream: readShopSnapshot over a file stream, counting orders (nothing kept)
//   MODE whole:  loadShopSnapshot(readFileSync(file, 'utf8')), the documented whole-file path
// Prints one JSON line: { orders, ms, maxRssMb }.
import { createReadStream, readFileSync } from 'node:fs';
import { loadShopSnapshot, readShopSnapshot } from 'wc-legacy-api/shop';

const [mode, file] = process.argv.slice(2) as [string, string];
const start = performance.now();
let orders = 0;
if (mode === 'stream') {
  for await (const part of readShopSnapshot(createReadStream(file, { highWaterMark: 1 << 16 }))) {
    if (part.kind === 'order') orders += 1;
    else if (part.kind === 'issue') throw new Error(`unexpected issue: ${part.issue.message}`);
  }
} else {
  const result = loadShopSnapshot(readFileSync(file, 'utf8'));
  if (!result.ok) throw new Error('unexpected issues');
  orders = result.snapshot.orders.length;
}
const ms = performance.now() - start;
console.log(JSON.stringify({ orders, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
