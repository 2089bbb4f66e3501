import type { SchemaNode } from '../check/schema-validator';

/**
 * An ajv error with an absolute `instancePath`, after `oneOf`/`anyOf` noise has been reduced. Two
 * keywords are our own: `union` (the value fits none of the forms in `params.forms`) and `nested`
 * (an error found below `instancePath`, reported there because cloud-init reports it there;
 * `params.inner` is the error, `params.relative` its path below). `oneOf` is kept only for values
 * matching several branches.
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

/** One branch of a failing union: its pointer and node in the target's document, its errors. */
export interface UnionBranch {
  readonly pointer: string;
  readonly node: unknown;
  readonly errors: readonly SchemaError[];
}

/** Depth of a JSON pointer: the number of segments. */
export function depth(path: string): number {
  let segments = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) segments++;
  return segments;
}

/** The depth of the deepest error (a loop: an error list can be longer than a call's argument list). */
export function deepest(errors: readonly SchemaError[]): number {
  let max = -1;
  for (const e of errors) max = Math.max(max, depth(e.instancePath));
  return max;
}
