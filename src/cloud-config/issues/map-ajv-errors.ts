import type { ErrorObject } from 'ajv';
import type { CloudConfigIssue } from '../cloud-config-issue';
import { closestMatch, type SuggestionBudget } from '../../common/closest-match';
import { keyPlacement } from './key-placement';
import { describeValue, isSecretPointer, previewValue, typeName } from './describe-value';
import { pointerSegments, pointerToDottedPath, segmentsToDottedPath } from '../json-pointer';
import { resolveUnionErrors } from './resolve-union-errors';
import type { SchemaError } from './schema-error';
import type { SchemaNode, SchemaTarget } from '../check/schema-validator';

type Issue = CloudConfigIssue;

/** "a, b or c" */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function shownValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : previewValue(value);
}

// Long enums (module names) are summarised; the did-you-mean suggestion does the precise work.
const MAX_LISTED = 10;
function allowedList(values: readonly unknown[]): string {
  if (values.length === 1) return shownValue(values[0]);
  return values.length <= MAX_LISTED ? `one of ${orList(values.map(shownValue))}` : `one of the ${values.length} allowed values`;
}

const FORMAT_HINT: Record<string, string> = { uri: 'URI with a scheme (e.g. http://host/path)', date: 'date (YYYY-MM-DD)' };
const PYTHON_FORMAT_HINT: Record<string, string> = { ...FORMAT_HINT, date: 'date (YYYY-MM-DD, YYYYMMDD or an ISO week date)' };

// Candidate lists by the schema node they come from: the same array each time, so closest-match
// remembers its answers per list.
const knownKeys = new WeakMap<object, readonly string[]>();
const enumStrings = new WeakMap<readonly unknown[], readonly string[]>();

function keysOf(properties: SchemaNode | undefined): readonly string[] {
  if (properties === undefined) return [];
  let keys = knownKeys.get(properties);
  if (keys === undefined) knownKeys.set(properties, (keys = Object.keys(properties)));
  return keys;
}

function stringsOf(allowed: readonly unknown[]): readonly string[] {
  let strings = enumStrings.get(allowed);
  if (strings === undefined) enumStrings.set(allowed, (strings = allowed.filter((v): v is string => typeof v === 'string')));
  return strings;
}

/**
 * "Did you mean" for an unknown key or a misspelt `enum`/`const` value, within the budget; never
 * for a value under a key that holds a secret. A key known elsewhere is placed, not respelt.
 */
function suggestionOf(error: SchemaError, root: SchemaNode, budget: SuggestionBudget): string | undefined {
  const p = error.params;
  if (error.keyword === 'additionalProperties') {
    const placement = keyPlacement(root, error.instancePath, String(p.additionalProperty));
    if (placement) return placement.suggestion;
    return closestMatch(String(p.additionalProperty), keysOf(error.parentSchema?.properties as SchemaNode | undefined), budget);
  }
  if ((error.keyword !== 'enum' && error.keyword !== 'const') || typeof error.data !== 'string' || isSecretPointer(error.instancePath)) return undefined;
  const allowed = error.keyword === 'enum' ? stringsOf(p.allowedValues as unknown[]) : stringsOf([p.allowedValue]);
  return closestMatch(error.data, allowed, budget);
}

