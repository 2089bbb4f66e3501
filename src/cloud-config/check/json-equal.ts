/**
 * JSON equality for `uniqueItems` in the precompiled validators (in place of ajv's runtime helper,
 * so ajv is not needed at run time): same type and value, arrays item by item, mappings key by
 * key in any order. Bounded by the data's own size, which is checked before validation.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const keys = Object.keys(a);
  const record = b as Record<string, unknown>;
  return keys.length === Object.keys(record).length && keys.every((k) => Object.prototype.hasOwnProperty.call(record, k) && jsonEqual((a as Record<string, unknown>)[k], record[k]));
}
