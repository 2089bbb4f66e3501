import type { JsonSchema } from './json-schema';

// Small constructors for the shapes that repeat hundreds of times. Each call returns a
// fresh object so the composed document never shares nodes (it is plain JSON data).

/** A string, optionally with a description and extra keywords. */
export function str(description?: string, extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', ...(description ? { description } : {}), ...extra };
}

/** A boolean with its documented default. */
export function bool(defaultValue?: boolean, description?: string): JsonSchema {
  return {
    type: 'boolean',
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    ...(description ? { description } : {}),
  };
}

/** An integer, optionally with a default and a description. */
export function int(defaultValue?: number, description?: string, extra: JsonSchema = {}): JsonSchema {
  return {
    type: 'integer',
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    ...(description ? { description } : {}),
    ...extra,
  };
}

/** An array of strings; `minItems` 1 unless told otherwise (the spec's default rule). */
export function strArray(description?: string, extra: JsonSchema = {}): JsonSchema {
  return {
    type: 'array',
    items: { type: 'string' },
    minItems: 1,
    ...(description ? { description } : {}),
    ...extra,
  };
}

/** A closed object: only the listed properties are allowed. */
export function closed(properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', additionalProperties: false, properties, ...extra };
}

/** A `$ref` to a shared definition under `$defs`. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/$defs/${name}` };
}

/**
 * Marks a subschema as deprecated with cloud-init's annotation keywords. The subschema
 * still validates; the validator reports a deprecation naming `replacement`.
 */
export function deprecated(schema: JsonSchema, version: string, description: string): JsonSchema {
  return { ...schema, deprecated: true, deprecated_version: version, deprecated_description: description };
}

/**
 * Marks a deprecated form that cloud-init words as "Changed in version X". It carries
 * `deprecated: true` (the one signal validators act on) plus cloud-init's `changed_*`
 * wording for formatters that want to mimic it.
 */
export function changed(schema: JsonSchema, version: string, description: string): JsonSchema {
  return {
    ...deprecated(schema, version, description),
    changed: true,
    changed_version: version,
    changed_description: description,
  };
}
