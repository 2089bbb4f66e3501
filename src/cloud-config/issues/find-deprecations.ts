import type { ErrorObject } from 'ajv';
import type { CloudConfigDeprecation } from '../cloud-config-issue';
import { escapePointerSegment, segmentsToDottedPath, segmentsToPointer } from '../json-pointer';
import { typeName } from './describe-value';
import { resolveRef, validateAgainstSubschema, type SchemaNode, type SchemaTarget } from '../check/schema-validator';

// ajv reports no annotations, so deprecations are found by walking the data alongside the schema
// and noting every subschema marked `deprecated: true` that applies to a value. For `oneOf`/`anyOf`
// the applying branch is the first that validates, as in cloud-init; when none does (the value has
// errors), the branch whose type fits the value, so deprecated keys in invalid items still show.

/** A deprecated subschema that applies to the value at `segments`. */
interface Hit {
  readonly segments: readonly (string | number)[];
  readonly schema: SchemaNode;
}

/** How a mapping's keys are checked: against patterns, or only against its named properties. */
export type KeyCheck = 'patterned' | 'closed';

/** What the walk collects. */
interface Found {
  readonly hits: Hit[];
  /** Mappings whose keys the schema checks by name, by pointer; not collected when undefined. */
  readonly named: Map<string, KeyCheck> | undefined;
  /**
   * Where the schema reported errors (ajv's instance paths). ajv reports a failing `oneOf`/`anyOf`
   * at its value, with allErrors even inside branches, so a union the walk meets at another path
   * accepted its value: some branch is valid there.
   */
  readonly errors: readonly ErrorObject[];
  /** The instance paths of `errors`, gathered when first needed. */
  failedAt: ReadonlySet<string> | undefined;
}

function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const JSON_TYPE_FITS: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: (v) => typeName(v) === 'object',
};

/** Whether the value's JSON type is one the schema's `type` allows (following a `$ref`). */
function typeFits(context: SchemaTarget, schema: SchemaNode, value: unknown): boolean {
  const node = typeof schema.$ref === 'string' ? resolveRef(context, schema.$ref)?.node ?? schema : schema;
  if (node.type === undefined) return true;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  return types.some((t) => JSON_TYPE_FITS[String(t)]?.(value) ?? false);
}

const regexCache = new Map<string, RegExp | null>();
function regex(source: string): RegExp | null {
  let re = regexCache.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = null;
    }
    regexCache.set(source, re);
  }
  return re;
}

// Whether walking a subschema can find anything deprecated: most of the schema has no deprecated
// part, and the walk (which re-validates union branches to pick one) is skipped there unless the
// mappings that name their keys are wanted too. Remembered per target and schema node: the targets
// share the schema nodes their releases did not change, and what a shared node leads to depends on
// the target (its `$ref`s resolve in the target's own document). Remembered per node alone, the
// answer of the first target asked held for all: after 22.1 (where nothing under `ca_certs` is
// deprecated), 22.2 to 26.1 missed `ca_certs.remove-defaults` in a `'>=22.1'` validation.
const mayDeprecateIn = new WeakMap<SchemaTarget, WeakMap<object, boolean>>();

function hasDeprecated(context: SchemaTarget, schema: unknown): boolean {
  if (!isNode(schema)) return false;
  let mayDeprecate = mayDeprecateIn.get(context);
  if (mayDeprecate === undefined) mayDeprecateIn.set(context, (mayDeprecate = new WeakMap()));
  const known = mayDeprecate.get(schema);
  if (known !== undefined) return known;
  // A node met again while it is being worked out (a `$ref` cycle) counts as "maybe": walking too
  // much is harmless, pruning a deprecation is not.
  mayDeprecate.set(schema, true);
  const found = schema.deprecated === true || childHasDeprecated(context, schema);
  mayDeprecate.set(schema, found);
  return found;
}

/**
 * Whether a subschema of the node may hold a deprecation, asked in a fixed order and stopping at the first yes (the
 * order matters: in a `$ref` cycle, what a node met again answers depends on it). Without building a list of the
 * children: this runs once for every node of the schema a validation reaches.
 */
