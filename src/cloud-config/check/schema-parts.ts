import { escapePointerSegment } from '../json-pointer';

// The precompiled validators are generated from a restructured copy of the schema (the published
// document is left as it is): every top-level key's schema, every `oneOf`/`anyOf` branch, every
// `then`/`else` and every `$defs` entry becomes a schema of its own, referenced by `$ref`, and the
// validators are compiled with ajv's `inlineRefs: false`. Each part is then one generated function:
//  - on the first call V8 compiles only the functions of the keys and forms a config uses, not one
//    giant root function (the cold-start cost measured by `npm run bench`);
//  - the validator that explains a union error or finds a deprecation is the very function the
//    root validator called, generated once.
// A union branch or then/else part is named by its index in `subschemaPointers(schema)`, so the
// pointer of the union or `if` schema an ajv error carries can be read back from its `$ref`s.

const PARTS_BASE = 'https://shopkeep.dev/schemas/cloud-config-parts/';
/** Key of the restructured root document. */
export const SPLIT_SCHEMA_ID = `${PARTS_BASE}root`;
const BRANCH_PREFIX = `${PARTS_BASE}s`;

type Node = Readonly<Record<string, unknown>>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The key (and `$ref`) of the part for the i-th entry of `subschemaPointers`. */
export function branchPartId(index: number): string {
  return `${BRANCH_PREFIX}${index}`;
}

/** The index into `subschemaPointers` a part `$ref` node (`{ $ref }`) stands for, if it is one. */
export function branchPartIndex(node: unknown): number | undefined {
  if (!isNode(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith(BRANCH_PREFIX)) return undefined;
  const index = Number(node.$ref.slice(BRANCH_PREFIX.length));
  return Number.isInteger(index) ? index : undefined;
}

/** Pointers of every union branch and every then/else subschema of the document, in document order. */
export function subschemaPointers(schema: unknown): string[] {
  const pointers: string[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const record = node as Node;
      for (const keyword of ['oneOf', 'anyOf']) {
        const branches = record[keyword];
        if (Array.isArray(branches)) branches.forEach((_, i) => pointers.push(`${pointer}/${keyword}/${i}`));
      }
      if (record.if !== undefined) for (const keyword of ['then', 'else']) if (record[keyword] !== undefined) pointers.push(`${pointer}/${keyword}`);
    }
    for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${escapePointerSegment(key)}`);
  };
  walk(schema, '');
  return pointers;
}

const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Splits the published document into parts, each to be added to ajv under its key: the root
 * (`SPLIT_SCHEMA_ID`), one per top-level key, one per `$defs` entry and one per union branch and
 * then/else (`branchPartId(i)`). Validation is unchanged: a `$ref` alone stands for the schema it
 * names, and every local `#/$defs/name` reference is rewritten to the part of that entry.
 */
export function splitSchema(schema: Node): Map<string, Node> {
  const branchIndex = new Map(subschemaPointers(schema).map((pointer, i) => [pointer, i]));
  const parts = new Map<string, Node>();
  const named = (kind: string, name: string): string => {
    if (!SAFE_NAME.test(name)) throw new Error(`cloud-config schema: ${kind} name ${JSON.stringify(name)} cannot be a part key`);
    return `${PARTS_BASE}${kind}/${name}`;
  };
  const asPart = (id: string, node: unknown, pointer: string): Node => {
    parts.set(id, transform(node, pointer) as Node);
    return { $ref: id };
  };
  const branch = (node: unknown, pointer: string): Node => {
    const index = branchIndex.get(pointer);
    if (index === undefined) throw new Error(`cloud-config schema: no branch index for ${pointer}`);
    return asPart(branchPartId(index), node, pointer);
  };
  const transform = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((child, i) => transform(child, `${pointer}/${i}`));
    if (!isNode(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) out[key] = transform(child, `${pointer}/${escapePointerSegment(key)}`);
    if (typeof node.$ref === 'string') {
      const local = /^#\/\$defs\/([^/]+)$/.exec(node.$ref);
      if (!local) throw new Error(`cloud-config schema: cannot split at the reference ${node.$ref}`);
      out.$ref = named('def', decodeURIComponent(local[1]!));
    }
    for (const keyword of ['oneOf', 'anyOf']) {
      const branches = node[keyword];
      if (Array.isArray(branches)) out[keyword] = branches.map((b, i) => branch(b, `${pointer}/${keyword}/${i}`));
    }
    if (node.if !== undefined) for (const keyword of ['then', 'else']) if (node[keyword] !== undefined) out[keyword] = branch(node[keyword], `${pointer}/${keyword}`);
    return out;
  };
  const { $defs, properties, $id: _id, ...rest } = schema;
  for (const [name, def] of Object.entries(isNode($defs) ? $defs : {})) asPart(named('def', name), def, `/$defs/${escapePointerSegment(name)}`);
  const topLevel = Object.fromEntries(
    Object.entries(isNode(properties) ? properties : {}).map(([key, value]) => [key, asPart(named('key', key), value, `/properties/${escapePointerSegment(key)}`)]),
  );
  parts.set(SPLIT_SCHEMA_ID, { ...(transform(rest, '') as Node), properties: topLevel });
  return parts;
}
