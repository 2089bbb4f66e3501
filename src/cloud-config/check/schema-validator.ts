import type { ErrorObject } from 'ajv';
import { branchPointers, type GeneratedValidator, type TargetValidators } from './generated/cloud-config-validators';
import { validatorsOf } from './release-validators';
import { pointerSegments } from '../json-pointer';
import { useFormatDialect } from './formats';
import { branchPartIndex } from './schema-parts';
import { targetBehaviour, targetSchema, type CloudConfigTarget, type TargetBehaviour } from '../targets/targets';

// The validators are ajv standalone code generated at build time from each target's schema (see
// scripts/compile-cloud-config-validators.ts): compiling a schema at run time would cost more
// than the whole cold-start budget, and precompiled code is compiled exactly once by construction.

/** A schema node as plain data. */
export type SchemaNode = Readonly<Record<string, unknown>>;

/**
 * What the later stages need to know about the target being checked: its name, its schema
 * document (to read union branches and deprecations from), its behaviour and its validators.
 */
export interface SchemaTarget {
  readonly name: CloudConfigTarget;
  readonly schema: SchemaNode;
  readonly behaviour: TargetBehaviour;
  readonly validators: TargetValidators;
}

const loaded = new Map<CloudConfigTarget, SchemaTarget>();

/**
 * The checking context of a target (built on first use); `undefined` for an older release whose
 * validators are not loaded (`loadCloudInitReleases()`).
 */
export function schemaTarget(name: CloudConfigTarget): SchemaTarget | undefined {
  let target = loaded.get(name);
  if (target === undefined) {
    const validators = validatorsOf(name);
    if (validators === undefined) return undefined;
    target = { name, schema: targetSchema(name), behaviour: targetBehaviour(name), validators };
    loaded.set(name, target);
  }
  return target;
}

function run(target: SchemaTarget, validate: GeneratedValidator, data: unknown): readonly ErrorObject[] {
  useFormatDialect(target.behaviour.dialect);
  // Not copied: a generated validator makes a fresh error list on every call and never touches
  // one it has returned.
  return validate(data) ? [] : (validate.errors ?? []);
}

/**
 * Validates data against a target's whole schema; returns ajv's errors (verbose: each carries its
 * data and schema node), empty when valid. `allErrors` is safe here: the input is size- and
 * depth-bounded.
 */
export function validateAgainstSchema(target: SchemaTarget, data: unknown): readonly ErrorObject[] {
  return run(target, target.validators.root, data);
}

/**
 * Validates data against one `oneOf`/`anyOf` branch or `then`/`else` subschema of a target, named
 * by its JSON pointer into the target's schema document.
 */
export function validateAgainstSubschema(target: SchemaTarget, schemaPointer: string, data: unknown): readonly ErrorObject[] {
  const validate = target.validators.subschemas[schemaPointer];
  if (validate === undefined) throw new Error(`no precompiled validator for ${schemaPointer} (${target.name}); run scripts/compile-cloud-config-validators.ts`);
  return run(target, validate, data);
}

/**
 * The schema pointer of a union branch or then/else, given the node that stands for it in the
 * schema the validators were generated from: `{ $ref }` to its part (see schema-parts.ts).
 */
export function branchPointerOf(node: unknown): string | undefined {
  const index = branchPartIndex(node);
  return index === undefined ? undefined : branchPointers[index];
}

const nodesAt = new WeakMap<SchemaTarget, Map<string, unknown>>();

/** The node at a JSON pointer of a target's schema document (remembered: union branches are looked up per failure). */
export function schemaNodeAt(target: SchemaTarget, pointer: string): unknown {
  let known = nodesAt.get(target);
  if (known === undefined) nodesAt.set(target, (known = new Map()));
  if (known.has(pointer)) return known.get(pointer);
  const node = walkTo(target, pointer);
  known.set(pointer, node);
  return node;
}

function walkTo(target: SchemaTarget, pointer: string): unknown {
  let node: unknown = target.schema;
  for (const key of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const resolvedRefs = new WeakMap<SchemaTarget, Map<string, { node: SchemaNode; pointer: string } | undefined>>();

/** Resolves a local `$ref` (`#/$defs/x`) to its node and pointer in a target's document (remembered). */
export function resolveRef(target: SchemaTarget, ref: string): { node: SchemaNode; pointer: string } | undefined {
  let known = resolvedRefs.get(target);
  if (known === undefined) resolvedRefs.set(target, (known = new Map()));
  if (known.has(ref)) return known.get(ref);
  let resolved: { node: SchemaNode; pointer: string } | undefined;
  if (ref.startsWith('#')) {
    const pointer = decodeURIComponent(ref.slice(1));
    const node = schemaNodeAt(target, pointer);
    resolved = node !== null && typeof node === 'object' ? { node: node as SchemaNode, pointer } : undefined;
  }
  known.set(ref, resolved);
  return resolved;
}
