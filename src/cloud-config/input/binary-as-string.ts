// cloud-init's validator counts YAML `!!binary` values (Python bytes) as strings, e.g. gzip content
// in write_files. The schema sees them as base64 text; the caller's config keeps the bytes.

/**
 * The value with every `Uint8Array` replaced by its base64 text, copying only the containers on the
 * way to one; the value itself when there is none. Call after the depth check: it recurses.
 */
export function binaryAsString(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) {
    const items = value.map(binaryAsString);
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  const entries = Object.entries(value);
  const converted = entries.map(([k, v]) => [k, binaryAsString(v)] as const);
  return converted.every(([, v], i) => v === entries[i]![1]) ? value : Object.fromEntries(converted);
}
