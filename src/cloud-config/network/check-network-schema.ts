import type { CloudConfigDeprecation, CloudConfigIssue } from '../cloud-config-issue';
import { jsonEqual } from '../check/json-equal';
import { closestMatch, SuggestionBudget, DEFAULT_SUGGESTION_COMPARISONS } from '../../common/closest-match';
import { describeValue, typeName } from '../issues/describe-value';
import { escapePointerSegment, pointerToDottedPath } from '../json-pointer';
import type { NetworkSchemaNode, NetworkSchemaObject } from './network-schema';

/** What one check found: errors make the value invalid, deprecations do not. */
interface Sink {
  readonly errors: CloudConfigIssue[];
  readonly deprecations: CloudConfigDeprecation[];
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]!}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Whether a value has a JSON Schema type, with Python's rules (a bool is no integer, 1.0 no int). */
function hasType(value: unknown, type: string): boolean {
  const actual = typeName(value);
  if (type === 'number') return actual === 'integer' || actual === 'number';
  return actual === type;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeName(value) === 'object';
}

function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${escapePointerSegment(segment)}`;
}

/** The `type` enum a branch of a union stands for (v1's `anyOf_type_bond` has `type: [bond]`). */
function branchTypes(schema: NetworkSchemaObject): readonly unknown[] {
  const type = schema.properties?.['type'];
  return typeof type === 'object' && type.enum ? type.enum : [];
}

/** Whether a branch is nothing but `required` (v1 routes: network and gateway, or destination and gateway). */
function onlyRequired(node: NetworkSchemaNode): node is NetworkSchemaObject & { required: readonly string[] } {
  return typeof node === 'object' && node.required !== undefined && Object.keys(node).length === 1;
}

/**
 * Interprets the facts of a cloud-init network-config schema (network-schema.ts) for one value.
 * Verdicts are JSON Schema's, as cloud-init's jsonschema gives them; where a union fails, the
 * issues come from the branch the value meant (the v1 entry's `type`, or the branch whose
 * required keys it has), as cloud-init's own `anyOf_type_` rule does, instead of every branch's.
 *
 * Cost: each value is visited once per schema branch it is tried against; the network schemas
 * nest unions at most two deep (the wrapper `oneOf`, then v1's `anyOf` per entry, where only the
 * branch an entry's `type` names is tried), so a check is linear in the size of the input, at most
 * 12 visits per node.
 */
export class NetworkSchemaChecker {
  // Suggestions ("did you mean") a check may work out: set afresh for each check.
  private budget = new SuggestionBudget(DEFAULT_SUGGESTION_COMPARISONS);

  constructor(private readonly root: NetworkSchemaObject) {}

  private meant: ((branches: readonly NetworkSchemaNode[]) => number | undefined) | undefined;

  /**
   * Checks a value against the whole schema. `meantAtRoot` names the branch of the root's union
   * the value meant, when the caller knows better than the required-keys rule (cloud-init reads
   * `network:` first whenever it is present).
   */
  check(value: unknown, meantAtRoot?: (branches: readonly NetworkSchemaNode[]) => number | undefined): Sink {
    this.meant = meantAtRoot;
    this.budget = new SuggestionBudget(DEFAULT_SUGGESTION_COMPARISONS);
    const sink: Sink = { errors: [], deprecations: [] };
    this.visit(this.root, value, '', sink);
    return sink;
  }

  // One array per mapping schema: closestMatch remembers its answers per candidate array.
  private readonly keyLists = new WeakMap<object, readonly string[]>();

  private keysOf(properties: Readonly<Record<string, NetworkSchemaNode>>): readonly string[] {
    let keys = this.keyLists.get(properties);
    if (keys === undefined) this.keyLists.set(properties, (keys = Object.keys(properties)));
    return keys;
  }

  private resolve(node: NetworkSchemaNode): NetworkSchemaNode {
    if (typeof node === 'boolean' || node.$ref === undefined) return node;
    const name = /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1];
    const found = name === undefined ? undefined : this.root.$defs?.[name];
    return found === undefined ? true : this.resolve(found);
  }

  private issue(sink: Sink, issue: CloudConfigIssue): void {
    sink.errors.push(issue);
  }

  private visit(node: NetworkSchemaNode, value: unknown, pointer: string, sink: Sink): void {
    const path = pointerToDottedPath(pointer);
    if (node === true) return;
    if (node === false) {
      this.issue(sink, { code: 'invalid', path, pointer, message: 'not allowed here' });
      return;
    }
    if (node.$ref !== undefined) this.visit(this.resolve(node), value, pointer, sink);
    if (node.deprecated === true) {
      const version = node.deprecated_version;
      sink.deprecations.push({ code: 'deprecated', path, pointer, message: version ? `Deprecated in version ${version}.` : 'Deprecated.', ...(version ? { version } : {}) });
    }
    if (node.type !== undefined) {
      const types = typeof node.type === 'string' ? [node.type] : node.type;
      if (!types.some((t) => hasType(value, t))) {
        this.issue(sink, { code: 'type', path, pointer, expected: types, received: typeName(value), message: `expected ${orList(types)}, got ${describeValue(value, pointer)}` });
        // Further rules of this schema are about a value of the right type.
        return;
      }
    }
    if (node.enum !== undefined && !node.enum.some((allowed) => jsonEqual(allowed, value))) {
      const words = node.enum.filter((a): a is string => typeof a === 'string');
      const suggestion = typeof value === 'string' && words.length > 0 ? closestMatch(value, words, this.budget) : undefined;
      const shown = node.enum.map((a) => JSON.stringify(a));
      this.issue(sink, {
        code: 'enum',
        path,
        pointer,
        allowed: node.enum,
        ...(suggestion ? { suggestion } : {}),
        message: `expected ${node.enum.length === 1 ? shown[0]! : `one of ${orList(shown)}`}, got ${describeValue(value, pointer)}${suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : ''}`,
      });
    }
    if (node.const !== undefined && !jsonEqual(node.const, value)) {
      this.issue(sink, { code: 'const', path, pointer, allowed: [node.const], message: `expected ${JSON.stringify(node.const)}, got ${describeValue(value, pointer)}` });
    }
    if (typeof value === 'string') this.checkString(node, value, path, pointer, sink);
    if (typeof value === 'number') this.checkNumber(node, value, path, pointer, sink);
    if (Array.isArray(value)) this.checkArray(node, value, path, pointer, sink);
    if (isMapping(value)) this.checkMapping(node, value, path, pointer, sink);
    if (node.allOf) for (const part of node.allOf) this.visit(part, value, pointer, sink);
    if (node.anyOf) this.checkAnyOf(node.anyOf, value, path, pointer, sink);
    if (node.oneOf) this.checkOneOf(node.oneOf, value, path, pointer, sink);
    if (node.not !== undefined && this.passes(node.not, value, pointer)) {
      this.issue(sink, { code: 'invalid', path, pointer, message: 'matches a form that is not allowed' });
    }
  }

  private passes(node: NetworkSchemaNode, value: unknown, pointer: string): boolean {
    return this.trial(node, value, pointer).errors.length === 0;
  }

  private trial(node: NetworkSchemaNode, value: unknown, pointer: string): Sink {
    const sink: Sink = { errors: [], deprecations: [] };
    this.visit(node, value, pointer, sink);
    return sink;
  }

  private checkString(node: NetworkSchemaObject, value: string, path: string, pointer: string, sink: Sink): void {
    // Python counts code points, as [...value] does; String.length counts UTF-16 units.
    const length = node.minLength !== undefined || node.maxLength !== undefined ? [...value].length : 0;
    if (node.maxLength !== undefined && length > node.maxLength) {
      this.issue(sink, { code: 'too_long', path, pointer, message: `expected at most ${plural(node.maxLength, 'character')}, got ${length}` });
    }
    if (node.minLength !== undefined && length < node.minLength) {
      this.issue(sink, { code: 'too_short', path, pointer, message: `expected at least ${plural(node.minLength, 'character')}, got ${length}` });
    }
    if (node.pattern !== undefined) {
      let matches = true;
      try {
        matches = new RegExp(node.pattern, 'u').test(value);
      } catch {
        // A pattern JavaScript cannot read is not held against the user.
      }
      if (!matches) this.issue(sink, { code: 'pattern', path, pointer, message: `expected a string matching ${node.pattern}, got ${describeValue(value, pointer)}` });
    }
  }

  private checkNumber(node: NetworkSchemaObject, value: number, path: string, pointer: string, sink: Sink): void {
    if (node.minimum !== undefined && value < node.minimum) {
      this.issue(sink, { code: 'too_small', path, pointer, message: `expected a number >= ${node.minimum}, got ${describeValue(value, pointer)}` });
    }
    if (node.maximum !== undefined && value > node.maximum) {
      this.issue(sink, { code: 'too_big', path, pointer, message: `expected a number <= ${node.maximum}, got ${describeValue(value, pointer)}` });
    }
  }

  private checkArray(node: NetworkSchemaObject, value: readonly unknown[], path: string, pointer: string, sink: Sink): void {
    if (node.minItems !== undefined && value.length < node.minItems) {
      this.issue(sink, { code: 'too_few_items', path, pointer, message: `expected at least ${plural(node.minItems, 'item')}, got ${value.length}` });
    }
    if (node.maxItems !== undefined && value.length > node.maxItems) {
      this.issue(sink, { code: 'too_many_items', path, pointer, message: `expected at most ${plural(node.maxItems, 'item')}, got ${value.length}` });
    }
    if (node.uniqueItems === true) {
      // Items are compared as JSON text: quadratic comparisons of large lists are avoided.
      const seen = new Map<string, number>();
      value.forEach((item, i) => {
        const key = JSON.stringify(item) ?? 'undefined';
        const first = seen.get(key);
        if (first !== undefined) this.issue(sink, { code: 'duplicate_items', path, pointer, message: `expected unique items, but items ${first} and ${i} are the same` });
        else seen.set(key, i);
      });
    }
    if (node.items !== undefined) value.forEach((item, i) => this.visit(node.items!, item, childPointer(pointer, i), sink));
  }

  private checkMapping(node: NetworkSchemaObject, value: Readonly<Record<string, unknown>>, path: string, pointer: string, sink: Sink): void {
    for (const key of node.required ?? []) {
      if (!Object.hasOwn(value, key)) this.issue(sink, { code: 'required', path, pointer, property: [key], message: `missing key ${JSON.stringify(key)}` });
    }
    const properties = node.properties ?? {};
    const patterns = Object.entries(node.patternProperties ?? {}).map(([p, schema]) => [new RegExp(p, 'u'), schema] as const);
    for (const [key, child] of Object.entries(value)) {
      const at = childPointer(pointer, key);
      let known = false;
      if (Object.hasOwn(properties, key)) {
        known = true;
        this.visit(properties[key]!, child, at, sink);
      }
      for (const [re, schema] of patterns) {
        if (!re.test(key)) continue;
        known = true;
        this.visit(schema, child, at, sink);
      }
      if (known || node.additionalProperties === undefined) continue;
      if (node.additionalProperties === false) {
        const suggestion = closestMatch(key, this.keysOf(properties), this.budget);
        this.issue(sink, {
          code: 'additional_property',
          path,
          pointer,
          property: key,
          ...(suggestion ? { suggestion } : {}),
          message: `unknown key ${JSON.stringify(key)}${suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : ' (not allowed here)'}`,
        });
      } else {
        this.visit(node.additionalProperties, child, at, sink);
      }
    }
  }

  private checkAnyOf(branches: readonly NetworkSchemaNode[], value: unknown, path: string, pointer: string, sink: Sink): void {
    const resolved = branches.map((b) => this.resolve(b));
    const types = resolved.flatMap((b) => (typeof b === 'object' ? branchTypes(b) : []));
    // As cloud-init does for v1 entries: the branch named by the entry's `type` is the one meant.
    // Every other branch that names types rejects this `type`, so only the meant branch and any
    // branch naming no type need to be tried.
    const typed = isMapping(value) && Object.hasOwn(value, 'type');
    const meant = typed ? resolved.findIndex((b) => typeof b === 'object' && branchTypes(b).some((t) => jsonEqual(t, value['type']))) : -1;
    let meantErrors: CloudConfigIssue[] | undefined;
    for (const [i, branch] of branches.entries()) {
      const resolvedBranch = resolved[i]!;
      if (meant !== -1 && i !== meant && typeof resolvedBranch === 'object' && branchTypes(resolvedBranch).length > 0) continue;
      const trial = this.trial(branch, value, pointer);
      if (trial.errors.length === 0) {
        sink.deprecations.push(...trial.deprecations);
        return;
      }
      if (i === meant) meantErrors = trial.errors;
    }
    if (meantErrors !== undefined) {
      sink.errors.push(...meantErrors);
      return;
    }
    if (typed && types.length > 0) {
      this.visit({ enum: types }, (value as Record<string, unknown>)['type'], childPointer(pointer, 'type'), sink);
      return;
    }
    if (types.length > 0 && isMapping(value)) {
      const names = types.map(String);
      this.issue(sink, { code: 'required', path, pointer, property: ['type'], message: `missing key "type" (one of ${orList(names)})` });
      return;
    }
    this.issue(sink, { code: 'invalid', path, pointer, message: `matches none of the allowed forms, got ${describeValue(value, pointer)}` });
  }

  private checkOneOf(branches: readonly NetworkSchemaNode[], value: unknown, path: string, pointer: string, sink: Sink): void {
    const trials = branches.map((b) => this.trial(b, value, pointer));
    const passing = trials.filter((t) => t.errors.length === 0);
    if (passing.length === 1) {
      sink.deprecations.push(...passing[0]!.deprecations);
      return;
    }
    if (branches.every(onlyRequired)) {
      const forms = branches.map((b) => b.required.map((k) => JSON.stringify(k)).join(' and '));
      if (passing.length > 1) {
        this.issue(sink, { code: 'ambiguous', path, pointer, message: `expected exactly one of: ${forms.join('; or ')}; this matches ${passing.length} of them` });
        return;
      }
      const missing = [...new Set(branches.flatMap((b) => b.required.filter((k) => !isMapping(value) || !Object.hasOwn(value, k))))];
      this.issue(sink, { code: 'required', path, pointer, property: missing, message: `missing keys: expected ${forms.join(', or ')}` });
      return;
    }
    if (passing.length > 1) {
      this.issue(sink, { code: 'ambiguous', path, pointer, message: `matches ${passing.length} of the allowed forms; expected exactly one` });
      return;
    }
    const named = pointer === '' ? this.meant?.(branches) : undefined;
    if (named !== undefined && trials[named] !== undefined) {
      sink.errors.push(...trials[named].errors);
      return;
    }
    // The branch the value meant: the one whose required keys it has most of (the `network:`
    // wrapper, or the bare version 1 or 2 mapping), the first on a tie.
    let best = 0;
    let bestScore = -1;
    branches.forEach((branch, i) => {
      const resolved = this.resolve(branch);
      const required = typeof resolved === 'object' ? (resolved.required ?? []) : [];
      const score = isMapping(value) ? required.filter((k) => Object.hasOwn(value, k)).length : 0;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    sink.errors.push(...trials[best]!.errors);
  }
}
