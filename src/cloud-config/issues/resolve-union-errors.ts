import type { ErrorObject } from 'ajv';
import { branchPointerOf, schemaNodeAt, validateAgainstSubschema, type SchemaNode, type SchemaTarget } from '../check/schema-validator';

/**
 * An ajv error with an absolute `instancePath`, after `oneOf`/`anyOf` noise has been reduced to
 * the branch the data meant. Two keywords are our own: `union` (the value fits none of the branch
 * types) and `oneOf` is kept only for values matching several branches.
 */
export interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly data: unknown;
  readonly schema: unknown;
  readonly parentSchema: SchemaNode | undefined;
  /** For errors inside an `if`/`then`: the condition in words (`ssh_redirect_user is true`). */
  readonly condition?: string;
}

const TYPE_MISMATCH: ReadonlySet<string> = new Set(['type']);
const VALUE_MISMATCH: ReadonlySet<string> = new Set(['enum', 'const']);
// Beyond this many alternatives a combined "expected a, b or c" stops helping; the enum's own
// message (with its did-you-mean) is used instead.
const MAX_UNION_EXPECTATIONS = 8;

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

function depth(path: string): number {
  return path === '' ? 0 : path.split('/').length - 1;
}

function rootErrors(errors: readonly ErrorObject[], keywords: ReadonlySet<string>): ErrorObject[] {
  return errors.filter((e) => e.instancePath === '' && keywords.has(e.keyword));
}

/** What a branch that rejects the value outright accepts, in words: its fixed values, else its types. */
function expectationsOf(errors: readonly ErrorObject[]): string[] {
  const values = rootErrors(errors, VALUE_MISMATCH).flatMap((e) => {
    const params = e.params as Record<string, unknown>;
    return e.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue];
  });
  if (values.length > 0) return values.map((v) => JSON.stringify(v));
  return rootErrors(errors, TYPE_MISMATCH).flatMap((e) => String((e.params as Record<string, unknown>).type).split(','));
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

function chooseBranch(context: SchemaTarget, union: ErrorObject, branches: readonly (readonly ErrorObject[])[], base: string): SchemaError[] {
  const at = base + union.instancePath;
  const params = union.params as Record<string, unknown>;
  if (Array.isArray(params.passingSchemas)) return [fromAjv(union, base)];
  // A branch whose type does not fit the value is not the one the user meant.
  const typed = branches.filter((errors) => rootErrors(errors, TYPE_MISMATCH).length === 0);
  // Nor is one whose fixed-value field rejects the value's own field (`type: webhook` names the
  // webhook branch of a reporting handler), unless every branch does.
  const named = typed.filter((errors) => !errors.some((e) => depth(e.instancePath) === 1 && VALUE_MISMATCH.has(e.keyword)));
  const meant = named.length > 0 ? named : typed;
  const common = { instancePath: at, data: union.data, schema: union.schema, parentSchema: union.parentSchema as SchemaNode | undefined };
  const onlyWrongValue = meant.every((errors) => errors.every((e) => e.instancePath === '' && VALUE_MISMATCH.has(e.keyword)));
  if (meant.length === 0 || onlyWrongValue) {
    const expected = [...new Set(branches.flatMap((errors) => expectationsOf(errors)))];
    if (meant.length === 0 || expected.length <= MAX_UNION_EXPECTATIONS) return [{ ...common, keyword: 'union', params: { expected } }];
  }
  if (meant.length > 1 && meant.every((errors) => errors.every((e) => e.instancePath === '' && e.keyword === 'required'))) {
    // e.g. a user with neither `name` nor `snapuser`: one issue naming the alternatives.
    const missing = meant.flatMap((errors) => errors.map((e) => String((e.params as Record<string, unknown>).missingProperty)));
    return [{ ...common, keyword: 'required', params: { missingProperty: [...new Set(missing)] } }];
  }
  // cloud-init keeps the errors that reach deepest into the data; ties go to fewer errors, then
  // to the earlier branch.
  const score = (errors: readonly ErrorObject[]) => Math.max(...errors.map((e) => depth(e.instancePath)));
  const best = meant.reduce((a, b) => {
    const sa = score(a);
    const sb = score(b);
    if (sa !== sb) return sa > sb ? a : b;
    return b.length < a.length ? b : a;
  });
  return resolveUnionErrors(context, best, at);
}

/** The schema pointers of a failing `oneOf`/`anyOf`'s branches, when its schema is the generated one. */
function unionBranchPointers(error: ErrorObject): string[] | undefined {
  if ((error.keyword !== 'oneOf' && error.keyword !== 'anyOf') || !Array.isArray(error.schema) || error.schema.length === 0) return undefined;
  const pointers = (error.schema as unknown[]).map(branchPointerOf);
  return pointers.every((p): p is string => p !== undefined) ? pointers : undefined;
}

/**
 * Reduces ajv's errors to one explanation per `oneOf`/`anyOf`: each branch is re-validated on its
 * own (compiled once per branch) to know exactly which errors it produced, and only the branch the
 * data meant is kept. ajv emits a union's branch errors just before the union's own error, so the
 * branch error count tells how many preceding errors to replace.
 */
export function resolveUnionErrors(context: SchemaTarget, errors: readonly ErrorObject[], base = ''): SchemaError[] {
  const out: SchemaError[][] = [];
  let k = errors.length - 1;
  while (k >= 0) {
    const error = errors[k]!;
    const pointers = unionBranchPointers(error);
    if (pointers !== undefined) {
      const branches = pointers.map((pointer) => validateAgainstSubschema(context, pointer, error.data));
      // The error carries the union as generated (branches as part references); explain it with
      // the document's own branches.
      const union = schemaNodeAt(context, pointers[0]!.slice(0, pointers[0]!.lastIndexOf('/')));
      out.push(chooseBranch(context, { ...error, schema: union }, branches, base));
      k -= branches.reduce((n, b) => n + b.length, 0) + 1;
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