/** Maps one error; "did you mean" only with a budget (it is worked out for listed issues only). */
function mapOne(error: SchemaError, hints: Record<string, string>, root: SchemaNode, budget?: SuggestionBudget): Issue {
  const pointer = error.instancePath;
  // Literals name path and pointer rather than spreading a shared part: issues are made per error.
  const path = pointerToDottedPath(pointer);
  const p = error.params;
  switch (error.keyword) {
    case 'type':
    case 'union': {
      const expected = error.keyword === 'type' ? String(p.type).split(',') : [...(p.forms as string[])];
      if (expected.length === 0) return { code: 'invalid', path, pointer, message: `matches none of the allowed forms, got ${describeValue(error.data, pointer)}` };
      return { code: 'type', path, pointer, expected, received: typeName(error.data), message: `expected ${orList(expected)}, got ${describeValue(error.data, pointer)}` };
    }
    case 'nested': {
      // cloud-init reports this failure at the value; the reason is further in.
      const inner = mapOne(p.inner as SchemaError, hints, root, budget);
      return { ...inner, path, pointer, message: `${String(p.relative)}: ${inner.message}` } as Issue;
    }
    case 'required': {
      const property = Array.isArray(p.missingProperty) ? p.missingProperty.map(String) : [String(p.missingProperty)];
      const message = property.length > 1 ? `requires one of the keys ${orList(property)}` : `missing required key ${JSON.stringify(property[0])}`;
      return { code: 'required', path, pointer, property, message };
    }
    case 'additionalProperties': {
      // Reported at the mapping, as cloud-init does; the key is in `property` and the position
      // is the key's (validate-cloud-config.ts). The top level is settled in mapAjvErrors.
      const property = String(p.additionalProperty);
      const placement = keyPlacement(root, pointer, property);
      if (placement) return { code: 'additional_property', path, pointer, property, ...(placement.suggestion ? { suggestion: placement.suggestion } : {}), message: placement.message };
      const suggestion = budget ? suggestionOf(error, root, budget) : undefined;
      return {
        code: 'additional_property',
        path, pointer,
        property,
        ...(suggestion ? { suggestion } : {}),
        message: `unknown key ${JSON.stringify(property)}${suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : ' (not allowed here)'}`,
      };
    }
    case 'enum':
    case 'const': {
      const allowed = error.keyword === 'enum' ? (p.allowedValues as unknown[]) : [p.allowedValue];
      const suggestion = budget ? suggestionOf(error, root, budget) : undefined;
      const hint = suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : '';
      return { code: error.keyword, path, pointer, allowed, ...(suggestion ? { suggestion } : {}), message: `expected ${allowedList(allowed)}, got ${describeValue(error.data, pointer)}${hint}` };
    }
    case 'pattern':
      return { code: 'pattern', path, pointer, message: `expected a string matching ${String(p.pattern)}, got ${describeValue(error.data, pointer)}` };
    case 'format':
      return { code: 'format', path, pointer, message: `expected a ${hints[String(p.format)] ?? `value of format ${String(p.format)}`}, got ${describeValue(error.data, pointer)}` };
    case 'minLength':
    case 'maxLength':
      return {
        code: error.keyword === 'minLength' ? 'too_short' : 'too_long',
        path, pointer,
        message: `expected ${error.keyword === 'minLength' ? 'at least' : 'at most'} ${plural(Number(p.limit), 'character')}, got ${typeof error.data === 'string' ? error.data.length : '?'}`,
      };
    case 'minItems':
    case 'maxItems': {
      // A titled fixed-size form (`a [name, version] pair`) is named rather than counted.
      const title = error.parentSchema?.title;
      const count = Array.isArray(error.data) ? error.data.length : 0;
      if (typeof title === 'string' && error.parentSchema?.minItems === error.parentSchema?.maxItems) {
        return { code: error.keyword === 'minItems' ? 'too_few_items' : 'too_many_items', path, pointer, message: `expected ${title}, got ${plural(count, 'item')}` };
      }
      return {
        code: error.keyword === 'minItems' ? 'too_few_items' : 'too_many_items',
        path, pointer,
        message: `expected ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${plural(Number(p.limit), 'item')}, got ${Array.isArray(error.data) ? error.data.length : '?'}`,
      };
    }
    case 'minProperties':
    case 'maxProperties':
      return {
        code: error.keyword === 'minProperties' ? 'too_few_properties' : 'too_many_properties',
        path, pointer,
        message: `expected ${error.keyword === 'minProperties' ? 'at least' : 'at most'} ${plural(Number(p.limit), 'key')}, got ${error.data !== null && typeof error.data === 'object' ? Object.keys(error.data).length : '?'}`,
      };
    case 'uniqueItems':
      return { code: 'duplicate_items', path, pointer, message: `expected unique items, but items ${String(p.j)} and ${String(p.i)} are the same` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        code: error.keyword.endsWith('inimum') ? 'too_small' : 'too_big',
        path, pointer,
        message: `expected a number ${String(p.comparison)} ${String(p.limit)}, got ${describeValue(error.data, pointer)}`,
      };
    case 'propertyNames':
      return { code: 'invalid_key', path, pointer, property: String(p.propertyName), message: `invalid key ${JSON.stringify(String(p.propertyName))}` };
    case 'false schema':
      return error.condition
        ? { code: 'conflict', path, pointer, property: pointerSegments(pointer).slice(-1), message: `not allowed when ${error.condition}` }
        : { code: 'invalid', path, pointer, message: 'not allowed here' };
    case 'not': {
      const keys = ((error.parentSchema?.not as SchemaNode | undefined)?.required as string[] | undefined) ?? [];
      if (keys.length === 2 && keys[0]!.replaceAll('_', '-') === keys[1]!.replaceAll('_', '-')) {
        return { code: 'conflict', path, pointer, property: keys, message: `${JSON.stringify(keys[1])} is the old spelling of ${JSON.stringify(keys[0])}; give only ${JSON.stringify(keys[0])}` };
      }
      return keys.length > 1
        ? { code: 'conflict', path, pointer, property: keys, message: `the keys ${orList(keys.map((k) => JSON.stringify(k)))} cannot be used together` }
        : { code: 'invalid', path, pointer, message: 'matches a form that is not allowed' };
    }
    case 'oneOf': {
      const branches = (error.schema as SchemaNode[] | undefined) ?? [];
      const keys = branches.map((b) => (Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : undefined));
      const message = keys.every((k) => k !== undefined)
        ? `only one of the keys ${orList(keys as string[])} may be set`
        : `matches more than one of the allowed forms (${(p.passingSchemas as number[]).map((i) => `#${i + 1}`).join(', ')})`;
      return { code: 'ambiguous', path, pointer, message };
    }
    case 'dependencies':
    case 'dependentRequired':
      return { code: 'required', path, pointer, property: [String(p.missingProperty)], message: `missing key ${JSON.stringify(String(p.missingProperty))}, required when ${JSON.stringify(String(p.property))} is set` };
    default:
      return { code: 'invalid', path, pointer, message: `fails the schema rule "${error.keyword}"` };
  }
}

