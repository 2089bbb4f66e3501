import { composeCloudConfigSchema } from './compose';
import { sharedDefs } from './defs';
import type { JsonSchema } from './json-schema';
import { MODULE_SCHEMAS } from './modules';

/**
 * The specification's schema, composed from its sources: the shared definitions and one file per
 * cloud-init module. Run at build time only (scripts/compile-cloud-config-schema.ts): the package
 * ships the result as JSON text (`generated/cloud-config-schema.js`), which V8 reads several times
 * faster than it runs the module files, a part of every cold start (`npm run bench -- cloud-config`).
 */
export function composeSpecSchema(): JsonSchema {
  return composeCloudConfigSchema(
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://wc-legacy-api.dev/schemas/cloud-config.json',
      title: 'cloud-config',
      description: 'cloud-init user data in #cloud-config format.',
    },
    sharedDefs,
    MODULE_SCHEMAS,
  );
}
