/**
 * Precompiles the cloud-config schema of every target (the spec and each cloud-init release, see
 * src/cloud-config/targets/) into standalone ajv validator code, written to
 * `src/cloud-config/check/generated/cloud-config-validators.js` (+ `.d.ts`; the older releases' code in
 * `cloud-config-release-validators.js`, loaded on demand: split-cloud-config-validators.ts), so the package never compiles
 * the schema at run time: compiling it takes longer than the whole cold-start budget (measured by
 * `npm run bench`). Besides each target's root validator it exports one validator per `oneOf`/`anyOf`
 * branch and per `then`/`else`, keyed by JSON pointer, used to explain union failures and find
 * deprecations.
 *
 * The code is generated from the split form of the documents (src/cloud-config/check/schema-parts.ts),
 * where a part that is the same in two targets is generated once:
 * every top-level key, union branch, then/else and `$defs` entry is its own function, called by
 * reference (`inlineRefs: false`), so a first validation makes V8 compile only the functions of the
 * keys a config uses, and the exported branch validators are the ones the root validator calls.
 * ajv's error messages are not generated (`messages: false`): issues are worded from the keyword
 * and params, and the verbose fields (`schema`, `parentSchema`, `data`) are kept for that.
 *
 * Run: `npx tsx scripts/compile-cloud-config-validators.ts` (also part of `npm run build`).
 * A test fails when the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { _, Ajv, type Options } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { cloudConfigFormats } from '../src/cloud-config/check/formats';
import { branchPartId, splitSchemas } from '../src/cloud-config/check/schema-parts';
import { CLOUD_CONFIG_ANNOTATION_KEYWORDS } from '../src/cloud-config/schema/index';
import { CLOUD_CONFIG_TARGETS, LATEST_CLOUD_INIT_VERSION, validatorSchema, type CloudConfigTarget } from '../src/cloud-config/targets/targets';
import { blockEnd, validatorModules } from './split-cloud-config-validators';
import { SCHEMA_MODULE_PATH, generateSchemaSource, jsonParseExpression } from './compile-cloud-config-schema';

const SCHEMA_KEY = 'cloud-config';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true, verbose: true, ...options });
  // Our own format checks (src/cloud-config/check/formats.ts), imported by the generated module;
  // each reads the dialect of the target being validated.
  for (const [name, validate] of Object.entries(cloudConfigFormats)) ajv.addFormat(name, validate);
  ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
  return ajv;
}

/**
 * ajv merges a called validator's errors with `vErrors = vErrors.concat(...)`: a new array per
 * failing item, so collecting n errors costs n^2 (8,000 bad `runcmd` items took 5.8 s). They are
 * appended in place instead (`appendErrors`, in the module header); every merge must be rewritten.
 */
function appendInPlace(code: string): string {
  const merge = /vErrors = vErrors === null \? (validate\w+)\.errors : vErrors\.concat\(\1\.errors\);/g;
  const linear = code.replace(merge, 'vErrors = appendErrors(vErrors, $1.errors);');
  if (linear.includes('.concat(')) throw new Error('standalone code merges errors in a form appendInPlace does not rewrite');
  return linear;
}

/** The index just past the value starting at `start` (a literal, a name, a bracketed or parenthesised group). */
function valueEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'") {
      for (i++; code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      if (depth === 0) return i;
      depth--;
    } else if (c === ',' && depth === 0) return i;
  }
  throw new Error('unbalanced generated code');
}

// The fields of an error object as ajv writes them with `verbose: true`, in its order.
const ERROR_FIELDS = ['instancePath', 'schemaPath', 'keyword', 'params', 'schema', 'parentSchema', 'data'] as const;

/**
 * Every error ajv's code records is a seven-field object literal and an append
 * (`const err0 = {instancePath,schemaPath:"#/type",...};if(vErrors === null){...}else {vErrors.push(err0);}errors++;`):
 * nearly half the generated code, all of which V8 must scan whenever the module is loaded (the
 * CLI's cold start). Each becomes a call of `pushError` or `pushKeywordError` (module header),
 * which build the same object, its fields in the same order, and append it the same way.
 */
