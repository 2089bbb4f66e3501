import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DECLARATION, SCHEMA_MODULE_PATH, generateSchemaSource } from '../../scripts/compile-cloud-config-schema';
import { RELEASE_VALIDATORS_DECLARATION, RELEASE_VALIDATORS_PATH, VALIDATORS_DECLARATION, VALIDATORS_PATH, generateValidatorsSource } from '../../scripts/compile-cloud-config-validators';
import { loadCloudInitReleases } from 'wc-legacy-api/cloud-config';
import { cloudConfigSchema } from '../../src/cloud-config/schema/index';
import { composeSpecSchema } from '../../src/cloud-config/schema/spec-schema';

// The package ships validators precompiled from the schema; this fails when the schema changed and
// `npx tsx scripts/compile-cloud-config-validators.ts` was not run.
// The package's cloudConfigSchema is JSON text composed at build time from the module files; this fails when it is
// stale (`npx tsx scripts/compile-cloud-config-schema.ts`).
describe('precomposed cloud-config schema', () => {
  it('is the schema the module files compose, key order included', () => {
    expect(readFileSync(SCHEMA_MODULE_PATH, 'utf8') === generateSchemaSource(), 'stale: run npx tsx scripts/compile-cloud-config-schema.ts').toBe(true);
    expect(readFileSync(SCHEMA_MODULE_PATH.replace(/\.js$/, '.d.ts'), 'utf8')).toBe(SCHEMA_DECLARATION);
    expect(cloudConfigSchema).toStrictEqual(composeSpecSchema());
    expect(JSON.stringify(cloudConfigSchema)).toBe(JSON.stringify(composeSpecSchema()));
  });
});

// Generating takes seconds: once for both tests.
let generated: ReturnType<typeof generateValidatorsSource> | undefined;
const sources = () => (generated ??= generateValidatorsSource());

describe('precompiled cloud-config validators', () => {
  it('match the current schema', () => {
    const { validators, releases } = sources();
    expect(readFileSync(VALIDATORS_PATH, 'utf8') === validators, 'stale: run npx tsx scripts/compile-cloud-config-validators.ts').toBe(true);
    expect(readFileSync(RELEASE_VALIDATORS_PATH, 'utf8') === releases, 'stale: run npx tsx scripts/compile-cloud-config-validators.ts').toBe(true);
    expect(readFileSync(VALIDATORS_PATH.replace(/\.js$/, '.d.ts'), 'utf8')).toBe(VALIDATORS_DECLARATION);
    expect(readFileSync(RELEASE_VALIDATORS_PATH.replace(/\.js$/, '.d.ts'), 'utf8')).toBe(RELEASE_VALIDATORS_DECLARATION);
  });

  it('keep the older releases out of the module every process loads', () => {
    const { validators, releases } = sources();
    // V8 scans the whole module on load (the CLI's cold start): the default targets' part is the smaller.
    expect(validators.length).toBeLessThan(releases.length);
    expect(validators).not.toMatch(/"22\.1"/);
    expect(releases).toMatch(/"22\.1": \{ root: /);
  });
});

describe('validator parts', () => {
  it('name every union branch and then/else of every target by its pointer in that target\'s schema', async () => {
    const { subschemaPointers } = await import('../../src/cloud-config/check/schema-parts');
    const { branchPointerOf, schemaNodeAt, schemaTarget, validateAgainstSubschema } = await import('../../src/cloud-config/check/schema-validator');
    const { CLOUD_CONFIG_TARGETS } = await import('../../src/cloud-config/targets/targets');
    await loadCloudInitReleases();
    for (const name of CLOUD_CONFIG_TARGETS) {
      const target = schemaTarget(name)!;
      const pointers = subschemaPointers(target.schema);
      // 22.1 still had most modules without a schema; the spec and 26.2 have over 100.
      expect(pointers.length).toBeGreaterThan(name === '22.1' ? 10 : 50);
      expect(Object.entries(target.validators.subschemas).filter(([, v]) => v !== undefined).map(([p]) => p).sort()).toEqual([...pointers].sort());
      for (const pointer of pointers) {
        expect(schemaNodeAt(target, pointer)).toBeDefined();
        expect(() => validateAgainstSubschema(target, pointer, {})).not.toThrow();
      }
    }
    expect(branchPointerOf({ $ref: '#/$defs/module_name' })).toBeUndefined();
  });

  it('share the parts the targets have in common', async () => {
    const { splitSchemas } = await import('../../src/cloud-config/check/schema-parts');
    const { CLOUD_CONFIG_TARGETS, targetSchema } = await import('../../src/cloud-config/targets/targets');
    const split = splitSchemas(CLOUD_CONFIG_TARGETS.map((t) => [t, targetSchema(t)] as const));
    const sharedShare = (a: string, b: string): number => {
      const [first, second] = [split.targets.get(a)!, split.targets.get(b)!];
      expect(second.rootId).not.toBe(first.rootId);
      return [...second.branches].filter(([pointer, id]) => first.branches.get(pointer) === id).length / second.branches.size;
    };
    // Most of 26.2 is the baseline: its unchanged branches are the very same parts.
    expect(sharedShare('spec', '26.2')).toBeGreaterThan(0.7);
    // Neighbouring releases differ in a few keys: the rest is generated once.
    expect(sharedShare('24.4', '24.3')).toBeGreaterThan(0.9);
    expect(sharedShare('23.4', '23.3')).toBeGreaterThan(0.7);
  });
});
