import { pointerSegments } from '../json-pointer';
import type { JsonSchema } from '../schema/json-schema';

// A cloud-init release is described by how its schema differs from the specification baseline,
// one fact per change, never by a second copy of the schema. Changes are applied in order to a
// copy of the baseline; nodes that no change touches are shared with it.

/**
 * One difference of a release's schema from the schema it is based on. `set` adds or replaces the
 * node at a JSON pointer (into the composed document: `/properties/<key>/...`,
 * `/$defs/<name>/...`); `remove` deletes it; `copy` puts the node found at one pointer at another
 * (a shape the release moved). `fact` says what the release does, in our words.
 */
export type SchemaChange =
  | { readonly set: string; readonly to: unknown; readonly fact: string }
  | { readonly remove: string; readonly fact: string }
  | { readonly copy: string; readonly into: string; readonly fact: string };

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === 'object';
}

function copyOf(node: Container): Container {
  return Array.isArray(node) ? [...node] : { ...node };
}

function nodeAt(schema: JsonSchema, pointer: string, fact: string): unknown {
  let node: unknown = schema;
  for (const segment of pointerSegments(pointer)) {
    if (!isContainer(node) || !Object.prototype.hasOwnProperty.call(node, segment)) throw new Error(`schema change: nothing at ${pointer} (${fact})`);
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function applyOne(schema: JsonSchema, change: SchemaChange): JsonSchema {
  if ('copy' in change) return applyOne(schema, { set: change.into, to: nodeAt(schema, change.copy, change.fact), fact: change.fact });
  const at = 'set' in change ? change.set : change.remove;
  const segments = pointerSegments(at);
  if (segments.length === 0) throw new Error(`schema change at the root is not allowed (${change.fact})`);
  const root = copyOf(schema) as JsonSchema;
  let node: Container = root;
  for (const segment of segments.slice(0, -1)) {
    const child = (node as Record<string, unknown>)[segment];
    if (!isContainer(child)) throw new Error(`schema change ${at}: no node at ${segment} (${change.fact})`);
    const copy = copyOf(child);
    (node as Record<string, unknown>)[segment] = copy;
    node = copy;
  }
  const last = segments[segments.length - 1]!;
  if ('set' in change) {
    if (Array.isArray(node) && !/^\d+$/.test(last)) throw new Error(`schema change ${at}: ${last} is not an index`);
    (node as Record<string, unknown>)[last] = change.to;
  } else {
    if (!Object.prototype.hasOwnProperty.call(node, last)) throw new Error(`schema change ${at}: nothing to remove (${change.fact})`);
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  }
  return root;
}

/**
 * The schema with every change applied in order. The input is not modified; untouched nodes are
 * shared. Throws when a change does not fit the schema (a pointer to nothing): a release file
 * that no longer matches the baseline must fail loudly at build time, not drift.
 */
export function applySchemaChanges(schema: JsonSchema, changes: readonly SchemaChange[]): JsonSchema {
  return changes.reduce(applyOne, schema);
}