function childHasDeprecated(context: SchemaTarget, schema: SchemaNode): boolean {
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(context, schema.$ref);
    if (hasDeprecated(context, target?.node)) return true;
  }
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const child of list) if (hasDeprecated(context, child)) return true;
  }
  if (Array.isArray(schema.items)) {
    for (const child of schema.items) if (hasDeprecated(context, child)) return true;
  } else if (hasDeprecated(context, schema.items)) return true;
  if (hasDeprecated(context, schema.additionalItems) || hasDeprecated(context, schema.additionalProperties)) return true;
  for (const group of [schema.properties, schema.patternProperties]) {
    if (isNode(group)) for (const key in group) if (Object.prototype.hasOwnProperty.call(group, key) && hasDeprecated(context, group[key])) return true;
  }
  return false;
}

/** Whether a union branch may accept the value: a branch whose type does not fit it cannot. */
function mayAccept(context: SchemaTarget, branch: unknown, value: unknown): boolean {
  if (branch === false) return false;
  return !isNode(branch) || typeFits(context, branch, value);
}

/** Whether the union at `segments` is known to accept its value (ajv reported no error there). */
function accepted(hits: Found, segments: readonly (string | number)[]): boolean {
  return hits.errors.length === 0 || !(hits.failedAt ??= new Set(hits.errors.map((e) => e.instancePath))).has(segmentsToPointer(segments));
}

/**
 * The first branch of a union that accepts the value, as cloud-init picks it; -1 if none does.
 * Branches whose type cannot fit are not validated; where the union is known to accept the value
 * (see `accepted`), a single branch left is the one, without validating it either.
 */
function firstValidBranch(context: SchemaTarget, branches: readonly unknown[], unionPointer: string, value: unknown, hits: Found, segments: readonly (string | number)[]): number {
  const candidates: number[] = [];
  for (let i = 0; i < branches.length; i++) if (mayAccept(context, branches[i], value)) candidates.push(i);
  if (candidates.length === 1 && accepted(hits, segments)) return candidates[0]!;
  for (const i of candidates) if (validateAgainstSubschema(context, `${unionPointer}/${i}`, value).length === 0) return i;
  return -1;
}

/** Whether a subschema is worth walking into: it may hold a deprecation, or named mappings are collected. */
function wanted(context: SchemaTarget, schema: unknown, hits: Found): boolean {
  return isNode(schema) && (hits.named !== undefined || hasDeprecated(context, schema));
}

// Patterned properties by schema node, as [pattern, subschema, compiled] (worked out once).
const patternsOf = new WeakMap<object, readonly (readonly [string, unknown, RegExp | null])[]>();

function patternList(schema: SchemaNode): readonly (readonly [string, unknown, RegExp | null])[] {
  let list = patternsOf.get(schema);
  if (list === undefined) {
    list = isNode(schema.patternProperties) ? Object.entries(schema.patternProperties).map(([source, sub]) => [source, sub, regex(source)] as const) : [];
    patternsOf.set(schema, list);
  }
  return list;
}

/**
 * `segments` is the data path of `value`, pushed and popped as the walk goes (copied for a hit).
 * `valueFits` is false for a union branch chosen for a value that none of the branches accepts: the
 * value gets an error, so calling its form deprecated as well would be noise; its children are
 * still walked. Subschemas are pruned before they are entered (see `wanted`).
 */
