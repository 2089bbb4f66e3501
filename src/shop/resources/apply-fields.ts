/**
 * The result of {@link applyFields}: any subset of the resource's keys; a key selected through sub-fields holds
 * a partial object (or a list of partial objects) instead of the full value.
 *
 * @example
 * ```ts
 * const picked: FieldsProjection<OrderResource> = applyFields(order, 'id,line_items.id');
 * ```
 */
export type FieldsProjection<T> = {
  [K in keyof T]?: T[K] | SubFieldsProjection<T[K]>;
};

/**
 * What a `parent.child` selection leaves of a field's value.
 *
 * @example
 * ```ts
 * type Lines = SubFieldsProjection<LineItemResource[]>; // Partial<LineItemResource>[]
 * ```
 */
export type SubFieldsProjection<V> = V extends readonly (infer E)[] ? Partial<E>[] : V extends object ? Partial<V> : never;

/** A parsed `fields` value. Sets and maps, never plain objects, so no name can reach `Object.prototype`. */
interface FieldSelection {
  /** Names selected on their own: the whole value is kept. */
  readonly whole: ReadonlySet<string>;
  /** `parent.child` names, by parent. */
  readonly children: ReadonlyMap<string, ReadonlySet<string>>;
}

const NO_MATCH: unique symbol = Symbol('no match');

// List endpoints apply the same `fields` to every element; remembering the last parse avoids re-splitting it.
let lastFields: string | undefined;
let lastSelection: FieldSelection | null = null;

/**
 * Applies the `fields` query parameter to one resource (an order, a coupon, a note, a report, ...): the response
 * keeps only the named fields.
 *
 * - `fields` is a comma-separated list; every name is trimmed and empty names are ignored. When it names nothing
 *   (`undefined`, `""`, only commas and spaces) the resource is returned unchanged (the same object).
 * - A top-level name keeps that key with its whole value.
 * - `parent.child` keeps only sub-field `child` of `parent` (split at the first dot). Several children of one
 *   parent all survive. Sub-fields apply to their own parent only, and to every element of a list field
 *   (`line_items.id,line_items.quantity`). A parent named both alone and with children keeps its whole value.
 * - Unknown names select nothing and are ignored; so is `parent.child` when `parent` has no such child (an object
 *   parent none of whose named children exists is left out). A list parent is kept when it is empty or when at
 *   least one of its object elements has a named child; elements that are not objects have no sub-fields and are
 *   left out. When nothing matches the result is `{}`.
 * - Output keys keep the resource's key order. Values are shared with the resource, not copied; the resource is
 *   never modified. Never throws; names such as `__proto__` or `constructor` select only own keys of that name.
 *
 * Pass one resource at a time; for a list, map over its elements.
 *
 * @param resource - a serialized resource (a plain JSON object); anything else is returned unchanged.
 * @param fields - the raw `fields` value, or undefined when absent.
 * @returns the projected resource.
 * @example
 * ```ts
 * import { applyFields } from 'wc-legacy-api/shop';
 * applyFields(orderResource, 'id, total,line_items.id,line_items.quantity');
 * // { id: 1, total: '21.00', line_items: [{ id: 5, quantity: 2 }, { id: 6, quantity: 1 }] }
 * applyFields(orderResource, 'no_such_field'); // {}
 * ```
 */
export function applyFields<T extends object>(resource: T, fields: string | undefined): FieldsProjection<T> {
  if (fields === undefined || typeof fields !== 'string' || !isPlainObject(resource)) return resource;
  let selection: FieldSelection | null;
  if (fields === lastFields) {
    selection = lastSelection;
  } else {
    selection = parseFields(fields);
    lastFields = fields;
    lastSelection = selection;
  }
  if (selection === null) return resource;

  const out: Record<string, unknown> = {};
  const source = resource as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (selection.whole.has(key)) {
      setOwn(out, key, value);
      continue;
    }
    const children = selection.children.get(key);
    if (children === undefined) continue;
    const projected = projectChildren(value, children);
    if (projected !== NO_MATCH) setOwn(out, key, projected);
  }
  return out as FieldsProjection<T>;
}

/** Parses a `fields` value; null when it names nothing (select everything). */
function parseFields(fields: string): FieldSelection | null {
  const whole = new Set<string>();
  const children = new Map<string, Set<string>>();
  for (const raw of fields.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const dot = name.indexOf('.');
    if (dot < 0) {
      whole.add(name);
      continue;
    }
    const parent = name.slice(0, dot).trim();
    const child = name.slice(dot + 1).trim();
    let set = children.get(parent);
    if (set === undefined) {
      set = new Set<string>();
      children.set(parent, set);
    }
    set.add(child);
  }
  return whole.size === 0 && children.size === 0 ? null : { whole, children };
}

function projectChildren(value: unknown, children: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    const out: Record<string, unknown>[] = [];
    let matched = false;
    for (const element of value) {
      if (!isPlainObject(element)) continue;
      const picked: Record<string, unknown> = {};
      if (pickInto(picked, element, children)) matched = true;
      out.push(picked);
    }
    return matched ? out : NO_MATCH;
  }
  if (isPlainObject(value)) {
    const picked: Record<string, unknown> = {};
    return pickInto(picked, value, children) ? picked : NO_MATCH;
  }
  return NO_MATCH; // a scalar has no sub-fields
}

/** Copies the own keys of `source` named in `children` into `target`; true when at least one was copied. */
function pickInto(target: Record<string, unknown>, source: object, children: ReadonlySet<string>): boolean {
  let matched = false;
  const record = source as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (children.has(key)) {
      setOwn(target, key, record[key]);
      matched = true;
    }
  }
  return matched;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Assigns an own data property; `__proto__` is defined, not assigned, so it never changes a prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
