// Every public export carries TSDoc with an example (a project standard): checked here so it cannot rot.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ENTRIES = ['src/shop/index.ts', 'src/cloud-config/index.ts', 'examples/express/index.ts', 'examples/koa/index.ts', 'src/fetch/index.ts', 'src/shop/repository/woocommerce/index.ts'];

describe('public API documentation', () => {
  it('gives every export of wc-legacy-api/shop, wc-legacy-api/cloud-config, wc-legacy-api/express, wc-legacy-api/koa, wc-legacy-api/fetch and wc-legacy-api/woocommerce a TSDoc comment with @example', () => {
    const program = ts.createProgram(ENTRIES, {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const undocumented: string[] = [];
    let exports = 0;
    for (const entry of ENTRIES) {
      const source = program.getSourceFile(entry);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      expect(moduleSymbol, entry).toBeDefined();
      for (const exported of checker.getExportsOfModule(moduleSymbol!)) {
        exports++;
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        if (!symbol.getJsDocTags(checker).some((tag) => tag.name === 'example')) undocumented.push(`${entry}: ${exported.name}`);
      }
    }
    expect(exports).toBeGreaterThan(100);
    expect(undocumented).toEqual([]);
  });
});
