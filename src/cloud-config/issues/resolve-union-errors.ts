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

function meantBranch(union: SchemaError, branches: readonly UnionBranch[], forms: readonly string[]): SchemaError[] {
  const at = union.instancePath;
  // A branch whose type does not fit the value is not the one the user meant.
  const typed = branches.filter((b) => !b.errors.some((e) => e.instancePath === at && TYPE_MISMATCH.has(e.keyword)));
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
  const best = meant.reduce((a, b) => {
    const sa = deepest(a.errors);
    const sb = deepest(b.errors);
    if (sa !== sb) return sa > sb ? a : b;
    return b.errors.length < a.errors.length ? b : a;
  });
  return [...best.errors];
}

// By the union's branch list (the generated schema's own array, the same on every failure).
const branchPointersOf = new WeakMap<object, readonly string[] | null>();

/** The schema pointers of a failing `oneOf`/`anyOf`'s branches, when its schema is the generated one. */
function unionBranchPointers(error: ErrorObject): readonly string[] | undefined {
  if ((error.keyword !== 'oneOf' && error.keyword !== 'anyOf') || !Array.isArray(error.schema) || error.schema.length === 0) return undefined;
  let known = branchPointersOf.get(error.schema);
  if (known === undefined) {
    const pointers = (error.schema as unknown[]).map(branchPointerOf);
    branchPointersOf.set(error.schema, (known = pointers.every((p): p is string => p !== undefined) ? pointers : null));
  }
  return known ?? undefined;
}

/** A union in a target's document: its node, its branches' and its forms (worked out once per union). */
interface UnionNodes {
  readonly node: unknown;
  readonly branches: readonly unknown[];
  readonly forms: readonly string[];
}

const unionNodesOf = new WeakMap<SchemaTarget, WeakMap<readonly string[], UnionNodes>>();

function unionNodes(context: SchemaTarget, pointers: readonly string[]): UnionNodes {
  let known = unionNodesOf.get(context);
  if (known === undefined) unionNodesOf.set(context, (known = new WeakMap()));
  let nodes = known.get(pointers);
  if (nodes === undefined) {
    const pointer = pointers[0]!.slice(0, pointers[0]!.lastIndexOf('/'));
    const branches = pointers.map((p) => schemaNodeAt(context, p));
    known.set(pointers, (nodes = { node: schemaNodeAt(context, pointer), branches, forms: unionForms(context, branches) }));
  }
  return nodes;
}

/**
 * Explaining a union re-validates its branches: affordable for the unions a person reads, not for
 * 200,000 failing list items. Only this many unions per validation are explained, the first ones
 * in ajv's order (which follows the data); the rest are reported as failing as a whole ("matches
 * none of the allowed forms"), their branch errors skipped by their paths.
 */
export const MAX_EXPLAINED_UNIONS = 1000;

/** Unions (and if/then/else) still to be explained in this validation. */
interface UnionBudget {
  unions: number;
}

/** The generated branch of a failing if/then/else, when it has one. */
function conditionalBranch(error: ErrorObject): string | undefined {
  if (error.keyword !== 'if') return undefined;
  return branchPointerOf(error.parentSchema?.[String((error.params as Record<string, unknown>).failingKeyword)]);
}

/** Whether resolving the error re-validates branches (and replaces the errors before it). */
function explains(error: ErrorObject): boolean {
  return unionBranchPointers(error) !== undefined || conditionalBranch(error) !== undefined;
}

/**
 * Where the errors a union or if/then at `at` produced before its own start: the run of errors at
 * or under `at` (its branch errors are among them; any others are resolved on their own).
 */
function runStart(errors: readonly ErrorObject[], k: number, at: string): number {
  let start = k;
  while (start > 0) {
    const path = errors[start - 1]!.instancePath;
    if (path !== at && !(path.startsWith(at) && path[at.length] === '/')) break;
    start--;
  }
  return start;
}

/**
 * Reduces ajv's errors to one explanation per `oneOf`/`anyOf`: each branch is re-validated on its
 * own (the branch validators are precompiled) and its errors resolved in turn, then the target's
 * rule picks what to report: the branch the data meant, or cloud-init's own choice (see
 * cloud-init-union.ts). ajv emits a union's branch errors just before the union's own error.
 */
export function resolveUnionErrors(context: SchemaTarget, errors: readonly ErrorObject[], base = '', budget: UnionBudget = { unions: MAX_EXPLAINED_UNIONS }): SchemaError[] {
  // The list is cut into units without re-validating anything (a union with the run of errors
  // before it, or one error), then the units are resolved in order, so the budget goes to the
  // first unions.
  const units: (readonly [number, number])[] = [];
  for (let k = errors.length - 1; k >= 0; ) {
    const start = explains(errors[k]!) ? runStart(errors, k, errors[k]!.instancePath) : k;
    units.push([start, k]);
    k = start - 1;
  }
  const out: SchemaError[] = [];
  for (let u = units.length - 1; u >= 0; u--) {
    const [start, end] = units[u]!;
    const error = errors[end]!;
    if (start === end && !explains(error)) out.push(fromAjv(error, base));
    else if (budget.unions <= 0) out.push({ ...fromAjv(error, base), keyword: 'union', params: { forms: [] } });
    else {
      budget.unions--;
      for (const resolved of resolveUnit(context, errors.slice(start, end + 1), base, budget)) out.push(resolved);
    }
  }
  return out;
}

/** Resolves the union or if/then that ends `errors`, and the errors before its own branch errors. */
function resolveUnit(context: SchemaTarget, errors: readonly ErrorObject[], base: string, budget: UnionBudget): SchemaError[] {
  const error = errors[errors.length - 1]!;
  const pointers = unionBranchPointers(error);
  if (pointers !== undefined) {
    const raw = pointers.map((pointer) => validateAgainstSubschema(context, pointer, error.data));
    const before = resolveUnionErrors(context, errors.slice(0, Math.max(0, errors.length - 1 - raw.reduce((n, b) => n + b.length, 0))), base, budget);
    // The error carries the union as generated (branches as part references); explain it with
    // the document's own branches.
    const nodes = unionNodes(context, pointers);
    const union = { ...fromAjv(error, base), schema: nodes.node };
    if (Array.isArray((error.params as Record<string, unknown>).passingSchemas)) return [...before, union];
    const at = union.instancePath;
    const branches = pointers.map((pointer, i) => ({ pointer, node: nodes.branches[i], errors: resolveUnionErrors(context, raw[i]!, at, budget) }));
    const { forms } = nodes;
    const chosen = context.behaviour.unions === 'cloud-init' ? cloudInitUnionErrors(union, branches, forms, () => meantBranch(union, branches, forms)) : meantBranch(union, branches, forms);
    return [...before, ...tidyLocation(chosen, at, forms)];
  }
  const branchPointer = conditionalBranch(error)!;
  const inner = validateAgainstSubschema(context, branchPointer, error.data);
  const before = resolveUnionErrors(context, errors.slice(0, Math.max(0, errors.length - 1 - inner.length)), base, budget);
  const parent = schemaNodeAt(context, branchPointer.slice(0, branchPointer.lastIndexOf('/'))) as SchemaNode | undefined;
  const condition = (error.params as Record<string, unknown>).failingKeyword === 'then' ? describeCondition(parent?.if) : undefined;
  return [...before, ...resolveUnionErrors(context, inner, base + error.instancePath, budget).map((e) => (condition ? { ...e, condition } : e))];
}
