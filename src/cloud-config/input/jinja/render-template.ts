import type { Expr, Node, Target } from './jinja-ast';
import { fail } from './jinja-error';
import { runFilter, runTest, type FilterContext } from './jinja-filters';
import { getAttr, getItem, slice } from './jinja-lookup';
import { arithmetic, comparison } from './jinja-operators';
import { callable, isCallable, isMapping, iterate, MISSING_PREFIX, NAMESPACE, str, truthy, tuple, typeName, Undefined, undefinedError, type Mapping } from './jinja-values';
import { lexTemplate } from './lex-template';
import { parseTemplate } from './parse-template';

// Renders a parsed template. Every piece of output remembers where in the template it came from
// (text character by character, a `{{ }}` at its opening), so positions in the rendered YAML map
// back to the user's lines. Work is counted: each statement, loop iteration and item a filter
// walks costs a step, and so does every 256 characters or items of a value a filter, call or
// operator makes (a loop building megabyte strings stops long before it could copy gigabytes);
// the output has a size cap; passing either stops the rendering.

export interface RenderLimits {
  /** Longest output, in characters. */
  readonly maxOutput: number;
  /** Most evaluation steps (statements, loop iterations, items walked by filters). */
  readonly maxSteps: number;
}

/** The rendered text, with the way back to the template. */
export interface RenderedTemplate {
  readonly text: string;
  /** The template offset an output offset came from. */
  sourceOffset(outputOffset: number): number;
  /** Whether the output at this offset is a stand-in for instance data not given. */
  unknownAt(outputOffset: number): boolean;
  /** Rendering leniently: the undefined names the template used, in order of first use. */
  readonly unknownNames: readonly string[];
}

interface Chunk {
  readonly start: number;
  readonly text: string;
  readonly source: number;
  readonly literal: boolean;
  readonly unknown: boolean;
}

class Scope {
  private readonly vars = new Map<string, unknown>();
  constructor(readonly parent?: Scope) {}
  find(name: string): { value: unknown } | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) if (s.vars.has(name)) return { value: s.vars.get(name) };
    return undefined;
  }
  set(name: string, value: unknown): void {
    this.vars.set(name, value);
  }
}

function globals(charge: (units: number) => void): Readonly<Record<string, unknown>> {
  return {
    range: callable((args, _kwargs, at) => {
      const [a, b, c] = args.map((x) => (typeof x === 'number' && Number.isInteger(x) ? x : fail('render', `'${typeName(x)}' object cannot be interpreted as an integer`, at)));
      const [start, stop, step] = args.length === 1 ? [0, a!, 1] : [a!, b!, c ?? 1];
      if (step === 0) fail('render', 'range() arg 3 must not be zero', at);
      const count = Math.max(0, Math.ceil((stop - start) / step));
      // Charged before it is built, as any value is charged once built: `range(10**9)` stops here.
      charge(Math.ceil(count / 256));
      return Array.from({ length: count }, (_, i) => start + i * step);
    }),
    dict: callable((_args, kwargs) => ({ ...kwargs })),
    namespace: callable((args, kwargs) => Object.assign(Object.create(null) as Mapping, isMapping(args[0]) ? args[0] : {}, kwargs, { [NAMESPACE]: true })),
  };
}

class Renderer implements FilterContext {
  private readonly chunks: Chunk[] = [];
  private length = 0;
  private readonly unknownNames = new Set<string>();
  private steps = 0;
  at = 0;
  private readonly globals = globals((units) => this.charge(units));

  constructor(
    private readonly vars: Mapping,
    private readonly lenient: boolean,
    private readonly limits: RenderLimits,
  ) {}

  /** Charges for a value made by a filter, call or operator, by its size. */
  private weigh<T>(value: T): T {
    const size = typeof value === 'string' || Array.isArray(value) ? value.length : isMapping(value) ? Object.keys(value).length : 0;
    if (size > 256) this.charge(Math.ceil(size / 256));
    return value;
  }

  charge(units: number): void {
    this.steps += units;
    if (this.steps > this.limits.maxSteps) fail('limit', `rendering stopped after ${this.limits.maxSteps} steps (loop iterations and items processed); the template does too much work`, this.at);
  }

