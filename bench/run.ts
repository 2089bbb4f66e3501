// Runs every bench/*.bench.ts module in name order (or those named on the command line), so adding a benchmark
// needs no registration here. Each module prints its own figures and ratios against a baseline from the same run.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  // A name picks its own file when one has exactly that name (`cloud-config`, not also `cloud-config-adversarial`).
  .filter((f) => wanted.length === 0 || wanted.some((w) => (readdirSync(dir).includes(`${w}.bench.ts`) ? f === `${w}.bench.ts` : f.includes(w))))
  .sort();

console.log(`wc-legacy-api bench: node ${process.version}, ${process.platform}/${process.arch}${process.env.BENCH_QUICK ? ', quick sizes' : ''}`);
for (const file of files) {
  console.log(`\n== ${file.replace('.bench.ts', '')} ==`);
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run: () => Promise<void> };
  await mod.run();
}