function walk(context: SchemaTarget, schema: SchemaNode, pointer: string, value: unknown, segments: (string | number)[], hits: Found, valueFits = true): void {
  if (value === undefined) return;
  if (schema.deprecated === true && valueFits) hits.hits.push({ segments: [...segments], schema });
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(context, schema.$ref);
    if (target && wanted(context, target.node, hits)) walk(context, target.node, target.pointer, value, segments, hits, valueFits);
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((s, i) => {
      if (wanted(context, s, hits)) walk(context, s as SchemaNode, `${pointer}/allOf/${i}`, value, segments, hits, valueFits);
    });
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    // A union none of whose branches is worth entering needs no choice: choosing may validate branches (a user
    // object against each `required` form, for every user), and whichever is chosen would not be walked.
    if (!Array.isArray(branches) || !branches.some((branch) => wanted(context, branch, hits))) continue;
    const valid = firstValidBranch(context, branches, `${pointer}/${keyword}`, value, hits, segments);
    const chosen = valid !== -1 ? valid : branches.findIndex((b) => isNode(b) && typeFits(context, b, value));
    if (chosen !== -1 && wanted(context, branches[chosen], hits)) walk(context, branches[chosen] as SchemaNode, `${pointer}/${keyword}/${chosen}`, value, segments, hits, valid !== -1);
  }
  if (Array.isArray(value)) {
    if (Array.isArray(schema.items)) {
      const tuple = schema.items as unknown[];
      value.forEach((item, i) => {
        const [sub, at] = i < tuple.length ? [tuple[i], `${pointer}/items/${i}`] : [schema.additionalItems, `${pointer}/additionalItems`];
        if (!wanted(context, sub, hits)) return;
        segments.push(i);
        walk(context, sub as SchemaNode, at, item, segments, hits);
        segments.pop();
      });
    } else if (wanted(context, schema.items, hits)) {
      value.forEach((item, i) => {
        segments.push(i);
        walk(context, schema.items as SchemaNode, `${pointer}/items`, item, segments, hits);
        segments.pop();
      });
    }
    return;
  }
  if (typeName(value) !== 'object') return;
  if (hits.named !== undefined) {
    if (isNode(schema.patternProperties)) hits.named.set(segmentsToPointer(segments), 'patterned');
    else if (schema.additionalProperties === false && !hits.named.has(segmentsToPointer(segments))) hits.named.set(segmentsToPointer(segments), 'closed');
  }
  const properties = isNode(schema.properties) ? schema.properties : {};
  const patterns = patternList(schema);
  const additional = wanted(context, schema.additionalProperties, hits) ? (schema.additionalProperties as SchemaNode) : undefined;
  for (const key of Object.keys(value as Record<string, unknown>)) {
    const child = (value as Record<string, unknown>)[key];
    let matched = false;
    segments.push(key);
    if (Object.prototype.hasOwnProperty.call(properties, key)) {
      matched = true;
      if (wanted(context, properties[key], hits)) walk(context, properties[key] as SchemaNode, `${pointer}/properties/${escapePointerSegment(key)}`, child, segments, hits);
    }
    for (const [source, sub, re] of patterns) {
      if (re?.test(key)) {
        matched = true;
        if (wanted(context, sub, hits)) walk(context, sub as SchemaNode, `${pointer}/patternProperties/${escapePointerSegment(source)}`, child, segments, hits);
      }
    }
    if (!matched && additional !== undefined) walk(context, additional, `${pointer}/additionalProperties`, child, segments, hits);
    segments.pop();
  }
}

/** cloud-init's descriptions use Markdown (`**lock_passwd**`, ``` ``null`` ```); messages are plain text. */
function plain(text: string): string {
  return text.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/``([^`]+)``/g, '$1').replace(/`([^`]+)`/g, '$1').trim();
}

// The wording depends on the schema node only: worked out once per node.
const messages = new WeakMap<SchemaNode, { message: string; version?: string }>();

function message(schema: SchemaNode): { message: string; version?: string } {
  let known = messages.get(schema);
  if (known === undefined) messages.set(schema, (known = wording(schema)));
  return known;
}

function wording(schema: SchemaNode): { message: string; version?: string } {
  const changed = schema.changed === true;
  const version = String((changed ? schema.changed_version : schema.deprecated_version) ?? schema.deprecated_version ?? '') || undefined;
  const description = plain(String((changed ? schema.changed_description : schema.deprecated_description) ?? schema.deprecated_description ?? ''));
  const lead = version ? `${changed ? 'Changed' : 'Deprecated'} in version ${version}.` : 'Deprecated.';
  return { message: description ? `${lead} ${description}` : lead, ...(version ? { version } : {}) };
}

/**
 * Every deprecated key or form the data uses, with cloud-init's wording (`Deprecated in version
 * 22.3. Use lock_passwd instead.`), one per location. `named`, when given, receives the pointers
 * of the mappings whose keys the schema checks by name (see check/non-string-keys.ts); without it
 * the walk skips the parts of the schema where nothing is deprecated. `errors`: what validating
 * the data against the whole schema reported (it tells which unions accepted their value).
 */
export function findDeprecations(context: SchemaTarget, data: unknown, errors: readonly ErrorObject[], named?: Map<string, KeyCheck>): CloudConfigDeprecation[] {
  const found: Found = { hits: [], named, errors, failedAt: undefined };
  if (wanted(context, context.schema, found)) walk(context, context.schema, '', data, [], found);
  const byPointer = new Map<string, CloudConfigDeprecation>();
  for (const hit of found.hits) {
    const pointer = segmentsToPointer(hit.segments);
    if (!byPointer.has(pointer)) byPointer.set(pointer, { code: 'deprecated', path: segmentsToDottedPath(hit.segments), pointer, ...message(hit.schema) });
  }
  return [...byPointer.values()];
}
