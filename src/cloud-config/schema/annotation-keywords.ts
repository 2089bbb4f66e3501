/**
 * The non-standard annotation keywords used by the cloud-config schema (cloud-init's own).
 * Declare them before compiling so ajv's strict mode accepts the schema.
 *
 * `deprecated: true` marks a subschema whose use is reported as a deprecation (never an
 * error); `deprecated_version`/`deprecated_description` say since when and what to use
 * instead. `changed*` carry cloud-init's "Changed in version" wording for the same forms,
 * `new*` are reserved for additions, `label` names a patternProperties key for docs, and
 * `hidden` lists keywords docs should not render. (`deprecated` itself is already known
 * to ajv, so it is not in this list.)
 *
 * @example
 * ```ts
 * import Ajv from 'ajv';
 * import { CLOUD_CONFIG_ANNOTATION_KEYWORDS, cloudConfigSchema } from 'wc-legacy-api/cloud-config';
 *
 * const ajv = new Ajv({ strict: true, allowUnionTypes: true });
 * ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
 * const validate = ajv.compile(cloudConfigSchema);
 * ```
 */
export const CLOUD_CONFIG_ANNOTATION_KEYWORDS = [
  'deprecated_version',
  'deprecated_description',
  'changed',
  'changed_version',
  'changed_description',
  'new',
  'new_version',
  'new_description',
  'label',
  'hidden',
] as const;
