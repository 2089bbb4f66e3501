import type { Mapping } from './jinja-values';

// The variables a template sees, made from instance data the way cloud-init's jinja handler does:
// keys sorted; each `vN` mapping's keys also at the top level (`local_hostname` for
// `v1.local_hostname`); and every key with a Jinja operator in it (`-`, `.`, ...) also under an
// alias with `_` for each operator (`ds.meta_data.local_hostname` for `local-hostname`). Values are
// copies, so `{% do %}` in a template never changes the caller's object.
//
// cloud-init looks for base64-encoded keys under `base64-encoded-keys`, while the instance data
// it writes names them `base64_encoded_keys`, so in practice nothing is decoded; this does the same.

// Jinja2's operators, longest first, each replaced by one `_`.
const OPERATORS = /\/\/|\*\*|==|!=|>=|<=|[+\-/*%~[\](){}>=<.:|,;]/g;

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainMapping(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  return value;
}

function isPlainMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeBase64(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return value;
  }
}

function convert(data: Mapping, prefix: string, decodePaths: readonly string[]): Mapping {
  const result: Mapping = {};
  for (const key of Object.keys(data).sort()) {
    const path = prefix ? `${prefix}/${key}` : key;
    const value = decodePaths.includes(path) ? decodeBase64(data[key]) : data[key];
    if (isPlainMapping(value)) {
      const converted = convert(value, path, decodePaths);
      result[key] = converted;
      if (/^v\d+$/.test(key)) for (const [subkey, subvalue] of Object.entries(converted)) result[subkey] = copy(subvalue);
    } else result[key] = copy(value);
    const alias = key.replace(OPERATORS, '_');
    if (alias !== key) result[alias] = copy(result[key]);
  }
  return result;
}

/** The template variables for `instanceData` (the contents of cloud-init's instance-data.json). */
export function instanceVariables(instanceData: Readonly<Record<string, unknown>>): Mapping {
  const listed = instanceData['base64-encoded-keys'];
  const decodePaths = Array.isArray(listed) ? listed.filter((p): p is string => typeof p === 'string').map((p) => p.replace(/-/g, '_')) : [];
  return convert(instanceData as Mapping, '', decodePaths);
}
