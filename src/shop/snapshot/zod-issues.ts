import type * as z from 'zod/mini';
import type { SnapshotIssue } from './snapshot-issue';

// zod's issues in the snapshot's own terms: a code of SnapshotIssue, the path, and what was expected and found.

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; parentIsObject: boolean; value: unknown } {
  let current: unknown = root;
  let parentIsObject = false;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return { found: false, parentIsObject: false, value: undefined };
    parentIsObject = !Array.isArray(current);
    if (!(key in current)) return { found: false, parentIsObject, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, parentIsObject, value: current };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'number';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = { int: 'integer', number: 'number', object: 'object', array: 'array', string: 'string', boolean: 'boolean' };

/**
 * Converts one zod issue about `raw` into snapshot issues; `prefix` is where `raw` sits in the whole snapshot (a
 * streamed order is validated on its own, its issues still say `orders[i]...`).
 */
export function toSnapshotIssues(issue: z.core.$ZodIssue, raw: unknown, prefix: readonly (string | number)[] = []): SnapshotIssue[] {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ code: 'unknown_field', path: [...path, key], message: 'unknown field' }));
  }
  const at = valueAt(raw, issue.path);
  if (!at.found && path.length > 0) return [{ code: 'missing', path, message: 'required' }];
  const custom = !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too');
  const got = `, got ${describe(at.value)}`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = custom ? issue.message : `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
      return [{ code: 'invalid_type', path, message: expected + got }];
    }
    case 'too_small':
    case 'too_big':
      return [{ code: 'out_of_range', path, message: issue.message + got }];
    case 'invalid_format':
    case 'custom':
      return [{ code: 'invalid_format', path, message: issue.message + got }];
    default:
      return [{ code: 'invalid_value', path, message: issue.message + got }];
  }
}

