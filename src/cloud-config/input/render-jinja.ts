// cloud-init renders `## template: jinja` user data with its instance data before reading it. We
// support the part real configs use: `{{ v1.key }}` / `{{ ds.meta_data.key }}` substitutions. Control
// blocks need a real jinja engine, so they are reported rather than guessed at.

/** The outcome of rendering: the text, or why it could not be rendered. */
export type JinjaRendering = { readonly text: string } | { readonly error: string };

const EXPRESSION = /\{\{\s*([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\s*(?:'[^']*'|"[^"]*"|\d+)\s*\])*)\s*\}\}/g;

function lookup(root: unknown, expression: string): unknown {
  const parts = expression.match(/[A-Za-z_][\w-]*|'[^']*'|"[^"]*"|\d+/g) ?? [];
  let value: unknown = root;
  for (const raw of parts) {
    const key = /^['"]/.test(raw) ? raw.slice(1, -1) : raw;
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Renders `{{ dotted.name }}` substitutions from `instanceData`; an unknown name renders as
 * `CI_MISSING_JINJA_VAR/<name>` exactly as cloud-init renders it.
 */
export function renderJinja(text: string, instanceData: Readonly<Record<string, unknown>>): JinjaRendering {
  const block = /\{%|\{#/.exec(text);
  if (block) {
    const line = text.slice(0, block.index).split('\n').length;
    return { error: `line ${line} uses a jinja block ("${block[0]}"), which only cloud-init itself can render` };
  }
  const rendered = text.replace(EXPRESSION, (_match, expression: string) => {
    const value = lookup(instanceData, expression);
    if (value === undefined) return `CI_MISSING_JINJA_VAR/${expression}`;
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
  const leftover = /\{\{/.exec(rendered);
  if (leftover) {
    const line = rendered.slice(0, leftover.index).split('\n').length;
    return { error: `line ${line} has a jinja expression other than a plain variable name` };
  }
  return { text: rendered };
}
