import type { ErrorObject } from 'ajv';
import { root, subschemaValidators, type GeneratedValidator } from './generated/cloud-config-validators';
import { pointerSegments } from '../json-pointer';
import { branchPartIndex } from './schema-parts';
import { cloudConfigSchema } from '../schema/index';

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

let branchPointers: readonly string[] | undefined;

/**
 * The schema pointer of a union branch or then/else, given the node that stands for it in the
 * schema the validators were generated from: `{ $ref }` to its part (see schema-parts.ts). The
 * generated table lists the pointers in part-index order.
 */
export function branchPointerOf(node: unknown): string | undefined {
  const index = branchPartIndex(node);
  if (index === undefined) return undefined;
  branchPointers ??= Object.keys(subschemaValidators);
  return branchPointers[index];
}

/** The node at a JSON pointer of the schema document. */
export function schemaNodeAt(pointer: string): unknown {
  let node: unknown = rootSchema;
  for (const key of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Resolves a local `$ref` (`#/$defs/x`) to its node and pointer. */
export function resolveRef(ref: string): { node: SchemaNode; pointer: string } | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = decodeURIComponent(ref.slice(1));
  const node = schemaNodeAt(pointer);
  return node !== null && typeof node === 'object' ? { node: node as SchemaNode, pointer } : undefined;
}
