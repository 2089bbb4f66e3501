import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCloudInitReleases } from '../../src/cloud-config/check/release-validators';
import { schemaTarget, validateAgainstSchema, type SchemaTarget } from '../../src/cloud-config/check/schema-validator';
import { schemaView } from '../../src/cloud-config/check/schema-view';
import { findDeprecations } from '../../src/cloud-config/issues/find-deprecations';
import { CLOUD_CONFIG_TARGETS } from '../../src/cloud-config/targets/targets';
import { parseYaml } from '../../src/cloud-config/yaml/parse-yaml';
import { validateCloudConfig } from '../../src/cloud-config/validate-cloud-config';
import { corpusFiles, sharedCloudConfigFiles } from './corpus-files';

// The deprecation walk (issues/find-deprecations.ts) enters only the parts of the schema that hold something
// deprecated, and picks a union's branch (validating branches when it must) only when a branch is worth entering
// (issue 26 item 6). Asked for the mappings that name their keys as well (`named`, for keys that are not strings), it
// enters every part and picks every union's branch: the whole walk. Both must find the same deprecations, on every
// corpus file under every target and on random documents made of the schema's own key names.

let targets: SchemaTarget[];

beforeAll(async () => {
  await loadCloudInitReleases();
  targets = CLOUD_CONFIG_TARGETS.map((name) => schemaTarget(name)!);
});

/** The data of a text as the schema sees it, or undefined when it is not YAML. */
function schemaData(text: string): unknown {
  const parsed = parseYaml(text, 64);
  if (!parsed.ok) return undefined;
  return parsed.parsed.plain ? parsed.parsed.schemaValue : schemaView(parsed.parsed.schemaValue);
}

/** Compares the pruned walk with the whole one on a document under a target; whether they found anything. */
function compare(context: SchemaTarget, data: unknown): boolean {
  const errors = validateAgainstSchema(context, data);
  const whole = findDeprecations(context, data, errors, new Map());
  expect(findDeprecations(context, data, errors)).toEqual(whole);
  return whole.length > 0;
}

describe('the pruned deprecation walk', () => {
  // First in this file, so no other validation has asked about the schema nodes the releases share.
  it('finds a deprecation in every release whose schema has it, in one validation across releases', () => {
    const result = validateCloudConfig('#cloud-config\nca_certs:\n  remove-defaults: true\n  trusted: [x]\n', { cloudInitVersion: '>=22.1' });
    const releases = result.deprecations.filter((d) => d.path === 'ca_certs.remove-defaults').flatMap((d) => d.releases ?? []);
    // 22.1's schema has no deprecation there; every later release's has.
    expect(releases.sort()).toEqual(CLOUD_CONFIG_TARGETS.filter((name) => name !== 'spec' && name !== '22.1').sort());
  });

  it("gives the whole walk's deprecations on every corpus file under every target", () => {
    const texts = [...corpusFiles(), ...sharedCloudConfigFiles()].map(([, text]) => text);
    const documents = texts.map(schemaData).filter((data) => data !== null && typeof data === 'object' && !Array.isArray(data));
    let found = 0;
    for (const context of targets) for (const data of documents) if (compare(context, data)) found++;
    // Not a comparison of nothing: the corpus uses deprecated keys and forms under every target.
    expect(found).toBeGreaterThan(targets.length * 20);
  }, 120_000);

  it('finds deprecations inside the unions it must pick a branch of', () => {
    const latest = schemaTarget('26.2')!;
    const users = schemaData('#cloud-config\nusers:\n  - default\n  - name: ada\n    lock-passwd: true\n  - name: bob\n    shell: /bin/bash\n  - snapuser: c@example.com\n');
    expect(findDeprecations(latest, users, validateAgainstSchema(latest, users))).toMatchObject([{ code: 'deprecated', path: 'users.1.lock-passwd' }]);
    // A deprecated form inside a user, reached through the users list's union and the user's own.
    const sudo = schemaData('#cloud-config\nusers:\n  - name: ada\n    sudo: false\n');
    expect(findDeprecations(latest, sudo, validateAgainstSchema(latest, sudo))).toMatchObject([{ code: 'deprecated', path: 'users.0.sudo' }]);
    expect(compare(latest, schemaData('#cloud-config\nmanage_etc_hosts: template\n'))).toBe(true);
  });

  it("gives the whole walk's deprecations on random documents of schema key names", () => {
    const latest = schemaTarget('26.2')!;
    const names = new Set<string>();
    const collect = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(collect);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value !== null && typeof value === 'object') for (const name of Object.keys(value)) names.add(name);
        collect(value);
      }
    };
    collect(latest.schema);
    const name = fc.constantFrom(...[...names].sort());
    const scalar = fc.constantFrom<unknown>(true, false, 'yes', 'no', 'none', 'os', 'unchanged', 7, '7', 'x', null, '/', 'reboot', '+10', 'template', 'localhost', 'ada');
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(name, tie('value'), { maxKeys: 4 })),
    }));
    const sample = [schemaTarget('spec')!, latest, schemaTarget('22.4')!];
    fc.assert(
      fc.property(fc.dictionary(name, value, { minKeys: 1, maxKeys: 6 }), (data) => {
        for (const context of sample) compare(context, data);
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
