// The parsed template: expressions and statements, each with the offset in the template where an
// error about it is shown.

export type Expr =
  | { readonly type: 'literal'; readonly value: unknown; readonly at: number }
  | { readonly type: 'name'; readonly name: string; readonly at: number }
  | { readonly type: 'attr'; readonly object: Expr; readonly name: string; readonly at: number }
  | { readonly type: 'item'; readonly object: Expr; readonly index: Expr; readonly at: number }
  | { readonly type: 'slice'; readonly object: Expr; readonly start?: Expr; readonly stop?: Expr; readonly step?: Expr; readonly at: number }
  | { readonly type: 'call'; readonly callee: Expr; readonly args: readonly Expr[]; readonly kwargs: readonly (readonly [string, Expr])[]; readonly at: number }
  | { readonly type: 'filter'; readonly value: Expr; readonly name: string; readonly args: readonly Expr[]; readonly kwargs: readonly (readonly [string, Expr])[]; readonly at: number }
  | { readonly type: 'test'; readonly value: Expr; readonly name: string; readonly args: readonly Expr[]; readonly negated: boolean; readonly at: number }
  | { readonly type: 'unary'; readonly op: 'not' | '-' | '+'; readonly value: Expr; readonly at: number }
  | { readonly type: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr; readonly at: number }
  | { readonly type: 'compare'; readonly first: Expr; readonly rest: readonly (readonly [string, Expr])[]; readonly at: number }
  | { readonly type: 'cond'; readonly test: Expr; readonly then: Expr; readonly otherwise?: Expr; readonly at: number }
  | { readonly type: 'list' | 'tuple'; readonly items: readonly Expr[]; readonly at: number }
  | { readonly type: 'dict'; readonly entries: readonly (readonly [Expr, Expr])[]; readonly at: number };

/** What `set` and `for` assign to: a name, a namespace attribute, or a tuple of names. */
export type Target =
  | { readonly type: 'name'; readonly name: string }
  | { readonly type: 'ns'; readonly name: string; readonly attr: string }
  | { readonly type: 'names'; readonly names: readonly string[] };

export type Node =
  | { readonly type: 'text'; readonly value: string; readonly offset: number }
  | { readonly type: 'output'; readonly expr: Expr; readonly at: number }
  | { readonly type: 'if'; readonly branches: readonly { readonly test: Expr; readonly body: readonly Node[] }[]; readonly otherwise: readonly Node[]; readonly at: number }
  | {
      readonly type: 'for';
      readonly target: Target;
      readonly iter: Expr;
      readonly filter?: Expr;
      readonly body: readonly Node[];
      readonly otherwise: readonly Node[];
      readonly at: number;
    }
  | { readonly type: 'set'; readonly target: Target; readonly value: Expr; readonly at: number }
  | { readonly type: 'setblock'; readonly name: string; readonly body: readonly Node[]; readonly at: number }
  | { readonly type: 'with'; readonly assignments: readonly (readonly [string, Expr])[]; readonly body: readonly Node[]; readonly at: number }
  | { readonly type: 'do'; readonly expr: Expr; readonly at: number };
