import { fail } from './jinja-error';

// Splits a template into text, `{{ }}` and `{% %}` pieces the way Jinja2's lexer does with
// cloud-init's settings: comments dropped, `-` whitespace control, trim_blocks (the newline right
// after a block tag or a comment is removed), `{% raw %}`. Text keeps its offset in the template
// so every output character can be traced back to the user's file. One pass, linear.

/** A piece of the template: text is always a contiguous slice of the template at `offset`. */
export type TemplatePiece =
  | { readonly kind: 'text'; readonly value: string; readonly offset: number }
  | { readonly kind: 'output' | 'tag'; readonly source: string; readonly offset: number; readonly at: number };

/**
 * Where an expression inside a tag ends: the closing delimiter outside any string literal and
 * outside brackets (Jinja2's lexer balances them, so `{{ {'a': {'b': 1}} }}` is one expression).
 */
function findClose(text: string, from: number, close: string, opening: string, at: number): number {
  let quote = '';
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (depth === 0 && c === close[0] && text.startsWith(close, i)) return i;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
  }
  return fail('syntax', quote ? 'unexpected end of template: a string is not closed' : `unexpected end of template: "${opening}" is not closed with "${close}"`, at);
}

const RAW = /^\s*raw\s*$/;
const END_RAW = /\{%([-+]?)\s*endraw\s*(-?)%\}/g;

/**
 * The template's pieces, in order. Throws a `JinjaFailure` for an unclosed tag or comment.
 */
export function lexTemplate(text: string): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let pos = 0;
  // Set by a tag ending in `-`: the next text loses its leading whitespace.
  let stripNext = false;
  const pushText = (start: number, end: number, stripEnd: boolean) => {
    if (stripNext) while (start < end && /\s/.test(text[start]!)) start++;
    if (stripEnd) while (end > start && /\s/.test(text[end - 1]!)) end--;
    stripNext = false;
    if (end > start) pieces.push({ kind: 'text', value: text.slice(start, end), offset: start });
  };
  const afterBlock = (end: number, strip: boolean): number => {
    if (strip) stripNext = true;
    // trim_blocks: one newline right after the tag goes.
    else if (text[end] === '\n') return end + 1;
    return end;
  };
  for (;;) {
    let open = text.indexOf('{', pos);
    while (open !== -1 && !'{%#'.includes(text[open + 1] ?? 'x')) open = text.indexOf('{', open + 1);
    if (open === -1) {
      pushText(pos, text.length, false);
      return pieces;
    }
    const type = text[open + 1]!;
    const marker = text[open + 2];
    pushText(pos, open, marker === '-');
    const bodyStart = open + 2 + (marker === '-' || marker === '+' ? 1 : 0);
    if (type === '#') {
      const close = text.indexOf('#}', bodyStart);
      if (close === -1) fail('syntax', 'unexpected end of template: the comment "{#" is not closed with "#}"', open);
      const strip = text[close - 1] === '-' && close - 1 >= bodyStart;
      pos = afterBlock(close + 2, strip);
      continue;
    }
    const closing = type === '{' ? '}}' : '%}';
    const close = findClose(text, bodyStart, closing, `{${type}`, open);
    const strip = text[close - 1] === '-' && close - 1 >= bodyStart;
    const source = text.slice(bodyStart, strip ? close - 1 : close);
    if (type === '{') {
      pieces.push({ kind: 'output', source, offset: bodyStart, at: open });
      pos = close + 2;
      if (strip) stripNext = true;
      continue;
    }
    if (RAW.test(source)) {
      // `{% raw %}` itself is not followed by trim_blocks in Jinja2; `{% endraw %}` is.
      let rawStart = close + 2;
      if (strip) while (rawStart < text.length && /\s/.test(text[rawStart]!)) rawStart++;
      END_RAW.lastIndex = rawStart;
      const end = END_RAW.exec(text);
      if (!end) return fail('syntax', 'unexpected end of template: "{% raw %}" is not closed with "{% endraw %}"', open);
      stripNext = false;
      pushText(rawStart, end.index, end[1] === '-');
      pos = afterBlock(end.index + end[0].length, end[2] === '-');
      continue;
    }
    pieces.push({ kind: 'tag', source, offset: bodyStart, at: open });
    pos = afterBlock(close + 2, strip);
  }
}
