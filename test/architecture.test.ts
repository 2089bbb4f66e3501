import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layout rules of docs/architecture.md, held against the real import graph of src/ and examples/.
const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts)$/.test(name) && !/\.(test|d)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(join(root, from)), spec).replace(/\.(js|mjs|cjs)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.mts`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return relative(root, candidate);
  }
  return undefined;
}

const files = [...sourceFiles('src'), ...sourceFiles('examples')];
const edges = new Map<string, string[]>();
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  edges.set(file, [...new Set(specs.map((s) => resolveImport(file, s)).filter((t): t is string => t !== undefined))]);
}

/** Every import from a file matching `from` to a file matching `to`, as "a -> b". */
function arrows(from: RegExp, to: RegExp): string[] {
  return [...edges].flatMap(([file, targets]) =>
    from.test(file) ? targets.filter((t) => to.test(t)).map((t) => `${file} -> ${t}`) : [],
  );
}

function cycles(): string[][] {
  // Tarjan's strongly connected components; any component of two or more files is a cycle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('architecture (docs/architecture.md)', () => {
  it('reads a real import graph', () => {
    expect(edges.get('src/shop/http/create-shop-api.ts')).toContain('src/shop/http/endpoints/orders.ts');
  });

  it('keeps the two halves and the examples apart', () => {
    expect(arrows(/^src\//, /^examples\//)).toEqual([]);
    expect(arrows(/^src\/cloud-config\//, /^src\/shop\//)).toEqual([]);
    expect(arrows(/^src\/shop\//, /^src\/cloud-config\//)).toEqual([]);
    // What both halves share (the bins' argument helpers, "did you mean") depends on neither.
    expect(arrows(/^src\/common\//, /^src\/(shop|cloud-config)\//)).toEqual([]);
    expect(edges.get('src/cloud-config/issues/map-ajv-errors.ts')).toContain('src/common/closest-match.ts');
    expect(files.filter((f) => f.startsWith('src/')).filter((f) => /from ['"](express|koa|@koa\/router)['"]/.test(readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });

  it('layers the shop: inner concerns never reach http, auth or a repository implementation', () => {
    const inner = /^src\/shop\/(model|resources|reports|snapshot)\//;
    expect(arrows(inner, /^src\/shop\/(http|auth|repository\/(memory|postgres))\//)).toEqual([]);
    expect(arrows(/^src\/shop\/repository\//, /^src\/shop\/(http|auth)\//)).toEqual([]);
    expect(arrows(/^src\/shop\/repository\/memory\//, /^src\/shop\/repository\/postgres\//)).toEqual([]);
    expect(arrows(/^src\/shop\/repository\/postgres\//, /^src\/shop\/repository\/memory\//)).toEqual([]);
    expect(arrows(/^src\/shop\/auth\//, /^src\/shop\/(repository\/(memory|postgres)|reports|resources)\//)).toEqual([]);
    // The wc-legacy-api bin is the outermost layer: nothing in the library imports it.
    expect(arrows(/^src\/shop\/(?!cli\/)/, /^src\/shop\/cli\//)).toEqual([]);
  });

  it('keeps wc-legacy-api/fetch on Web APIs: nothing it reaches imports a Node builtin, a framework or the shop entry', () => {
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of edges.get(file) ?? []) visit(next);
    };
    visit('src/fetch/index.ts');
    expect(reached).toContain('src/shop/http/api-error.ts');
    const offenders = [...reached].filter((f) =>
      /(?:from|import\()\s*['"](?:node:[^'"]+|fs|path|crypto|module|stream|http|https|buffer|zlib|express|koa)['"]|\bcreateRequire\b|\bBuffer\./.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
    // The shop's barrel would bring node:crypto along (auth); the adapter imports the few files it needs.
    expect([...reached]).not.toContain('src/shop/index.ts');
    expect(arrows(/^src\/shop\//, /^src\/fetch\//)).toEqual([]);
  });

  it('has no import cycle in src/ or examples/', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps folders small and files focused', () => {
    const shopTop = readdirSync(join(root, 'src/shop')).filter((f) => statSync(join(root, 'src/shop', f)).isFile());
    expect(shopTop.length).toBeLessThanOrEqual(3);
    const heaps: string[] = [];
    const count = (dir: string): void => {
      const names = readdirSync(join(root, dir));
      const n = names.filter((f) => f.endsWith('.ts') && statSync(join(root, dir, f)).isFile()).length;
      // A schema folder holds one file per cloud-init module, by design.
      if (n > 16 && !/\/schema$/.test(dir)) heaps.push(`${dir} (${n})`);
      for (const f of names) if (statSync(join(root, dir, f)).isDirectory() && f !== 'generated') count(join(dir, f));
    };
    count('src');
    expect(heaps).toEqual([]);
    const long = files
      .filter((f) => !/\/generated\/|cloud-config-type\.ts$/.test(f))
      .map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 350);
    expect(long).toEqual([]);
  });
});
