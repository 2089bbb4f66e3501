import { escapePointerSegment } from '../json-pointer';

// The precompiled validators are generated from a restructured copy of the schema (the published
// document is left as it is): every top-level key's schema, every `oneOf`/`anyOf` branch, every
// `then`/`else` and every `$defs` entry becomes a schema of its own, referenced by `$ref`, and the
// validators are compiled with ajv's `inlineRefs: false`. Each part is then one generated function:
//  - on the first call V8 compiles only the functions of the keys and forms a config uses, not one
//    giant root function (the cold-start cost measured by `npm run bench`);
//  - the validator that explains a union error or finds a deprecation is the very function the
//    root validator called, generated once.
// A union branch or then/else part is named by an index into the generated table of branch
// pointers, so the pointer of the union or `if` schema an ajv error carries can be read back from
// its `$ref`s.

const PARTS_BASE = 'https://wc-legacy-api.dev/schemas/cloud-config-parts/';
/** Key of the (first target's) restructured root document. */
export const SPLIT_SCHEMA_ID = `${PARTS_BASE}root`;
const BRANCH_PREFIX = `${PARTS_BASE}s`;

type Node = Readonly<Record<string, unknown>>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The key (and `$ref`) of the i-th branch part. */
export function branchPartId(index: number): string {
  return `${BRANCH_PREFIX}${index}`;
}

/** The index of the branch part a `$ref` node (`{ $ref }`) stands for, if it is one. */
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
// Nested schemas this large (as JSON text) become parts of their own; smaller ones stay inline,
// where a function call would cost more than it saves.
const NESTED_PART_SIZE = 600;

/** Where one target's validators are among the shared parts. */
export interface SplitTarget {
  /** The key of the target's root part. */
  readonly rootId: string;
  /** Every union branch and then/else of the target's document: pointer -> part key. */
  readonly branches: ReadonlyMap<string, string>;
}

/** The parts of several targets' documents, shared where a part is the same in both. */
export interface SplitSchemas {
  readonly parts: ReadonlyMap<string, Node>;
  readonly targets: ReadonlyMap<string, SplitTarget>;
  /** The schema pointer of each branch part, by its index (`branchPartId(i)`). */
  readonly branchPointers: readonly string[];
}

/**
 * Splits each target's document into parts, each to be added to ajv under its key: a root, one
 * part per top-level key, one per `$defs` entry and one per union branch and then/else. Validation
 * is unchanged: a `$ref` alone stands for the schema it names, and every local `#/$defs/name`
 * reference is rewritten to the part of that entry. A part is content-addressed: when two targets
 * (say the spec and cloud-init 26.2) produce the same part for the same place, it is one part, so
 * the generated code holds only what differs per target once more.
 */
