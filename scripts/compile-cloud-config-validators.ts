/**
 * Precompiles the cloud-config schema of every target (the spec and each cloud-init release, see
 * src/cloud-config/targets/) into standalone ajv validator code, written to
 * `src/cloud-config/check/generated/cloud-config-validators.js` (+ `.d.ts`), so the package never compiles
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
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { branchPartId, splitSchemas } from '../src/cloud-config/check/schema-parts';
import { CLOUD_CONFIG_ANNOTATION_KEYWORDS } from '../src/cloud-config/schema/index';
import { CLOUD_CONFIG_TARGETS, targetSchema } from '../src/cloud-config/targets/targets';

type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const SCHEMA_KEY = 'cloud-config';
const FORMATS = ['uri', 'date'];

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true, verbose: true, ...options });
  addFormats(ajv, FORMATS);
  ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
  return ajv;
}

// The two formats the schema uses are copied from the installed ajv-formats (MIT) into the
// generated module rather than imported: loading that CommonJS module from ESM costs several
// milliseconds of cold start. Each is the format's function and the top-level declarations it uses.
const FORMAT_SOURCES: Record<string, { declarations: string[]; value: string }> = {
  uri: { declarations: ['NOT_URI_FRAGMENT', 'URI', 'uri'], value: 'uri' },
  date: { declarations: ['isLeapYear', 'DATE', 'DAYS', 'date'], value: '{ validate: date }' },
};

// Checked against ajv-formats' own functions before the copy is used.
const FORMAT_SAMPLES: Record<string, string[]> = {
  uri: ['http://host/path', 'https://a.b/c?d=e#f', 'ftp://[::1]:21/x', 'urn:isbn:0451450523', 'mailto:a@b.c', 'host/path', 'http://', '/path', 'not a uri', 'http://exa mple.com', 'x:', '', 'HTTP://UPPER.CASE/', 'http://h/%zz', 'file:///etc/hosts'],
  date: ['2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-12-31', '24-01-01', '2024-1-1', '', 'x', '2024-01-01T00:00:00Z'],
};

function declarationSource(source: string, name: string): string {
  const fn = new RegExp(`^function ${name}\\(.*?^}$`, 'ms').exec(source);
  const constant = new RegExp(`^const ${name} = .*;$`, 'm').exec(source);
  const found = fn ?? constant;
  if (!found) throw new Error(`ajv-formats: no top-level declaration of ${name}`);
  return found[0];
}

/** The format functions the generated code uses (as `fullFormats.<name>`), copied from ajv-formats. */
function formatsSource(): string {
  const require = createRequire(import.meta.url);
  const path = require.resolve('ajv-formats/dist/formats.js');
  const { fullFormats } = require(path) as { fullFormats: Record<string, unknown> };
  const source = readFileSync(path, 'utf8');
  const declarations = Object.values(FORMAT_SOURCES).flatMap((f) => f.declarations).map((name) => declarationSource(source, name));
  const table = `const fullFormats = { ${Object.entries(FORMAT_SOURCES).map(([name, f]) => `${JSON.stringify(name)}: ${f.value}`).join(', ')} };`;
  const code = [...declarations, table].join('\n');
  const original = (name: string): unknown => {
    const format = fullFormats[name];
    return typeof format === 'function' ? format : (format as { validate: unknown }).validate;
  };
  for (const [name, f] of Object.entries(FORMAT_SOURCES)) {
    const fn = f.declarations[f.declarations.length - 1]!;
    if (String(original(name)) !== declarationSource(source, fn)) throw new Error(`ajv-formats: ${fn} is not the ${name} format`);
  }
  // Build time only: evaluate the copy and compare it with the original on samples.
  const copy = new Function(`${code}\nreturn fullFormats;`)() as Record<string, unknown>;
  const check = (format: unknown, value: string): boolean => (typeof format === 'function' ? format(value) : (format as { validate: (v: string) => boolean }).validate(value)) as boolean;
  for (const name of FORMATS) {
    for (const sample of FORMAT_SAMPLES[name] ?? []) {
      if (check(copy[name], sample) !== check(fullFormats[name], sample)) throw new Error(`copied format ${name} disagrees with ajv-formats on ${JSON.stringify(sample)}`);
    }
  }
  return code;
}

