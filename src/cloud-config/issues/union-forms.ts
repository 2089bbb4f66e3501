import { resolveRef, type SchemaNode, type SchemaTarget } from '../check/schema-validator';

// What each branch of a union accepts, in words, so a value that fits none of them gets a message
// listing every allowed form ("expected "auto", integer or a size with a unit such as 512M")
// rather than a wrong one. A branch's `title` names its form; otherwise it is derived from the
// branch's fixed values or types.

const MAX_VALUES = 8;

function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** The forms one schema node accepts: its title, its fixed values, or its types. */
export function formsOf(context: SchemaTarget, node: unknown, depth = 0): string[] {
  if (!isNode(node) || depth > 4) return [];
  if (typeof node.title === 'string') return [node.title];
  if (typeof node.$ref === 'string') {
    const target = resolveRef(context, node.$ref);
    const own = formsOf(context, { ...node, $ref: undefined }, depth + 1);
    return own.length > 0 && node.type !== undefined ? own : target ? formsOf(context, target.node, depth + 1) : own;
  }
  if (Array.isArray(node.enum)) return node.enum.length <= MAX_VALUES ? node.enum.map(quoted) : [`one of ${node.enum.length} fixed values`];
  if ('const' in node) return [quoted(node.const)];
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    // The branches say more than a type next to them (`{type: string, oneOf: [{enum: [os]}, ...]}`).
    const branches = node[keyword];
    if (Array.isArray(branches)) return branches.flatMap((b) => formsOf(context, b, depth + 1));
  }
  const types = Array.isArray(node.type) ? node.type.map(String) : typeof node.type === 'string' ? [node.type] : [];
  if (typeof node.pattern === 'string' && types.length === 1) return [`${types[0]} matching ${node.pattern}`];
  return types;
}

/** Every form a union's branches accept, without repeats. */
export function unionForms(context: SchemaTarget, branches: readonly unknown[]): string[] {
  return [...new Set(branches.flatMap((b) => formsOf(context, b)))];
}
