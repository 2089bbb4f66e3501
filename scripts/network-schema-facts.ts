/**
 * The facts of one cloud-init network-config schema (JSON): key names, types, enums, patterns,
 * bounds, required keys, deprecations and the `$defs` structure. Descriptions, titles, examples
 * and defaults (cloud-init's prose and documentation) are left out. Shared by
 * scripts/extract-network-config-schema.ts (26.2's schemas) and
 * scripts/extract-network-config-releases.ts (every older release's differences from them).
 *
 * Fails on any schema keyword it does not know, so a release cannot silently bring a rule the
 * validator (src/cloud-config/network/check-network-schema.ts) would not interpret.
 */

/** Where cloud-init keeps its network-config schemas (23.3 on for v1, 24.2 on for v2). */
export const NETWORK_SCHEMA_FILES = { v1: 'cloudinit/config/schemas/schema-network-config-v1.json', v2: 'cloudinit/config/schemas/schema-network-config-v2.json' } as const;

// Keywords that carry facts, kept as they are.
const FACTS = new Set(['type', 'enum', 'const', 'pattern', 'required', 'maxLength', 'minLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'uniqueItems', 'deprecated', 'deprecated_version', 'changed', 'changed_version', 'new_version']);
// Keywords holding schemas.
const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SCHEMA_ONES = new Set(['items', 'additionalProperties', 'not']);
// Prose and documentation: dropped.
// (`desciption`: a misspelling in 23.4 to 24.1's v1 schema, ignored by jsonschema as any unknown keyword.)
const PROSE = new Set(['description', 'desciption', 'title', 'examples', 'default', '$comment', 'deprecated_description', 'changed_description', 'new_description', '$schema']);

/** The facts of the schema `node` (found at `at`, for messages). */
export function networkSchemaFacts(node: unknown, at: string): unknown {
  if (typeof node === 'boolean') return node;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) throw new Error(`${at}: expected a schema, got ${JSON.stringify(node)}`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (PROSE.has(key)) continue;
    if (key === '$ref') out[key] = value;
    else if (FACTS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key)) out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, networkSchemaFacts(v, `${at}/${key}/${k}`)]));
    else if (SCHEMA_LISTS.has(key)) out[key] = (value as unknown[]).map((v, i) => networkSchemaFacts(v, `${at}/${key}/${i}`));
    else if (SCHEMA_ONES.has(key)) out[key] = networkSchemaFacts(value, `${at}/${key}`);
    else throw new Error(`${at}: unknown schema keyword ${JSON.stringify(key)}; teach the extractor and the validator about it`);
  }
  return out;
}
