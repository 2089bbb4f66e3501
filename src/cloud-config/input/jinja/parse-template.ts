import type { Expr, Node, Target } from './jinja-ast';
import { fail } from './jinja-error';
import type { TemplatePiece } from './lex-template';
import { ExpressionParser } from './parse-expression';

// The statements cloud-init's Jinja environment accepts: if/elif/else, for (with `if` filter and
// else), set (and `{% set x %}...{% endset %}`), with, and `do` (cloud-init enables jinja2.ext.do).
// Tags Jinja2 has but this renderer does not (macro, call, include, ...) are reported as not
// rendered; anything else is Jinja2's "unknown tag" syntax error. Blocks nest at most 64 deep.

type Frame =
  | { kind: 'if'; at: number; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] | null }
  | { kind: 'for'; at: number; target: Target; iter: Expr; filter?: Expr; body: Node[]; otherwise: Node[] | null }
  | { kind: 'set'; at: number; name: string; body: Node[] }
  | { kind: 'with'; at: number; assignments: [string, Expr][]; body: Node[] };

const END: Readonly<Record<Frame['kind'], string>> = { if: 'endif', for: 'endfor', set: 'endset', with: 'endwith' };
const EXPECTED: Readonly<Record<Frame['kind'], string>> = { if: "'elif' or 'else' or 'endif'", for: "'else' or 'endfor'", set: "'endset'", with: "'endwith'" };
const NOT_RENDERED = new Set(['macro', 'call', 'filter', 'block', 'extends', 'include', 'import', 'from', 'autoescape', 'trans']);
const MAX_BLOCK_NESTING = 64;

function body(frame: Frame): Node[] {
  if (frame.kind === 'if') return frame.otherwise ?? frame.branches[frame.branches.length - 1]!.body;
  if (frame.kind === 'for') return frame.otherwise ?? frame.body;
  return frame.body;
}

function parseTarget(p: ExpressionParser): Target {
  const parens = p.skipOp('(');
  const first = p.expectName().value;
  if (!parens && p.skipOp('.')) return { type: 'ns', name: first, attr: p.expectName().value };
  const names = [first];
  while (p.skipOp(',')) {
    if (p.current.kind !== 'name' || p.peekName('in')) break;
    names.push(p.expectName().value);
  }
  if (parens) p.expectOp(')');
  return names.length === 1 && !parens ? { type: 'name', name: first } : { type: 'names', names };
}

function close(stack: Frame[], name: string, at: number): Frame {
  const frame = stack.pop();
  if (!frame || END[frame.kind] !== name) {
    const inner = frame ? ` Jinja was looking for the following tags: ${EXPECTED[frame.kind]}. The innermost block that needs to be closed is '${frame.kind}'.` : '';
    return fail('syntax', `Encountered unknown tag '${name}'.${inner}`, at);
  }
  return frame;
}

function finished(frame: Frame): Node {
  switch (frame.kind) {
    case 'if':
      return { type: 'if', branches: frame.branches, otherwise: frame.otherwise ?? [], at: frame.at };
    case 'for':
      return { type: 'for', target: frame.target, iter: frame.iter, ...(frame.filter ? { filter: frame.filter } : {}), body: frame.body, otherwise: frame.otherwise ?? [], at: frame.at };
    case 'set':
      return { type: 'setblock', name: frame.name, body: frame.body, at: frame.at };
    case 'with':
      return { type: 'with', assignments: frame.assignments, body: frame.body, at: frame.at };
  }
}

/** The template's statements. Throws a `JinjaFailure` at the first syntax error. */
export function parseTemplate(pieces: readonly TemplatePiece[]): Node[] {
  const root: Node[] = [];
  const stack: Frame[] = [];
  const out = () => (stack.length === 0 ? root : body(stack[stack.length - 1]!));
  const soft = () => stack[stack.length - 1]?.kind === 'if';
  const open = (frame: Frame) => {
    if (stack.length >= MAX_BLOCK_NESTING) fail('limit', `blocks nested more than ${MAX_BLOCK_NESTING} levels deep`, frame.at);
    stack.push(frame);
  };
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      out().push({ type: 'text', value: piece.value, offset: piece.offset });
      continue;
    }
    const p = new ExpressionParser(piece.source, piece.offset);
    const at = piece.at;
    if (piece.kind === 'output') {
      const expr = p.parseTuple();
      p.expectEnd(soft());
      out().push({ type: 'output', expr, at });
      continue;
    }
    if (p.atEnd()) fail('syntax', 'Tag name expected', at);
    const name = p.expectName().value;
    const top = stack[stack.length - 1];
    switch (name) {
      case 'if':
        open({ kind: 'if', at, branches: [{ test: p.parseExpression(false), body: [] }], otherwise: null });
        break;
      case 'elif':
        if (top?.kind !== 'if' || top.otherwise) fail('syntax', "Encountered unknown tag 'elif'.", at);
        top.branches.push({ test: p.parseExpression(false), body: [] });
        break;
      case 'else':
        if ((top?.kind !== 'if' && top?.kind !== 'for') || top.otherwise) fail('syntax', "Encountered unknown tag 'else'.", at);
        top.otherwise = [];
        break;
      case 'for': {
        const target = parseTarget(p);
        if (!p.skipName('in')) p.unexpected("expected 'in'");
        const iter = p.parseExpression(false);
        const filter = p.skipName('if') ? p.parseExpression(false) : undefined;
        if (p.peekName('recursive')) fail('unsupported', 'recursive loops are not rendered by this validator', at);
        open({ kind: 'for', at, target, iter, ...(filter ? { filter } : {}), body: [], otherwise: null });
        break;
      }
      case 'set': {
        const target = parseTarget(p);
        if (p.skipOp('=')) {
          const value = p.parseTuple();
          p.expectEnd(soft());
          out().push({ type: 'set', target, value, at });
        } else if (target.type === 'name') open({ kind: 'set', at, name: target.name, body: [] });
        else p.unexpected('expected "="');
        continue;
      }
      case 'with': {
        const assignments: [string, Expr][] = [];
        while (!p.atEnd()) {
          if (assignments.length > 0) p.expectOp(',');
          const key = p.expectName().value;
          p.expectOp('=');
          assignments.push([key, p.parseExpression()]);
        }
        open({ kind: 'with', at, assignments, body: [] });
        break;
      }
      case 'do':
        out().push({ type: 'do', expr: p.parseTuple(), at });
        break;
      case 'endif':
      case 'endfor':
      case 'endset':
      case 'endwith': {
        const frame = close(stack, name, at);
        out().push(finished(frame));
        break;
      }
      default:
        if (NOT_RENDERED.has(name)) fail('unsupported', `the "{% ${name} %}" tag is not rendered by this validator`, at);
        fail('syntax', `Encountered unknown tag '${name}'.`, at);
    }
    p.expectEnd(name === 'if' || name === 'elif' || soft());
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed) fail('syntax', `Unexpected end of template. Jinja was looking for the following tags: '${END[unclosed.kind]}'. The innermost block that needs to be closed is '${unclosed.kind}'.`, unclosed.at);
  return root;
}