  private write(text: string, source: number, literal: boolean, unknown: boolean): void {
    if (text === '') return;
    this.length += text.length;
    if (this.length > this.limits.maxOutput) fail('limit', `rendering stopped: the rendered text passed the ${this.limits.maxOutput}-character limit`, source);
    this.chunks.push({ start: this.length - text.length, text, source, literal, unknown });
  }

  result(): RenderedTemplate {
    const chunks = this.chunks;
    const find = (offset: number): Chunk | undefined => {
      let lo = 0;
      let hi = chunks.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (chunks[mid]!.start <= offset) lo = mid;
        else hi = mid - 1;
      }
      return chunks[lo];
    };
    return {
      text: chunks.map((c) => c.text).join(''),
      sourceOffset: (offset) => {
        const c = find(offset);
        return c ? c.source + (c.literal ? Math.min(offset - c.start, c.text.length) : 0) : 0;
      },
      unknownAt: (offset) => find(offset)?.unknown ?? false,
      unknownNames: [...this.unknownNames],
    };
  }

  run(nodes: readonly Node[], scope: Scope): void {
    for (const node of nodes) this.statement(node, scope);
  }

  private statement(node: Node, scope: Scope): void {
    this.at = node.type === 'text' ? node.offset : node.at;
    this.charge(1);
    switch (node.type) {
      case 'text':
        return this.write(node.value, node.offset, true, false);
      case 'output': {
        const value = this.expr(node.expr, scope);
        const text = str(value);
        return this.write(text, node.at, false, this.lenient && text.includes(MISSING_PREFIX));
      }
      case 'if': {
        const branch = node.branches.find((b) => truthy(this.expr(b.test, scope)));
        return this.run(branch ? branch.body : node.otherwise, scope);
      }
      case 'for':
        return this.loop(node, scope);
      case 'set':
        return this.assign(node.target, this.expr(node.value, scope), scope, node.at);
      case 'setblock': {
        const mark = this.chunks.length;
        this.run(node.body, new Scope(scope));
        const captured = this.chunks.splice(mark).map((c) => c.text).join('');
        this.length -= captured.length;
        return scope.set(node.name, captured);
      }
      case 'with': {
        const inner = new Scope(scope);
        for (const [name, value] of node.assignments) inner.set(name, this.expr(value, scope));
        return this.run(node.body, inner);
      }
      case 'do':
        this.expr(node.expr, scope);
    }
  }

  private loop(node: Extract<Node, { type: 'for' }>, scope: Scope): void {
    let items = iterate(this.expr(node.iter, scope), node.at);
    if (node.filter) {
      const test = node.filter;
      items = items.filter((item) => {
        this.charge(1);
        const inner = new Scope(scope);
        this.assign(node.target, item, inner, node.at);
        return truthy(this.expr(test, inner));
      });
    }
    if (items.length === 0) return this.run(node.otherwise, scope);
    const n = items.length;
    items.forEach((item, i) => {
      this.at = node.at;
      this.charge(1);
      const inner = new Scope(scope);
      this.assign(node.target, item, inner, node.at);
      const loop = {
        index: i + 1,
        index0: i,
        revindex: n - i,
        revindex0: n - i - 1,
        first: i === 0,
        last: i === n - 1,
        length: n,
        depth: 1,
        depth0: 0,
        previtem: i > 0 ? items[i - 1] : new Undefined('previtem', 'there is no previous item'),
        nextitem: i < n - 1 ? items[i + 1] : new Undefined('nextitem', 'there is no next item'),
        cycle: callable((args) => (args.length > 0 ? args[i % args.length] : null)),
      };
      inner.set('loop', loop);
      this.run(node.body, inner);
    });
  }

  private assign(target: Target, value: unknown, scope: Scope, at: number): void {
    if (target.type === 'name') return scope.set(target.name, value);
    if (target.type === 'ns') {
      const ns = scope.find(target.name)?.value;
      if (!isMapping(ns) || !(NAMESPACE in ns)) fail('render', 'cannot assign attribute on non-namespace object', at);
      ns[target.attr] = value;
      return;
    }
    const items = iterate(value, at);
    if (items.length !== target.names.length) fail('render', `cannot unpack ${items.length} values into ${target.names.length} names`, at);
    target.names.forEach((name, i) => scope.set(name, items[i]));
  }

  private args(exprs: readonly Expr[], kwargs: readonly (readonly [string, Expr])[], scope: Scope): [unknown[], Record<string, unknown>] {
    return [exprs.map((e) => this.expr(e, scope)), Object.fromEntries(kwargs.map(([k, e]) => [k, this.expr(e, scope)]))];
  }

  expr(e: Expr, scope: Scope): unknown {
    switch (e.type) {
      case 'literal':
        return e.value;
      case 'name': {
        const found = scope.find(e.name);
        if (found) return found.value;
        if (Object.hasOwn(this.vars, e.name)) return this.vars[e.name];
        if (Object.hasOwn(this.globals, e.name)) return this.globals[e.name];
        if (this.lenient) this.unknownNames.add(e.name);
        return new Undefined(e.name, `'${e.name}' is undefined`, this.lenient);
      }
      case 'attr':
        return getAttr(this.expr(e.object, scope), e.name, e.at);
      case 'item':
        return getItem(this.expr(e.object, scope), this.expr(e.index, scope), e.at);
      case 'slice': {
        const part = (x: Expr | undefined) => (x ? this.expr(x, scope) : undefined);
        return slice(this.expr(e.object, scope), part(e.start), part(e.stop), part(e.step), e.at);
      }
      case 'call': {
        const callee = this.expr(e.callee, scope);
        if (callee instanceof Undefined) return undefinedError(callee, e.at);
        if (!isCallable(callee)) return fail('render', `'${typeName(callee)}' object is not callable`, e.at);
        const [args, kwargs] = this.args(e.args, e.kwargs, scope);
        return this.weigh(callee(args, kwargs, e.at));
      }
      case 'filter': {
        const value = this.expr(e.value, scope);
        const [args, kwargs] = this.args(e.args, e.kwargs, scope);
        this.at = e.at;
        this.weigh(value);
        return this.weigh(runFilter(e.name, value, args, kwargs, this));
      }
      case 'test': {
        const [args] = this.args(e.args, [], scope);
        return runTest(e.name, this.weigh(this.expr(e.value, scope)), args, e.at) !== e.negated;
      }
      case 'unary': {
        const value = this.expr(e.value, scope);
        if (e.op === 'not') return !truthy(value);
        return arithmetic(e.op, 0, value, e.at, this.limits.maxOutput);
      }
      case 'binary': {
        const left = this.expr(e.left, scope);
        if (e.op === 'and') return truthy(left) ? this.expr(e.right, scope) : left;
        if (e.op === 'or') return truthy(left) ? left : this.expr(e.right, scope);
        return this.weigh(arithmetic(e.op, left, this.expr(e.right, scope), e.at, this.limits.maxOutput));
      }
      case 'compare': {
        let left = this.expr(e.first, scope);
        for (const [op, expr] of e.rest) {
          const right = this.weigh(this.expr(expr, scope));
          if (!comparison(op, this.weigh(left), right, e.at)) return false;
          left = right;
        }
        return true;
      }
      case 'cond':
        if (truthy(this.expr(e.test, scope))) return this.expr(e.then, scope);
        return e.otherwise ? this.expr(e.otherwise, scope) : new Undefined('None', 'the inline if-expression evaluated to false and no else section was defined.', false, true);
      case 'list':
        return e.items.map((item) => this.expr(item, scope));
      case 'tuple':
        return tuple(e.items.map((item) => this.expr(item, scope)));
      case 'dict':
        return Object.fromEntries(e.entries.map(([k, v]) => [str(this.expr(k, scope)), this.expr(v, scope)]));
    }
  }

}

/**
 * Renders `template` with `vars`. `lenient`: no instance data was given, so an undefined name
 * stands for a value not known here (printed as cloud-init prints undefined names, and marked).
 * Throws a `JinjaFailure`; render-jinja.ts turns it into an issue.
 */
export function renderTemplate(template: string, vars: Mapping, lenient: boolean, limits: RenderLimits): RenderedTemplate {
  const nodes = parseTemplate(lexTemplate(template));
  const renderer = new Renderer(vars, lenient, limits);
  renderer.run(nodes, new Scope());
  return renderer.result();
}
