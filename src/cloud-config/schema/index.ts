import { specSchema } from './generated/cloud-config-schema';

export { CLOUD_CONFIG_ANNOTATION_KEYWORDS } from './annotation-keywords';

// Composed from the module files at build time (spec-schema.ts, scripts/compile-cloud-config-schema.ts; a test
// fails when it is stale) and shipped as JSON text: a shorter cold start than composing it on every import.

/**
 * The complete cloud-config JSON Schema (draft-07 with `$defs`), as plain JSON data.
 *
 * Every top-level key cloud-init accepts is listed in `properties`; unknown keys are
 * rejected. Deprecated keys and forms validate and carry `deprecated: true` with
 * `deprecated_version` and `deprecated_description` naming the replacement. Compile it
 * with ajv after declaring {@link CLOUD_CONFIG_ANNOTATION_KEYWORDS}; the same document is
 * published as `wc-legacy-api/cloud-config/schema.json` for editors.
 *
 * @example
 * ```ts
 * import Ajv from 'ajv';
 * import addFormats from 'ajv-formats';
 * import { CLOUD_CONFIG_ANNOTATION_KEYWORDS, cloudConfigSchema } from 'wc-legacy-api/cloud-config';
 *
 * const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
 * addFormats(ajv);
 * ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
 * const validate = ajv.compile(cloudConfigSchema);
 * validate({ runcmd: ['echo hello'] }); // true
 * ```
 */
export const cloudConfigSchema: Readonly<Record<string, unknown>> = specSchema;
