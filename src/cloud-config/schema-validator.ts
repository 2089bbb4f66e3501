import type { ErrorObject } from 'ajv';
import { root, subschemaValidators, type GeneratedValidator } from './generated/cloud-config-validators';
import { escapePointerSegment, pointerSegments } from './json-pointer';
import { cloudConfigSchema } from './schema/index';

// The validators are ajv standalone code generated at build time from the schema (see
// scripts/compile-cloud-config-validators.ts): compiling the schema at run time would cost more
// than the whole cold-start budget, and precompiled code is compiled exactly once by construction.

/** A schema node as plain data. */
export type SchemaNode = Readonly<Record<string, unknown>>;

/** The composed cloud-config schema document. */
export const rootSchema: SchemaNode = cloudConfigSchema;

function run(validate: GeneratedValidator, data: unknown): readonly ErrorObject[] {
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

/**
 * Validates data against the whole schema; returns ajv's errors (verbose: each carries its data and
 * schema node), empty when valid. `allErrors` is safe here: the input is size- and depth-bounded.
 */
export function validateAgainstSchema(data: unknown): readonly ErrorObject[] {
  return run(root, data);
}

/**
 * Validates data against one `oneOf`/`anyOf` branch or `then`/`else` subschema, named by its JSON
 * pointer into the schema document.
 */
export function validateAgainstSubschema(schemaPointer: string, data: unknown): readonly ErrorObject[] {
  const validate = subschemaValidators[schemaPointer];
  if (validate === undefined) throw new Error(`no precompiled validator for ${schemaPointer}; run scripts/compile-cloud-config-validators.ts`);
  return run(validate, data);
}

let pointersByContent: Map<string, string> | undefined;

/**
 * The JSON pointer of a union (`oneOf`/`anyOf` array) or of a schema with `if`, given the node an
 * ajv error carries. Standalone code embeds its own copies of schema nodes, so nodes are matched
 * by content; identical nodes at two places have identical branches, so either pointer serves.
 */
export function schemaPointerOf(node: unknown): string | undefined {
  if (pointersByContent === undefined) {
    const pointers = new Map<string, string>();
    const walk = (value: unknown, pointer: string): void => {
      if (value === null || typeof value !== 'object') return;
      if (!Array.isArray(value)) {
        const record = value as SchemaNode;
        for (const keyword of ['oneOf', 'anyOf']) {
          if (Array.isArray(record[keyword])) pointers.set(JSON.stringify(record[keyword]), `${pointer}/${keyword}`);
        }
        if (record.if !== undefined) pointers.set(JSON.stringify(record), pointer);
      }
      for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${escapePointerSegment(key)}`);
    };
    walk(rootSchema, '');
    pointersByContent = pointers;
  }
  return node !== null && typeof node === 'object' ? pointersByContent.get(JSON.stringify(node)) : undefined;
}

/** Resolves a local `$ref` (`#/$defs/x`) to its node and pointer. */
export function resolveRef(ref: string): { node: SchemaNode; pointer: string } | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = decodeURIComponent(ref.slice(1));
  let node: unknown = rootSchema;
  for (const key of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? { node: node as SchemaNode, pointer } : undefined;
}
