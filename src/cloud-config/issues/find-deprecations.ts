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
// mappings that name their keys are wanted too. Remembered per schema node.
const mayDeprecate = new WeakMap<object, boolean>();

function hasDeprecated(context: SchemaTarget, schema: unknown): boolean {
  if (!isNode(schema)) return false;
  const known = mayDeprecate.get(schema);
  if (known !== undefined) return known;
  // A node met again while it is being worked out (a `$ref` cycle) counts as "maybe": walking too
  // much is harmless, pruning a deprecation is not.
  mayDeprecate.set(schema, true);
  const children: unknown[] = [];
  if (typeof schema.$ref === 'string') children.push(resolveRef(context, schema.$ref)?.node);
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) if (Array.isArray(schema[keyword])) children.push(...(schema[keyword] as unknown[]));
  if (Array.isArray(schema.items)) children.push(...(schema.items as unknown[]));
  else children.push(schema.items);
  children.push(schema.additionalItems, schema.additionalProperties);
  for (const group of [schema.properties, schema.patternProperties]) if (isNode(group)) children.push(...Object.values(group));
  const found = schema.deprecated === true || children.some((child) => hasDeprecated(context, child));
  mayDeprecate.set(schema, found);
  return found;
}

/**
 * `valueFits` is false for a union branch chosen for a value that none of the branches accepts: the
 * value gets an error, so calling its form deprecated as well would be noise; its children are
 * still walked.
 */
function walk(context: SchemaTarget, schema: unknown, pointer: string, value: unknown, segments: (string | number)[], hits: Found, valueFits = true): void {
  if (!isNode(schema) || value === undefined) return;
  if (hits.named === undefined && !hasDeprecated(context, schema)) return;
  if (schema.deprecated === true && valueFits) hits.hits.push({ segments: [...segments], schema });
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(context, schema.$ref);
    if (target) walk(context, target.node, target.pointer, value, segments, hits, valueFits);
  }
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((s, i) => walk(context, s, `${pointer}/allOf/${i}`, value, segments, hits, valueFits));
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const valid = branches.findIndex((_, i) => validateAgainstSubschema(context, `${pointer}/${keyword}/${i}`, value).length === 0);
    const chosen = valid !== -1 ? valid : branches.findIndex((b) => isNode(b) && typeFits(context, b, value));
    if (chosen !== -1) walk(context, branches[chosen], `${pointer}/${keyword}/${chosen}`, value, segments, hits, valid !== -1);
  }
  if (Array.isArray(value)) {
    if (Array.isArray(schema.items)) {
      value.forEach((item, i) => {
        const tuple = schema.items as unknown[];
        if (i < tuple.length) walk(context, tuple[i], `${pointer}/items/${i}`, item, [...segments, i], hits);
        else walk(context, schema.additionalItems, `${pointer}/additionalItems`, item, [...segments, i], hits);
      });
    } else if (isNode(schema.items)) {
      value.forEach((item, i) => walk(context, schema.items, `${pointer}/items`, item, [...segments, i], hits));
    }
    return;
  }
  if (typeName(value) !== 'object') return;
  if (hits.named !== undefined) {
    if (isNode(schema.patternProperties)) hits.named.set(segmentsToPointer(segments), 'patterned');
    else if (schema.additionalProperties === false && !hits.named.has(segmentsToPointer(segments))) hits.named.set(segmentsToPointer(segments), 'closed');
  }
  const properties = isNode(schema.properties) ? schema.properties : {};
  const patterns = isNode(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const escaped = escapePointerSegment(key);
    let matched = false;
    if (Object.prototype.hasOwnProperty.call(properties, key)) {
      matched = true;
      walk(context, properties[key], `${pointer}/properties/${escaped}`, child, [...segments, key], hits);
    }
    for (const [source, sub] of patterns) {
      if (regex(source)?.test(key)) {
        matched = true;
        walk(context, sub, `${pointer}/patternProperties/${escapePointerSegment(source)}`, child, [...segments, key], hits);
      }
    }
    if (!matched && isNode(schema.additionalProperties)) {
      walk(context, schema.additionalProperties, `${pointer}/additionalProperties`, child, [...segments, key], hits);
    }
  }
}

/** cloud-init's descriptions use Markdown (`**lock_passwd**`, ``` ``null`` ```); messages are plain text. */
function plain(text: string): string {
  return text.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/``([^`]+)``/g, '$1').replace(/`([^`]+)`/g, '$1').trim();
}

function message(schema: SchemaNode): { message: string; version?: string } {
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
 * the walk skips the parts of the schema where nothing is deprecated.
 */
export function findDeprecations(context: SchemaTarget, data: unknown, named?: Map<string, KeyCheck>): CloudConfigDeprecation[] {
  const found: Found = { hits: [], named };
  walk(context, context.schema, '', data, [], found);
  const byPointer = new Map<string, CloudConfigDeprecation>();
  for (const hit of found.hits) {
    const pointer = segmentsToPointer(hit.segments);
    if (!byPointer.has(pointer)) byPointer.set(pointer, { code: 'deprecated', path: segmentsToDottedPath(hit.segments), pointer, ...message(hit.schema) });
  }
  return [...byPointer.values()];
}
