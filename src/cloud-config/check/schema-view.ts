// The data as cloud-init's validator sees it. YAML `!!binary` values (Python bytes) count as
// strings, e.g. gzip content in write_files: the schema sees their base64 text. Values Python has
// but JSON has not (a date, a set, an ordered mapping) match no JSON type in cloud-init's
// validator; here they become symbols, which match none in ajv either (a JavaScript Date or Map is
// an object to ajv), and whose description names them for messages. The caller's config keeps the
// original values.

const PREFIX = 'cloud-config value: ';

/** The type name and shown value of a symbol made by `schemaView`, if it is one. */
export function viewedValue(value: unknown): { type: string; shown: string } | undefined {
  if (typeof value !== 'symbol' || !value.description?.startsWith(PREFIX)) return undefined;
  const [type = '', shown = ''] = value.description.slice(PREFIX.length).split('\u0000');
  return { type, shown };
}

function symbolFor(cache: Map<string, symbol>, type: string, shown: string): symbol {
  // One symbol per distinct value, so equal dates stay equal for uniqueItems.
  const key = `${PREFIX}${type}\u0000${shown}`;
  let symbol = cache.get(key);
  if (symbol === undefined) cache.set(key, (symbol = Symbol(key)));
  return symbol;
}

function convert(value: unknown, cache: Map<string, symbol>): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) {
    const iso = Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString();
    return symbolFor(cache, 'date', iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => convert(item, cache));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto !== null && proto !== Object.prototype) {
    const type = value instanceof Set ? 'set' : value instanceof Map ? 'ordered mapping' : 'object instance';
    return symbolFor(cache, type, '');
  }
  const entries = Object.entries(value);
  const converted = entries.map(([k, v]) => [k, convert(v, cache)] as const);
  return converted.every(([, v], i) => v === entries[i]![1]) ? value : Object.fromEntries(converted);
}

/**
 * The value as the schema checks it, copying only the containers on the way to a changed value;
 * the value itself when nothing changes. Call after the depth check: it recurses.
 */
export function schemaView(value: unknown): unknown {
  return convert(value, new Map());
}
