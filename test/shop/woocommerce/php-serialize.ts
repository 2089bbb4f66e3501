// PHP's `serialize()` format for the values WooCommerce keeps serialized in meta (`_line_tax_data`, shipping `taxes`,
// `{prefix}capabilities`, a coupon's `customer_email`): strings (length in UTF-8 bytes, as PHP counts them), integers,
// booleans, null and arrays. Arrays are JS arrays (keys 0..n-1) or Maps (keys in their order).

/** A value {@link serializePhp} writes. */
export type PhpWritable = null | boolean | number | string | readonly PhpWritable[] | ReadonlyMap<number | string, PhpWritable>;

const encoder = new TextEncoder();

function key(k: number | string): string {
  // PHP turns a decimal-integer string key into an integer key.
  if (typeof k === 'number' || /^(0|-?[1-9]\d{0,17})$/.test(k)) return `i:${k};`;
  return `s:${encoder.encode(k).length}:"${k}";`;
}

/** `serialize($value)` as PHP writes it; integers only (WooCommerce keeps amounts in meta as strings). */
export function serializePhp(value: PhpWritable): string {
  if (value === null) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`serializePhp writes integers only, not ${value}`);
    return `i:${value};`;
  }
  if (typeof value === 'string') return `s:${encoder.encode(value).length}:"${value}";`;
  const entries: [number | string, PhpWritable][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : [...(value as ReadonlyMap<number | string, PhpWritable>)];
  return `a:${entries.length}:{${entries.map(([k, v]) => key(k) + serializePhp(v)).join('')}}`;
}