export function splitSchemas(targets: readonly (readonly [name: string, schema: Node])[]): SplitSchemas {
  const parts = new Map<string, Node>();
  const branchPointers: string[] = [];
  const variants = new Map<string, Map<string, string>>();
  const intern = (identity: string, content: Node, newId: (variant: number) => string): string => {
    let known = variants.get(identity);
    if (known === undefined) variants.set(identity, (known = new Map()));
    const text = JSON.stringify(content);
    let id = known.get(text);
    if (id === undefined) {
      id = newId(known.size + 1);
      known.set(text, id);
      parts.set(id, content);
    }
    return id;
  };
  const named = (kind: string, name: string, variant: number): string => {
    if (!SAFE_NAME.test(name)) throw new Error(`cloud-config schema: ${kind} name ${JSON.stringify(name)} cannot be a part key`);
    return `${PARTS_BASE}${kind}/${name}${variant === 1 ? '' : `@${variant}`}`;
  };
  const split = new Map<string, SplitTarget>();
  let nestedCount = 0;
  for (const [target, schema] of targets) {
    const defs = isNode(schema.$defs) ? schema.$defs : {};
    const defIds = new Map<string, string>();
    const inProgress = new Set<string>();
    const branches = new Map<string, string>();
    const defId = (name: string): string => {
      let id = defIds.get(name);
      if (id !== undefined) return id;
      if (inProgress.has(name) || !isNode(defs[name])) throw new Error(`cloud-config schema: cannot split at the definition ${name} (missing or recursive)`);
      inProgress.add(name);
      id = intern(`def/${name}`, transform(defs[name], `/$defs/${escapePointerSegment(name)}`) as Node, (v) => named('def', name, v));
      inProgress.delete(name);
      defIds.set(name, id);
      return id;
    };
    const branch = (node: unknown, pointer: string): Node => {
      const id = intern(`branch${pointer}`, transform(node, pointer) as Node, () => branchPartId(branchPointers.push(pointer) - 1));
      branches.set(pointer, id);
      return { $ref: id };
    };
    // A large nested schema (a mapping with its own keys, a list of such) is a part of its own too,
    // so a change deep inside a key duplicates only the parts on the way to it, not the key.
    const nested = (node: unknown, pointer: string): unknown => {
      const out = transform(node, pointer);
      if (!isNode(out) || JSON.stringify(out).length < NESTED_PART_SIZE) return out;
      return { $ref: intern(`node${pointer}`, out, () => `${PARTS_BASE}n${nestedCount++}`) };
    };
    const transform = (node: unknown, pointer: string): unknown => {
      if (Array.isArray(node)) return node.map((child, i) => transform(child, `${pointer}/${i}`));
      if (!isNode(node)) return node;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const at = `${pointer}/${escapePointerSegment(key)}`;
        if ((key === 'properties' || key === 'patternProperties') && isNode(child)) {
          out[key] = Object.fromEntries(Object.entries(child).map(([name, sub]) => [name, nested(sub, `${at}/${escapePointerSegment(name)}`)]));
        } else if ((key === 'items' || key === 'additionalProperties') && isNode(child)) {
          out[key] = nested(child, at);
        } else {
          out[key] = transform(child, at);
        }
      }
      if (typeof node.$ref === 'string') {
        const local = /^#\/\$defs\/([^/]+)$/.exec(node.$ref);
        if (!local) throw new Error(`cloud-config schema: cannot split at the reference ${node.$ref}`);
        out.$ref = defId(decodeURIComponent(local[1]!));
      }
      for (const keyword of ['oneOf', 'anyOf']) {
        const list = node[keyword];
        if (Array.isArray(list)) out[keyword] = list.map((b, i) => branch(b, `${pointer}/${keyword}/${i}`));
      }
      if (node.if !== undefined) for (const keyword of ['then', 'else']) if (node[keyword] !== undefined) out[keyword] = branch(node[keyword], `${pointer}/${keyword}`);
      // For `uniqueItems` over items of simple types, ajv compares only the items of the right
      // type; JSON Schema (and cloud-init) compare them all, which an untyped wrapper restores.
      if (node.uniqueItems === true && isNode(node.items) && node.items.type !== undefined) out.items = { allOf: [out.items] };
      return out;
    };
    const { $defs: _defs, properties, $id: _id, ...rest } = schema;
    // Every definition becomes a part, used or not, so each can be validated on its own.
    for (const name of Object.keys(defs)) defId(name);
    const topLevel = Object.fromEntries(
      Object.entries(isNode(properties) ? properties : {}).map(([key, value]) => [
        key,
        { $ref: intern(`key/${key}`, transform(value, `/properties/${escapePointerSegment(key)}`) as Node, (v) => named('key', key, v)) },
      ]),
    );
    const rootId = intern('root', { ...(transform(rest, '') as Node), properties: topLevel }, (v) => (v === 1 ? SPLIT_SCHEMA_ID : `${SPLIT_SCHEMA_ID}@${v}`));
    split.set(target, { rootId, branches });
  }
  return { parts, targets: split, branchPointers };
}
