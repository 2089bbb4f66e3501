import { pointerSegments, segmentsToDottedPath } from '../json-pointer';
import { deepest, depth, type SchemaError, type UnionBranch } from './schema-error';

// Where cloud-init 26.2 reports a failing union (its `oneOf`/`anyOf` overrides in
// cloudinit/config/schema.py, run with jsonschema 4.10), so the 26.2 target's paths and verdicts
// are cloud-init's:
// - oneOf: the errors of all branches that reach deepest into the data (ties: all of them). When
//   the value is a mapping with a `type` key, instead the first error whose schema lists that type
//   in its own `type` property, else only the errors at a key ending in "type", else none at all
//   (so such a value passes).
// - anyOf: jsonschema's best match (the shallowest error; a type mismatch first) plus a "matches
//   none" error at the value itself.
// Messages stay ours: several errors at one place become one, and an error reported at the value
// for a reason found deeper says where (see `nested`).

const WEAK: ReadonlySet<string> = new Set(['oneOf', 'anyOf']);

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The values a schema's own `type` property is restricted to (reporting handlers: `type: {enum: [webhook]}`). */
function typePropertyValues(schema: unknown): readonly unknown[] {
  if (!isMapping(schema) || !isMapping(schema.properties)) return [];
  const type = schema.properties.type;
  return isMapping(type) && Array.isArray(type.enum) ? type.enum : [];
}

function lastKeyEndsWithType(pointer: string): boolean {
  const last = pointerSegments(pointer).pop();
  return last !== undefined && !/^\d+$/.test(last) && last.endsWith('type');
}

/** jsonschema's best_match among errors of one instance: shallowest, then strong keywords, then type mismatches, then first. */
function bestMatch(errors: readonly SchemaError[]): SchemaError | undefined {
  let best: SchemaError | undefined;
  let bestKey: readonly number[] = [];
  for (const error of errors) {
    const key = [-depth(error.instancePath), WEAK.has(error.keyword) ? 0 : 1, error.keyword === 'type' || error.keyword === 'union' ? 1 : 0];
    if (best === undefined || key.some((v, i) => v > bestKey[i]! && key.slice(0, i).every((w, j) => w === bestKey[j]))) {
      best = error;
      bestKey = key;
    }
  }
  return best;
}

/** An explanation found below `at`, reported at `at` (where cloud-init reports the failure). */
function nestedAt(at: string, inner: SchemaError): SchemaError {
  if (inner.instancePath === at) return inner;
  const relative = segmentsToDottedPath(pointerSegments(inner.instancePath.slice(at.length)));
  return { ...inner, keyword: 'nested', instancePath: at, params: { relative, inner } };
}

/**
 * The errors cloud-init 26.2 reports for a failing union, given each branch's resolved errors;
 * `meant` explains the failure with the branch the value meant, used for the wording where
 * cloud-init reports at the value itself.
 */
export function cloudInitUnionErrors(union: SchemaError, branches: readonly UnionBranch[], forms: readonly string[], meant: () => SchemaError[]): SchemaError[] {
  const at = union.instancePath;
  const all = branches.flatMap((b) => b.errors);
  if (union.keyword === 'anyOf') {
    const best = bestMatch(all);
    if (best === undefined || best.instancePath === at) return meant().map((e) => nestedAt(at, e));
    return [best, { ...union, keyword: 'union', params: { forms } }];
  }
  const data = union.data;
  if (isMapping(data) && 'type' in data) {
    const named = all.find((e) => typePropertyValues(e.parentSchema).some((v) => sameValue(v, data.type)));
    if (named) return [named];
    return all.filter((e) => lastKeyEndsWithType(e.instancePath));
  }
  const max = deepest(all);
  return all.filter((e) => depth(e.instancePath) === max);
}
