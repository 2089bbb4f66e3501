/**
 * Splits the generated validator code (see compile-cloud-config-validators.ts) in two modules: the
 * default targets' (the spec and the newest release) and the older releases'. V8 scans a whole
 * module when it is loaded, so every process paid for all the releases' code (1.7 MB) whatever its
 * target: the CLI's cold start went over its budget. The older releases' module imports the code it
 * shares from the default one and is loaded on demand (`loadCloudInitReleases()`).
 */

/** One top-level statement of the generated code: the name it defines and its text. */
interface Statement {
  readonly name: string;
  readonly text: string;
}

/** The index of the `;` ending the statement that starts at `start` (strings skipped, brackets balanced). */
function statementEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'") {
      for (i++; code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (c === ';' && depth === 0) return i;
  }
  throw new Error('unterminated generated statement');
}

/** The index just past the `}` closing the block whose `{` is at `open` (the code's strings skipped). */
export function blockEnd(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") {
      for (i++; code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('unbalanced generated code');
}

/** The index just past the body of the function declared at `start`. */
function functionEnd(code: string, start: number): number {
  // Every generated function's parameters end with `={})` and its body starts right after.
  return blockEnd(code, code.indexOf('={}){', start) + 4);
}

/** The top-level statements of the generated code (`export` dropped: the split decides the exports). */
function statements(code: string): Statement[] {
  const out: Statement[] = [];
  const head = /(?:export )?(?:const ([\w$]+) = |function ([\w$]+)\()/y;
  for (let at = 0; at < code.length; ) {
    if (code[at] === '\n' || code[at] === ';') {
      at++;
      continue;
    }
    head.lastIndex = at;
    const m = head.exec(code);
    if (!m) throw new Error(`unexpected generated statement: ${code.slice(at, at + 80)}`);
    const end = m[1] !== undefined ? statementEnd(code, at) + 1 : functionEnd(code, at);
    out.push({ name: m[1] ?? m[2]!, text: code.slice(at, end).replace(/^export /, '') });
    at = end;
  }
  return out;
}

/** The two modules' statements and the names the second imports from the first. */
export interface SplitCode {
  readonly base: string;
  readonly releases: string;
  /** The names the releases' module uses from the default one, which the default one exports. */
  readonly shared: readonly string[];
}

/**
 * Splits the generated statements: those the `roots` need (transitively) go to the default module,
 * the rest to the releases' module, whose own code (`releasesTail`) may use either. Names are found
 * outside string literals only.
 */
export function splitCode(code: string, roots: readonly string[], releasesTail: string): SplitCode {
  const all = statements(code);
  const byName = new Map(all.map((s) => [s.name, s]));
  const uses = new Map(all.map((s) => [s.name, namesIn(s.text, byName)]));
  const base = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (base.has(name)) continue;
    if (!byName.has(name)) throw new Error(`no generated statement defines ${name}`);
    base.add(name);
    stack.push(...uses.get(name)!);
  }
  const shared = new Set<string>();
  for (const s of all) if (!base.has(s.name)) for (const used of uses.get(s.name)!) if (base.has(used)) shared.add(used);
  for (const used of namesIn(releasesTail, byName)) if (base.has(used)) shared.add(used);
  return {
    base: all.filter((s) => base.has(s.name)).map((s) => s.text).join(''),
    releases: all.filter((s) => !base.has(s.name)).map((s) => s.text).join(''),
    shared: [...shared].sort(),
  };
}

/** The names of `known` statements a text uses, outside string literals and not after a `.`. */
export function namesIn(text: string, known: ReadonlyMap<string, unknown>): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      for (i++; text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (/[A-Za-z_$]/.test(c)) {
      let end = i + 1;
      while (end < text.length && /[\w$]/.test(text[end]!)) end++;
      const name = text.slice(i, end);
      if (text[i - 1] !== '.' && known.has(name)) found.add(name);
      i = end - 1;
    }
  }
  return found;
}

/**
 * The two modules' texts from the generated code (`linear`: the schema table, then the statements) and
 * each module's own tail: the default targets' tables, the older releases' tables and the branch pointers.
 */
