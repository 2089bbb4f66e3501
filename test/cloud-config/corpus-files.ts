// The YAML files of the cloud-config test corpus (test/fixtures/cloud-config/), shared by
// test/cloud-config/document-data.test.ts and test/cloud-config/token-parser.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../fixtures/cloud-config/', import.meta.url));

/** Each `.yaml` file of the corpus as `[name, text]`, in name order. */
export function corpusFiles(): (readonly [string, string])[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => [f, readFileSync(`${dir}${f}`, 'utf8')] as const);
}
