import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATORS_DECLARATION, VALIDATORS_PATH, generateValidatorsSource } from '../../scripts/compile-cloud-config-validators';

// The package ships validators precompiled from the schema; this fails when the schema changed and
// `npx tsx scripts/compile-cloud-config-validators.ts` was not run.
describe('precompiled cloud-config validators', () => {
  it('match the current schema', () => {
    const committed = readFileSync(VALIDATORS_PATH, 'utf8');
    expect(committed === generateValidatorsSource(), 'stale: run npx tsx scripts/compile-cloud-config-validators.ts').toBe(true);
    expect(readFileSync(VALIDATORS_PATH.replace(/\.js$/, '.d.ts'), 'utf8')).toBe(VALIDATORS_DECLARATION);
  });
});

describe('validator parts', () => {
  it('name every union branch and then/else by its pointer in the published schema', async () => {
    const { cloudConfigSchema } = await import('shopkeep/cloud-config');
    const { branchPartId, subschemaPointers } = await import('../../src/cloud-config/check/schema-parts');
    const { branchPointerOf, schemaNodeAt, validateAgainstSubschema } = await import('../../src/cloud-config/check/schema-validator');
    const pointers = subschemaPointers(cloudConfigSchema);
    expect(pointers.length).toBeGreaterThan(100);
    pointers.forEach((pointer, i) => {
      expect(branchPointerOf({ $ref: branchPartId(i) })).toBe(pointer);
      expect(schemaNodeAt(pointer)).toBeDefined();
      expect(() => validateAgainstSubschema(pointer, {})).not.toThrow();
    });
    expect(branchPointerOf({ $ref: '#/$defs/module_name' })).toBeUndefined();
  });
});