/** The generated module's source text. */
export function generateValidatorsSource(): string {
  // Every target's whole document must pass ajv's full strict mode; a lone branch such as
  // `{ required: [name] }` cannot (its `type: object` is on the parent), so the generating
  // instance relaxes strictTypes only after this check.
  for (const target of CLOUD_CONFIG_TARGETS) createAjv({}).addSchema(targetSchema(target) as object, SCHEMA_KEY).getSchema(SCHEMA_KEY);
  const ajv = createAjv({ strictTypes: false, inlineRefs: false, messages: false, code: { source: true, esm: true, lines: false } });
  // Validators are generated from the split form of the documents (see
  // src/cloud-config/check/schema-parts.ts), parts shared between targets where they agree.
  const split = splitSchemas(CLOUD_CONFIG_TARGETS.map((target) => [target, targetSchema(target)] as const));
  for (const [key, part] of split.parts) ajv.addSchema(part as object, key);
  const refs: Record<string, string> = {};
  CLOUD_CONFIG_TARGETS.forEach((target, t) => (refs[`root${t}`] = split.targets.get(target)!.rootId));
  split.branchPointers.forEach((_, i) => (refs[`s${i}`] = branchPartId(i)));
  let code = standaloneCode(ajv, refs);
  // ajv emits require() for format functions even in ESM mode (ajv#1976); use the copies instead.
  code = code.replace(/require\("ajv-formats\/dist\/formats"\)\.fullFormats/g, 'fullFormats');
  if (/require\(/.test(code)) throw new Error('standalone code still has a require() call; import it in the header');
  const used = [...code.matchAll(/\bfullFormats\.(\w+)/g)].map((m) => m[1]!);
  const missing = used.filter((name) => FORMAT_SOURCES[name] === undefined);
  if (missing.length > 0) throw new Error(`generated code uses formats with no copied source: ${missing.join(', ')}`);
  if (/\.compare\b/.test(code)) throw new Error('generated code compares formats; copy their compare functions too');
  // The first target's table is listed whole; each other target's as the first one's with the
  // pointers whose part differs (undefined where the target has no such pointer).
  const exportName = new Map(split.branchPointers.map((_, i) => [branchPartId(i), `s${i}`]));
  const first = split.targets.get(CLOUD_CONFIG_TARGETS[0]!)!.branches;
  const rows = (entries: Iterable<readonly [string, string | undefined]>): string =>
    [...entries].map(([pointer, id]) => `\n      ${JSON.stringify(pointer)}: ${id === undefined ? 'undefined' : exportName.get(id)!},`).join('');
  const tables = CLOUD_CONFIG_TARGETS.map((target, t) => {
    const { branches } = split.targets.get(target)!;
    const own = t === 0 ? rows(branches) : `\n      ...subschemas0,${rows([...[...branches].filter(([p, id]) => first.get(p) !== id), ...[...first.keys()].filter((p) => !branches.has(p)).map((p) => [p, undefined] as const)])}`;
    return `  ${JSON.stringify(target)}: { root: root${t}, subschemas: ${t === 0 ? 'subschemas0' : `{${own}\n    }`} },`;
  });
  return [
    '// Generated by scripts/compile-cloud-config-validators.ts from the cloud-config schema. DO NOT EDIT.',
    '/* eslint-disable */',
    '/*! The uri and date format functions (uri, date and their constants) are copied from ajv-formats (https://github.com/ajv-validator/ajv-formats), MIT License, Copyright (c) 2020 Evgeny Poberezkin. */',
    formatsSource(),
    code.replace(/^"use strict";/, ''),
    `export const branchPointers = ${JSON.stringify(split.branchPointers)};`,
    `const subschemas0 = {${rows(first)}\n};`,
    `export const targetValidators = {\n${tables.join('\n')}\n};`,
    '',
  ].join('\n');
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
/** The validators of every target, keyed by target name. */
export declare const targetValidators: Readonly<Record<string, TargetValidators>>;
`;

export const VALIDATORS_PATH = fileURLToPath(new URL('../src/cloud-config/check/generated/cloud-config-validators.js', import.meta.url));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(VALIDATORS_PATH, generateValidatorsSource());
  writeFileSync(VALIDATORS_PATH.replace(/\.js$/, '.d.ts'), VALIDATORS_DECLARATION);
  console.log(`wrote ${VALIDATORS_PATH}`);
}