function compactErrorPushes(code: string): string {
  const open = /const (err\d+) = \{/g;
  let out = '';
  let done = 0;
  for (let m = open.exec(code); m; m = open.exec(code)) {
    const objectStart = m.index + m[0].length - 1;
    const objectEnd = blockEnd(code, objectStart);
    const push = `;if(vErrors === null){vErrors = [${m[1]}];}else {vErrors.push(${m[1]});}errors++;`;
    if (!code.startsWith(push, objectEnd)) continue;
    const values: string[] = [];
    for (let at = objectStart + 1; at < objectEnd - 1; ) {
      const end = valueEnd(code, at);
      const field = code.slice(at, end);
      const colon = field.indexOf(':');
      const name = colon === -1 ? field : field.slice(0, colon);
      values.push(name !== ERROR_FIELDS[values.length] ? '' : colon === -1 ? name : field.slice(colon + 1));
      at = end + 1;
    }
    // An error of another shape (ajv's empty `if` errors) is left as ajv wrote it.
    if (values.length !== ERROR_FIELDS.length || values.includes('')) continue;
    // Mostly the keyword's own schema is read from the parent schema (`schema9.properties.x.type`
    // next to `schema9.properties.x`): then the helper reads it, and the code names it once.
    const [instancePath, schemaPath, keyword, params, schema, parentSchema, data] = values;
    const call = schema === `${parentSchema}.${JSON.parse(keyword!) as string}`
      ? `pushKeywordError(vErrors, ${[instancePath, schemaPath, keyword, params, parentSchema, data].join(', ')})`
      : `pushError(vErrors, ${values.join(', ')})`;
    out += `${code.slice(done, m.index)}vErrors = ${call};errors++;`;
    done = objectEnd + push.length;
    open.lastIndex = done;
  }
  return out + code.slice(done);
}

/**
 * A part that is only a `$ref` to another part is generated as a function that calls the other with
 * the same arguments and hands on its result and its errors (the very array); about thirty of them.
 * Every use of such a forwarder names the function it forwards to instead, and the forwarder goes:
 * fewer functions for V8 to pre-parse on load, the same results and errors.
 */
function withoutForwarders(code: string): string {
  const forwarder = /function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}\)\{let vErrors = null;let errors = 0;if\(!\((validate\d+)\(data, \{instancePath,parentData,parentDataProperty,rootData\}\)\)\)\{vErrors = appendErrors\(vErrors, \2\.errors\);errors = vErrors\.length;\}\1\.errors = vErrors;return errors === 0;\}/g;
  const target = new Map<string, string>();
  for (const m of code.matchAll(forwarder)) target.set(m[1]!, m[2]!);
  const resolve = (name: string): string => {
    let at = name;
    for (let hops = 0; target.has(at); hops++) {
      if (hops > target.size) throw new Error(`forwarders in a cycle at ${name}`);
      at = target.get(at)!;
    }
    return at;
  };
  const removed = code.replace(forwarder, '');
  return renameNames(removed, new Map([...target.keys()].map((name) => [name, resolve(name)])));
}

/** Every use of the given names outside string literals, not after a `.`, replaced (`schema6` -> `schemaAt(0)`). */
function renameNames(code: string, names: ReadonlyMap<string, string>): string {
  let out = '';
  let done = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'") {
      for (i++; code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (/[A-Za-z_$]/.test(c)) {
      let end = i + 1;
      while (end < code.length && /[\w$]/.test(code[end]!)) end++;
      const to = code[i - 1] === '.' ? undefined : names.get(code.slice(i, end));
      if (to !== undefined) {
        out += `${code.slice(done, i)}${to}`;
        done = end;
      }
      i = end - 1;
    }
  }
  return out + code.slice(done);
}

