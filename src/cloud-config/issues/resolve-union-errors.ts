import type { ErrorObject } from 'ajv';
import { branchPointerOf, schemaNodeAt, validateAgainstSubschema, type SchemaNode, type SchemaTarget } from '../check/schema-validator';
import { cloudInitUnionErrors } from './cloud-init-union';
import { deepest, depth, type SchemaError, type UnionBranch } from './schema-error';
import { unionForms } from './union-forms';

const TYPE_MISMATCH: ReadonlySet<string> = new Set(['type', 'union']);
const VALUE_MISMATCH: ReadonlySet<string> = new Set(['enum', 'const', 'pattern']);
const MAX_LISTED_VALUES = 8;

function fromAjv(error: ErrorObject, base: string): SchemaError {
  return {
    keyword: error.keyword,
    instancePath: base + error.instancePath,
    params: error.params as Record<string, unknown>,
    data: error.data,
    schema: error.schema,
    parentSchema: error.parentSchema as SchemaNode | undefined,
  };
}

/** Describes an `if` schema's condition: `ssh_redirect_user is true`. */
function describeCondition(ifSchema: unknown): string | undefined {
  if (ifSchema === null || typeof ifSchema !== 'object') return undefined;
  const properties = (ifSchema as SchemaNode).properties as Record<string, SchemaNode> | undefined;
  const parts = Object.entries(properties ?? {})
    .filter(([, s]) => s !== null && typeof s === 'object' && 'const' in s)
    .map(([key, s]) => `${key} is ${JSON.stringify(s.const)}`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/**
 * Errors at one location that only say "wrong type" give way to any other error there: a branch
 * that accepts the value's type and rejects it for another reason is the one the value meant, so
 * naming the types of the other branches would name a wrong shape (`packages: [[python3]]` is a
 * pair that lacks a version, not "expected string or object"). Several type mismatches and no
 * other error become one `union` error listing every form (`forms` for the union's own value).
 */
export function tidyLocation(all: readonly SchemaError[], at: string, forms: readonly string[]): SchemaError[] {
  // A branch whose type does not fit says nothing more about the value: its other complaints
  // here (`"now"` expected, from a string branch, for the integer -1) are dropped.
  const wrongType = new Set(all.filter((e) => e.instancePath === at && TYPE_MISMATCH.has(e.keyword)).map((e) => e.parentSchema));
  const errors = all.filter((e) => e.instancePath !== at || TYPE_MISMATCH.has(e.keyword) || !wrongType.has(e.parentSchema));
  const here = errors.filter((e) => e.instancePath === at);
  const types = here.filter((e) => TYPE_MISMATCH.has(e.keyword));
  const values = here.filter((e) => VALUE_MISMATCH.has(e.keyword));
  const longEnum = values.some((e) => e.keyword === 'enum' && (e.params.allowedValues as unknown[]).length > MAX_LISTED_VALUES);
  if (forms.length > 0 && values.length > 0 && !longEnum && types.length + values.length === here.length && here.length >= 2) {
    // Every branch rejects the value itself (wrong type, or not one of its values or patterns):
    // name every form it could take.
    return [...errors.filter((e) => !here.includes(e)), { ...here[0]!, keyword: 'union', params: { forms } }];
  }
  if (types.length === 0) return [...errors];
  const others = errors.filter((e) => !types.includes(e));
  if (here.length > types.length) return others;
  if (types.length === 1 && forms.length === 0) return [...errors];
  const expected = forms.length > 0 ? forms : [...new Set(types.flatMap((e) => (e.keyword === 'union' ? (e.params.forms as string[]) : String(e.params.type).split(','))))];
  return [...others, { ...types[0]!, keyword: 'union', params: { forms: expected } }];
}

function meantBranch(context: SchemaTarget, union: SchemaError, branches: readonly UnionBranch[]): SchemaError[] {
  const at = union.instancePath;
  const forms = unionForms(context, branches.map((b) => b.node));
  const atRoot = (b: UnionBranch, keywords: ReadonlySet<string>) => b.errors.filter((e) => e.instancePath === at && keywords.has(e.keyword));
  // A branch whose type does not fit the value is not the one the user meant.
  const typed = branches.filter((b) => atRoot(b, TYPE_MISMATCH).length === 0);
  // Nor is one whose fixed-value field rejects the value's own field (`type: webhook` names the
  // webhook branch of a reporting handler), unless every branch does.
  const named = typed.filter((b) => !b.errors.some((e) => depth(e.instancePath) === depth(at) + 1 && (e.keyword === 'enum' || e.keyword === 'const')));
  const meant = named.length > 0 ? named : typed;
  const onlyWrongValue = meant.every((b) => b.errors.every((e) => e.instancePath === at && VALUE_MISMATCH.has(e.keyword)));
  // A long list of names (module names) is left to the enum's own message and its suggestion.
  const longEnum = meant.some((b) => b.errors.some((e) => e.keyword === 'enum' && (e.params.allowedValues as unknown[]).length > MAX_LISTED_VALUES));
  if (meant.length === 0 || (onlyWrongValue && !longEnum && forms.length > 0)) return [{ ...union, keyword: 'union', params: { forms } }];
  if (meant.length > 1 && meant.every((b) => b.errors.every((e) => e.instancePath === at && e.keyword === 'required'))) {
    // e.g. a user with neither `name` nor `snapuser`: one issue naming the alternatives.
    const missing = meant.flatMap((b) => b.errors.map((e) => String(e.params.missingProperty)));
    return [{ ...union, keyword: 'required', params: { missingProperty: [...new Set(missing)] } }];
  }
  // cloud-init keeps the errors that reach deepest into the data; ties go to fewer errors, then
  // to the earlier branch.
  const score = (b: UnionBranch) => deepest(b.errors);
  const best = meant.reduce((a, b) => {
    const sa = score(a);
    const sb = score(b);
    if (sa !== sb) return sa > sb ? a : b;
    return b.errors.length < a.errors.length ? b : a;
  });
  return [...best.errors];
}

/** The schema pointers of a failing `oneOf`/`anyOf`'s branches, when its schema is the generated one. */
function unionBranchPointers(error: ErrorObject): string[] | undefined {
  if ((error.keyword !== 'oneOf' && error.keyword !== 'anyOf') || !Array.isArray(error.schema) || error.schema.length === 0) return undefined;
  const pointers = (error.schema as unknown[]).map(branchPointerOf);
  return pointers.every((p): p is string => p !== undefined) ? pointers : undefined;
}

/**
 * Reduces ajv's errors to one explanation per `oneOf`/`anyOf`: each branch is re-validated on its
 * own (the branch validators are precompiled) and its errors resolved in turn, then the target's
 * rule picks what to report: the branch the data meant, or cloud-init's own choice (see
 * cloud-init-union.ts). ajv emits a union's branch errors just before the union's own error, so
 * the branch error count tells how many preceding errors to replace.
 */
export function resolveUnionErrors(context: SchemaTarget, errors: readonly ErrorObject[], base = ''): SchemaError[] {
  const out: SchemaError[][] = [];
  let k = errors.length - 1;
  while (k >= 0) {
    const error = errors[k]!;
    const pointers = unionBranchPointers(error);
    if (pointers !== undefined) {
      const raw = pointers.map((pointer) => validateAgainstSubschema(context, pointer, error.data));
      k -= raw.reduce((n, b) => n + b.length, 0) + 1;
      // The error carries the union as generated (branches as part references); explain it with
      // the document's own branches.
      const unionPointer = pointers[0]!.slice(0, pointers[0]!.lastIndexOf('/'));
      const union = { ...fromAjv(error, base), schema: schemaNodeAt(context, unionPointer) };
      if (Array.isArray((error.params as Record<string, unknown>).passingSchemas)) {
        out.push([union]);
        continue;
      }
      const at = union.instancePath;
      const branches = pointers.map((pointer, i) => ({ pointer, node: schemaNodeAt(context, pointer), errors: resolveUnionErrors(context, raw[i]!, at) }));
      const forms = unionForms(context, branches.map((b) => b.node));
      const chosen = context.behaviour.unions === 'cloud-init' ? cloudInitUnionErrors(union, branches, forms, () => meantBranch(context, union, branches)) : meantBranch(context, union, branches);
      out.push(tidyLocation(chosen, at, forms));
      continue;
    }
    const branch = error.keyword === 'if' ? String((error.params as Record<string, unknown>).failingKeyword) : undefined;
    const branchPointer = branch !== undefined ? branchPointerOf(error.parentSchema?.[branch]) : undefined;
    if (branchPointer !== undefined) {
      const inner = validateAgainstSubschema(context, branchPointer, error.data);
      const parent = schemaNodeAt(context, branchPointer.slice(0, branchPointer.lastIndexOf('/'))) as SchemaNode | undefined;
      const condition = branch === 'then' ? describeCondition(parent?.if) : undefined;
      out.push(resolveUnionErrors(context, inner, base + error.instancePath).map((e) => (condition ? { ...e, condition } : e)));
      k -= inner.length + 1;
      continue;
    }
    out.push([fromAjv(error, base)]);
    k -= 1;
  }
  return out.reverse().flat();
}
