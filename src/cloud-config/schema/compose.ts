import type { JsonSchema, ModuleSchema } from './json-schema';

/** JSON equality for plain schema data (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function sortedRecord(record: Map<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries([...record.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Composes module contributions into one closed root schema. Every top-level key sits
 * directly in the root `properties` (not behind an `allOf` of module refs as in
 * cloud-init), so `additionalProperties: false` at the root sees them all and error paths
 * stay short. A key (or def) contributed twice must be contributed identically.
 */
export function composeCloudConfigSchema(
  header: JsonSchema,
  sharedDefs: Record<string, JsonSchema>,
  modules: readonly ModuleSchema[],
): JsonSchema {
  const defs = new Map<string, JsonSchema>(Object.entries(sharedDefs));
  const properties = new Map<string, JsonSchema>();
  const merge = (into: Map<string, JsonSchema>, what: string, key: string, value: JsonSchema): void => {
    const existing = into.get(key);
    if (existing !== undefined && !sameJson(existing, value)) {
      throw new Error(`cloud-config schema: ${what} "${key}" is defined twice, differently`);
    }
    into.set(key, value);
  };
  for (const mod of modules) {
    for (const [key, value] of Object.entries(mod.defs ?? {})) merge(defs, '$defs entry', key, value);
    for (const [key, value] of Object.entries(mod.properties)) merge(properties, 'top-level key', key, value);
  }
  return {
    ...header,
    type: 'object',
    $defs: sortedRecord(defs),
    properties: sortedRecord(properties),
    additionalProperties: false,
  };
}