export function validatorModules(linear: string, baseTables: string, releasesTail: string, branchPointers: string): { validators: string; releases: string } {
  const tableAt = linear.indexOf(SCHEMA_ACCESSOR) + SCHEMA_ACCESSOR.length;
  const parts = splitCode(linear.slice(tableAt).replace(/^\n/, ''), [...baseTables.matchAll(/\b(?:root|s)\d+\b/g)].map((m) => m[0]), releasesTail);
  const schemas = splitSchemaTable(linear.slice(0, tableAt), parts);
  const helpers = namesIn(schemas.releases, new Map(['appendErrors', 'pushError', 'pushKeywordError', 'schemaAt', 'cloudConfigFormats', 'jsonEqual'].map((n) => [n, n])));
  const fromBase = [...[...helpers].filter((n) => n !== 'cloudConfigFormats' && n !== 'jsonEqual'), 'subschemas0', ...parts.shared];
  const base = [
    GENERATED,
    "import { cloudConfigFormats } from '../formats';",
    "import { jsonEqual } from '../json-equal';",
    HELPERS,
    schemas.table,
    parts.base,
    branchPointers,
    baseTables,
    `export { ${fromBase.filter((n) => n !== 'subschemas0').join(', ')} };`,
    '',
  ].join('\n');
  const releases = [
    GENERATED,
    ...(helpers.has('cloudConfigFormats') ? ["import { cloudConfigFormats } from '../formats';"] : []),
    ...(helpers.has('jsonEqual') ? ["import { jsonEqual } from '../json-equal';"] : []),
    `import { ${fromBase.join(', ')} } from './cloud-config-validators';`,
    schemas.releases,
    releasesTail,
    '',
  ].join('\n');
  return { validators: base, releases };
}

const SCHEMA_ACCESSOR = 'function schemaAt(i) { return (schemas[i] ??= JSON.parse(schemaTexts[i])); }';
const GENERATED = '// Generated by scripts/compile-cloud-config-validators.ts from the cloud-config schema. DO NOT EDIT.\n/* eslint-disable */';
const HELPERS = `function appendErrors(to, from) { if (to === null) return from; for (let i = 0; i < from.length; i++) to.push(from[i]); return to; }
function pushError(errors, instancePath, schemaPath, keyword, params, schema, parentSchema, data) {
  const error = { instancePath, schemaPath, keyword, params, schema, parentSchema, data };
  if (errors === null) return [error];
  errors.push(error);
  return errors;
}
function pushKeywordError(errors, instancePath, schemaPath, keyword, params, parentSchema, data) {
  return pushError(errors, instancePath, schemaPath, keyword, params, parentSchema[keyword], parentSchema, data);
}`;


/** The texts of an array literal's items (`[a,\nb]`), strings skipped. */
function arrayItems(text: string): string[] {
  const items: string[] = [];
  let start = 1;
  for (let i = 1, depth = 0; i < text.length - 1; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      for (i++; text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{' || c === '(') depth++;
    else if (c === ']' || c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(text.slice(start, -1).trim());
  return items;
}

/**
 * The schema texts (lazySchemas in compile-cloud-config-validators.ts) only the older releases' code reads move to
 * their module, under the same indices, read by `releaseSchemaAt`: two thirds of the table's bytes.
 */
function splitSchemaTable(table: string, parts: SplitCode): { table: string; releases: string } {
  const open = table.indexOf('[');
  const close = table.indexOf('];const schemas = [];');
  const items = arrayItems(table.slice(open, close + 1));
  const used = (code: string) => new Set([...code.matchAll(/\bschemaAt\((\d+)\)/g)].map((m) => Number(m[1])));
  const inBase = used(parts.base);
  const moved = [...used(parts.releases)].filter((i) => !inBase.has(i)).sort((a, b) => a - b);
  const isMoved = new Set(moved);
  const baseTable = `${table.slice(0, open)}[${items.map((item, i) => (isMoved.has(i) ? 'null' : item)).join(',\n')}${table.slice(close)}`;
  const releaseTable = `const releaseSchemaTexts = {__proto__: null, ${moved.map((i) => `${i}: ${items[i]}`).join(',\n')}};const releaseSchemas = [];function releaseSchemaAt(i) { return (releaseSchemas[i] ??= JSON.parse(releaseSchemaTexts[i])); }`;
  const code = parts.releases.replace(/\bschemaAt\((\d+)\)/g, (call, i: string) => (isMoved.has(Number(i)) ? `releaseSchemaAt(${i})` : call));
  return { table: baseTable, releases: `${releaseTable}\n${code}` };
}