// When several rules fail at one location, report the one that explains most.
const PRIORITY: readonly Issue['code'][] = ['ambiguous', 'conflict', 'required', 'additional_property', 'invalid_key', 'enum', 'const', 'type'];

function rank(code: Issue['code']): number {
  const i = PRIORITY.indexOf(code);
  return i === -1 ? PRIORITY.length : i;
}

/** Where an issue is, for keeping one per location: unknown keys and conflicts are each their own. */
function location(issue: Issue): string {
  if (issue.code === 'additional_property') return `${issue.pointer}\u0000${issue.property}`;
  if (issue.code === 'conflict') return `${issue.pointer}\u0000${issue.property.join('\u0000')}`;
  return issue.pointer;
}

/**
 * An unknown top-level key is reported at the key itself (cloud-init's one exception to reporting
 * at the mapping); with the cloud-init rule for several of them, all stay at the root `""`.
 */
function settleTopLevel(context: SchemaTarget, issues: Issue[]): Issue[] {
  const unknown = issues.filter((i): i is Extract<Issue, { code: 'additional_property' }> => i.code === 'additional_property' && i.pointer === '');
  if (unknown.length === 0 || (context.behaviour.unknownTopLevelKeys === 'cloud-init' && unknown.length > 1)) return issues;
  return issues.map((i) => (i.code === 'additional_property' && i.pointer === '' ? { ...i, path: segmentsToDottedPath([i.property]) } : i));
}

/**
 * Whether mapping the error with a budget would give a suggestion, worked out without the rest of
 * the issue (most unknown keys and values have none). The answer is remembered by closestMatch,
 * so mapping the error afterwards spends no more of the budget. A `const` has a fresh candidate
 * list each time (not remembered): it is left to mapOne.
 */
function suggests(error: SchemaError, root: SchemaNode, budget: SuggestionBudget): boolean {
  const p = error.params;
  switch (error.keyword) {
    case 'nested':
      return suggests(p.inner as SchemaError, root, budget);
    case 'additionalProperties':
    case 'enum':
      return suggestionOf(error, root, budget) !== undefined;
    default:
      return true;
  }
}

/** Issues mapped from ajv's errors, and how to add "did you mean" to those that are listed. */
export class MappedIssues {
  constructor(
    readonly issues: Issue[],
    private readonly sources: ReadonlyMap<string, SchemaError>,
    private readonly hints: Record<string, string>,
    private readonly root: SchemaNode,
  ) {}

  /**
   * The issue with its suggestion (an unknown key or value close to an allowed one), within the
   * budget; any other issue as it is. Suggestions are the costly part of an issue, so they are
   * only worked out for the issues a result lists (see `maxIssues`).
   */
  complete(issue: Issue, budget: SuggestionBudget): Issue {
    if (issue.code !== 'additional_property' && issue.code !== 'enum' && issue.code !== 'const') return issue;
    const source = this.sources.get(location(issue));
    if (source === undefined || !suggests(source, this.root, budget)) return issue;
    const full = mapOne(source, this.hints, this.root, budget);
    return full.code === issue.code && 'suggestion' in full ? { ...issue, suggestion: full.suggestion, message: full.message } : issue;
  }
}

/**
 * Turns ajv's errors into our issues: union noise reduced to the meant branch, one issue per
 * location, messages in our words naming what was expected and what was found.
 */
export function mapAjvErrors(context: SchemaTarget, errors: readonly ErrorObject[]): MappedIssues {
  const byLocation = new Map<string, Issue>();
  const sources = new Map<string, SchemaError>();
  const hints = context.behaviour.dialect === 'python' ? PYTHON_FORMAT_HINT : FORMAT_HINT;
  const resolved = resolveUnionErrors(context, errors);
  // Never turn an invalid config into a valid one: if union resolution explained nothing away
  // wrongly, fall back to ajv's own last error (the outermost failure). Under cloud-init's rules
  // a union can pass with no error (a mapping with a `type` key, see cloud-init-union.ts).
  if (resolved.length === 0 && errors.length > 0 && context.behaviour.unions !== 'cloud-init') resolved.push(...resolveUnionErrors(context, errors.slice(-1)));
  for (const error of resolved) {
    // propertyNames reports the bad name twice (once per inner rule); keep the key-level one.
    if (error.params.propertyName !== undefined && error.keyword !== 'propertyNames') continue;
    const issue = mapOne(error, hints, context.schema);
    const where = location(issue);
    const current = byLocation.get(where);
    if (current === undefined || rank(issue.code) < rank(current.code)) {
      byLocation.set(where, issue);
      sources.set(where, error);
    }
  }
  return new MappedIssues(settleTopLevel(context, [...byLocation.values()]), sources, hints, context.schema);
}
