/**
 * Writes the cloud-config JSON Schema to `dist/cloud-config/schema.json`, published as
 * `wc-legacy-api/cloud-config/schema.json` for editors (yaml-language-server) and other tools.
 * Runs after tsup in `npm run build` (tsup cleans dist first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloudConfigSchema } from '../src/cloud-config/schema/index';

const target = fileURLToPath(new URL('../dist/cloud-config/schema.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../dist/cloud-config/', import.meta.url)), { recursive: true });
writeFileSync(target, `${JSON.stringify(cloudConfigSchema, null, 2)}\n`);
console.log(`wrote ${target}`);
