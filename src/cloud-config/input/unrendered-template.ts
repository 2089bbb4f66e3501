// Unrendered templates are the commonest cause of user data that is not YAML: a Terraform or
// Packer `${var}` / `%{ for }`, a `{{ VAR }}` (Go, mustache, jinja without cloud-init's header) or
// a 1Password `{{ op://vault/item/field }}` left in the file. YAML reports the damage they do
// ("Implicit keys need to be on a single line"), not their cause. This module finds the
// placeholders and a copy of the text with each one neutralised, so the validator can tell
// whether they are what YAML tripped over (see validate-cloud-config.ts).

/** Which template language a placeholder belongs to, as the message names it. */
export type TemplateKind = 'interpolation' | 'directive' | 'expression' | 'statement' | 'secret-reference';

/** One placeholder found in the text: where it starts and what it is. */
export interface TemplatePlaceholder {
  readonly kind: TemplateKind;
  /** Offset of its first character in the text. */
  readonly start: number;
  /** Offset just past its last character. */
  readonly end: number;
}

// Opener, closer and kind, tried in this order at each position (`{{ op://` is told apart
// after matching). `${` and `%{` close at the first `}`; `{{` and `{%` at their own closer.
const FORMS: readonly (readonly [open: string, close: string, kind: TemplateKind])[] = [
  ['${', '}', 'interpolation'],
  ['%{', '}', 'directive'],
  ['{{', '}}', 'expression'],
  ['{%', '%}', 'statement'],
];

/**
 * The placeholders of `text`, in order, each closed on its own line (a template expression never
 * spans lines in the files seen). Comment lines are skipped: a placeholder in a comment breaks
 * nothing. Linear in the text: the next closer of each form is searched for again only once the
 * scan has passed the one found before.
 */
export function findPlaceholders(text: string): TemplatePlaceholder[] {
  const found: TemplatePlaceholder[] = [];
  // Per form: the offset of its next closer (-1: none in the rest of the text, -2: not searched yet).
  const nextClose = FORMS.map(() => -2);
  const openers = nextOpeners(text);
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let first = lineStart;
    while (first < lineEnd && (text[first] === ' ' || text[first] === '\t')) first++;
    if (text[first] !== '#') scanLine(text, first, lineEnd, nextClose, openers, found);
    lineStart = lineEnd + 1;
  }
  return found;
}

// The next character that can open a placeholder (`$`, `%`, `{`) at or after an offset, found with indexOf (native
// code) rather than by looking at every character; each of the three is searched for again only once passed, so a
// whole text costs one pass per character kind, whatever its lines.
function nextOpeners(text: string): (from: number) => number {
  const next = [-2, -2, -2];
  const kinds = ['$', '%', '{'];
  return (from) => {
    let best = -1;
    for (let k = 0; k < 3; k++) {
      if (next[k] !== -1 && next[k]! < from) next[k] = text.indexOf(kinds[k]!, from);
      const at = next[k]!;
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    return best;
  };
}

function scanLine(text: string, from: number, lineEnd: number, nextClose: number[], openers: (from: number) => number, found: TemplatePlaceholder[]): void {
  for (let i = openers(from); i !== -1 && i < lineEnd - 1; i = openers(i + 1)) {
    for (let f = 0; f < FORMS.length; f++) {
      const [open, close, kind] = FORMS[f]!;
      if (nextClose[f] === -1 || !text.startsWith(open, i)) continue;
      if (nextClose[f]! < i + open.length) nextClose[f] = text.indexOf(close, i + open.length);
      const closeAt = nextClose[f]!;
      if (closeAt === -1 || closeAt + close.length > lineEnd) continue;
      const end = closeAt + close.length;
      const secret = kind === 'expression' && /^\{\{\s*op:\/\//.test(text.slice(i, Math.min(end, i + 16)));
      found.push({ kind: secret ? 'secret-reference' : kind, start: i, end });
      i = end - 1;
      break;
    }
  }
}

/**
 * The text with each placeholder replaced by characters YAML reads as plain text, keeping every
 * offset: on a line of nothing but placeholders (a block a template would insert, a directive) by
 * spaces, elsewhere by `x`s (a value the template would fill in). Linear: each line is measured once.
 */
export function neutralised(text: string, placeholders: readonly TemplatePlaceholder[]): string {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < placeholders.length; ) {
    const lineStart = text.lastIndexOf('\n', placeholders[i]!.start - 1) + 1;
    let lineEnd = text.indexOf('\n', placeholders[i]!.start);
    if (lineEnd === -1) lineEnd = text.length;
    let j = i;
    let covered = 0;
    for (; j < placeholders.length && placeholders[j]!.start < lineEnd; j++) covered += nonBlank(text, placeholders[j]!.start, placeholders[j]!.end);
    const filler = covered === nonBlank(text, lineStart, lineEnd) ? ' ' : 'x';
    for (; i < j; i++) {
      const p = placeholders[i]!;
      parts.push(text.slice(at, p.start), filler.repeat(p.end - p.start));
      at = p.end;
    }
  }
  parts.push(text.slice(at));
  return parts.join('');
}

function nonBlank(text: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 13) n++;
  }
  return n;
}

const NAMES: Record<TemplateKind, string> = {
  interpolation: 'a Terraform/Packer template interpolation',
  directive: 'a Terraform template directive',
  expression: 'a template expression ({{ }} is rendered by cloud-init only under a "## template: jinja" first line)',
  statement: 'a jinja statement ({% %} is rendered by cloud-init only under a "## template: jinja" first line)',
  'secret-reference': 'a 1Password secret reference (op inject renders it)',
};

/** What the placeholder is, in words, quoting it (shortened: it names a variable, never its value). */
export function describePlaceholder(text: string, placeholder: TemplatePlaceholder): string {
  const raw = text.slice(placeholder.start, placeholder.end);
  const shown = raw.length > 40 ? `${raw.slice(0, 39)}…` : raw;
  return `${JSON.stringify(shown)} is ${NAMES[placeholder.kind]}`;
}