/**
 * ajv writes each schema its code refers to (for the verbose `schema`/`parentSchema` fields, enums,
 * property tables) as a JavaScript object literal, all of them built when the module loads. They
 * become JSON texts in one table instead, each parsed on first use and kept (V8 parses JSON text
 * several times faster than an object literal), and every reference `schemaN` a call `schemaAt(N)`:
 * a validation builds only the schemas it reads, always the same objects. One accessor rather than a
 * function per schema: each function is one more for V8 to pre-parse when the module loads.
 */
function lazySchemas(code: string): string {
  const open = /const (schema(\d+)) = \{/g;
  const names = new Map<string, number>();
  const texts: string[] = [];
  let out = '';
  let done = 0;
  for (let m = open.exec(code); m; m = open.exec(code)) {
    const objectStart = m.index + m[0].length - 1;
    const objectEnd = blockEnd(code, objectStart);
    if (code[objectEnd] !== ';') throw new Error(`${m[1]}: expected a statement`);
    const text = code.slice(objectStart, objectEnd);
    // `__proto__` as a literal's key sets the prototype, in JSON it is a key: not the same data.
    if (text.includes('"__proto__"') || JSON.stringify(JSON.parse(text)) !== text) throw new Error(`${m[1]} is not plain JSON`);
    names.set(m[1]!, texts.length);
    texts.push(jsonParseExpression(text).slice('JSON.parse('.length, -1));
    out += code.slice(done, m.index);
    done = objectEnd + 1;
    open.lastIndex = done;
  }
  const table = `const schemaTexts = [${texts.join(',\n')}];const schemas = [];function schemaAt(i) { return (schemas[i] ??= JSON.parse(schemaTexts[i])); }`;
  return `${table}\n${renameNames(out + code.slice(done), new Map([...names].map(([name, i]) => [name, `schemaAt(${i})`]))).replace(/^"use strict";/, '')}`;
}

/**
 * ajv checks each of a mapping's properties by name (`if(data.apt !== undefined){...}`): at the
 * root, about a hundred lookups of keys a config mostly lacks, on objects of every shape (slow,
 * megamorphic misses). In the root validators these checks are dispatched from the config's own
 * keys instead (`for (key in data) switch (key)`), so the cost follows the keys present. Each
 * property's errors stay together, in the order of the config's keys.
 */
function dispatchRootKeys(code: string, fn: string): string {
  const start = code.indexOf(`function ${fn}(`);
  const check = /^if\(data(?:\.([A-Za-z_$][\w$]*)|\["((?:[^"\\]|\\.)*)"\]) !== undefined\)\{/;
  let first = code.indexOf('if(data.', start);
  const cases: string[] = [];
  let at = first;
  for (let m = check.exec(code.slice(at, at + 300)); m; m = check.exec(code.slice(at, at + 300))) {
    const end = blockEnd(code, at + m[0].length - 1);
    cases.push(`case ${JSON.stringify(m[1] ?? JSON.parse(`"${m[2]}"`))}:${code.slice(at, end)}break;`);
    at = end;
  }
  if (cases.length < 20) throw new Error(`root validator ${fn}: expected its property checks, found ${cases.length}`);
  const table = keyTable(cases);
  if (table === undefined) return `${code.slice(0, first)}for(const rootKey in data){switch(rootKey){${cases.join('')}}}${code.slice(at)}`;
  // Every key's check is a call of its part's validator (schema-parts.ts makes each key a part), so
  // the checks are a table from key to validator: the root function is then a few hundred bytes
  // instead of about 28 KB that V8 scans on load and compiles on the first validation.
  const dispatch = `for(const rootKey in data){const check = ${fn}Keys[rootKey];if(check !== undefined && data[rootKey] !== undefined){if(!(check(data[rootKey], {instancePath:instancePath+"/"+rootKey,parentData:data,parentDataProperty:rootKey,rootData}))){vErrors = appendErrors(vErrors, check.errors);errors = vErrors.length;}}}`;
  return `${code.slice(0, start)}const ${fn}Keys = {__proto__: null, ${table}};${code.slice(start, first)}${dispatch}${code.slice(at)}`;
}

const STRING = '"(?:[^"\\\\]|\\\\.)*"';
const DATA_KEY = `data(?:\\.[A-Za-z_$][\\w$]*|\\[${STRING}\\])`;
// One root key's check as ajv writes it for a key whose schema is a `$ref` to its part.
const KEY_CALL = new RegExp(
  `^case (${STRING}):if\\(${DATA_KEY} !== undefined\\)\\{if\\(!\\((validate\\d+)\\(${DATA_KEY}, \\{instancePath:instancePath\\+(${STRING}),parentData:data,parentDataProperty:(${STRING}),rootData\\}\\)\\)\\)\\{vErrors = appendErrors\\(vErrors, \\2\\.errors\\);errors = vErrors\\.length;\\}\\}break;$`,
);

/** `"key": validateN, ...` when every case is a plain call whose paths are the key as is; else undefined. */
function keyTable(cases: readonly string[]): string | undefined {
  const entries: string[] = [];
  for (const c of cases) {
    const m = KEY_CALL.exec(c);
    const key = m && (JSON.parse(m[1]!) as string);
    if (!m || key === '__proto__' || JSON.parse(m[3]!) !== `/${key}` || JSON.parse(m[4]!) !== key) return undefined;
    entries.push(`${m[1]}: ${m[2]}`);
  }
  return entries.join(', ');
}

/** The generated modules' source texts: the default targets' validators and the older releases'. */
export function generateValidatorsSource(): { validators: string; releases: string } {
  // The targets' schemas are read through the generated schema module, which must be fresh.
  if (readFileSync(SCHEMA_MODULE_PATH, 'utf8') !== generateSchemaSource()) throw new Error('the schema module is stale: run npx tsx scripts/compile-cloud-config-schema.ts first');
  // The spec's whole document must pass ajv's full strict mode; a lone branch such as
  // `{ required: [name] }` cannot (its `type: object` is on the parent), so the generating
  // instance relaxes strictTypes only after this check. A cloud-init release keeps the shapes of
  // cloud-init's own schema (keywords next to no type, a `$ref` with siblings), so its document
  // is checked with strictTypes off, and (as draft-04 does) applies both `properties` and a
  // matching `patternProperties` to a key.
  const RELEASE_OPTIONS: Options = { strictTypes: false, strictRequired: false, strictTuples: false, allowMatchingProperties: true };
  for (const target of CLOUD_CONFIG_TARGETS) createAjv(target === 'spec' ? {} : RELEASE_OPTIONS).addSchema(validatorSchema(target) as object, SCHEMA_KEY).getSchema(SCHEMA_KEY);
  const ajv = createAjv({ ...RELEASE_OPTIONS, inlineRefs: false, messages: false, code: { source: true, esm: true, lines: false, formats: _`cloudConfigFormats` } });
  // Validators are generated from the split form of the documents (see
  // src/cloud-config/check/schema-parts.ts), parts shared between targets where they agree.
  const split = splitSchemas(CLOUD_CONFIG_TARGETS.map((target) => [target, validatorSchema(target)] as const));
  for (const [key, part] of split.parts) ajv.addSchema(part as object, key);
  const refs: Record<string, string> = {};
  CLOUD_CONFIG_TARGETS.forEach((target, t) => (refs[`root${t}`] = split.targets.get(target)!.rootId));
  split.branchPointers.forEach((_, i) => (refs[`s${i}`] = branchPartId(i)));
  // The one runtime helper ajv's code needs is swapped for ours, so ajv stays a build-time tool.
  const code = standaloneCode(ajv, refs).replaceAll('require("ajv/dist/runtime/equal").default', 'jsonEqual');
  if (/require\(/.test(code)) throw new Error('standalone code has a require() call; import it in the header');
  let linear = lazySchemas(compactErrorPushes(withoutForwarders(appendInPlace(code))));
  for (const root of new Set(CLOUD_CONFIG_TARGETS.map((_, t) => new RegExp(`export const root${t} = (validate\\d+)`).exec(linear)?.[1]))) {
    if (root === undefined) throw new Error('no root validator export found');
    linear = dispatchRootKeys(linear, root);
  }
  // The first target's table is listed whole; each other target's as the first one's with the
  // pointers whose part differs (undefined where the target has no such pointer).
  const exportName = new Map(split.branchPointers.map((_, i) => [branchPartId(i), `s${i}`]));
  const first = split.targets.get(CLOUD_CONFIG_TARGETS[0]!)!.branches;
  const rows = (entries: Iterable<readonly [string, string | undefined]>): string =>
    [...entries].map(([pointer, id]) => `\n      ${JSON.stringify(pointer)}: ${id === undefined ? 'undefined' : exportName.get(id)!},`).join('');
  const row = (target: CloudConfigTarget, t: number): string => {
    const { branches } = split.targets.get(target)!;
    const own = t === 0 ? rows(branches) : `\n      ...subschemas0,${rows([...[...branches].filter(([p, id]) => first.get(p) !== id), ...[...first.keys()].filter((p) => !branches.has(p)).map((p) => [p, undefined] as const)])}`;
    return `  ${JSON.stringify(target)}: { root: root${t}, subschemas: ${t === 0 ? 'subschemas0' : `{${own}\n    }`} },`;
  };
  // The default targets' code in one module, the older releases' in another (split-cloud-config-validators.ts).
  const isDefault = (target: CloudConfigTarget): boolean => target === 'spec' || target === LATEST_CLOUD_INIT_VERSION;
  const tables = (defaults: boolean): string => CLOUD_CONFIG_TARGETS.map((target, t) => (isDefault(target) === defaults ? row(target, t) : '')).filter(Boolean).join('\n');
  const subschemas0 = `export const subschemas0 = {${rows(first)}\n};`;
  const baseTables = `${subschemas0}\nexport const targetValidators = {\n${tables(true)}\n};`;
  const releasesTail = `export const releaseValidators = {\n${tables(false)}\n};`;
  return validatorModules(linear, baseTables, releasesTail, `export const branchPointers = ${JSON.stringify(split.branchPointers)};`);
}

/** The `.d.ts` next to the generated module. */
export const VALIDATORS_DECLARATION = `// Generated by scripts/compile-cloud-config-validators.ts. DO NOT EDIT.
import type { ErrorObject } from 'ajv';

/** A standalone ajv validator: returns whether the data is valid and leaves errors on itself. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** One target's validators: the whole document, and each union branch and then/else subschema by its JSON pointer. */
export interface TargetValidators {
  readonly root: GeneratedValidator;
  readonly subschemas: Readonly<Record<string, GeneratedValidator>>;
}

/** The schema pointer each branch part stands for: the n-th entry for the part \`.../cloud-config-parts/s<n>\`. */
export declare const branchPointers: readonly string[];
/** The validators of the default targets (the spec and the newest release), keyed by target name. */
export declare const targetValidators: Readonly<Record<string, TargetValidators>>;
`;

export const VALIDATORS_PATH = fileURLToPath(new URL('../src/cloud-config/check/generated/cloud-config-validators.js', import.meta.url));

export const RELEASE_VALIDATORS_PATH = VALIDATORS_PATH.replace(/cloud-config-validators\.js$/, 'cloud-config-release-validators.js');

/** The `.d.ts` next to the older releases' module. */
export const RELEASE_VALIDATORS_DECLARATION = `// Generated by scripts/compile-cloud-config-validators.ts. DO NOT EDIT.
import type { TargetValidators } from './cloud-config-validators';

/** The validators of the cloud-init releases before the newest, keyed by release. */
export declare const releaseValidators: Readonly<Record<string, TargetValidators>>;
`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { validators, releases } = generateValidatorsSource();
  writeFileSync(VALIDATORS_PATH, validators);
  writeFileSync(RELEASE_VALIDATORS_PATH, releases);
  writeFileSync(RELEASE_VALIDATORS_PATH.replace(/\.js$/, '.d.ts'), RELEASE_VALIDATORS_DECLARATION);
  writeFileSync(VALIDATORS_PATH.replace(/\.js$/, '.d.ts'), VALIDATORS_DECLARATION);
  console.log(`wrote ${VALIDATORS_PATH}`);
}
