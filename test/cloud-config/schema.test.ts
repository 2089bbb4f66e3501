import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CLOUD_CONFIG_ANNOTATION_KEYWORDS, cloudConfigSchema } from 'wc-legacy-api/cloud-config';
import { comparableCloudInit, loadCorpus } from '../../scripts/cloud-config-corpus';

// Tests of the schema document itself, with ajv directly (the validator built on it has its
// own tests). Checks that walk the schema are generated from it, so a new module is covered
// without touching this file.

type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
// ajv-formats is CommonJS; depending on the loader its default export arrives wrapped once more.
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

type Node = Record<string, unknown>;
const SCHEMA_ID = 'https://wc-legacy-api.dev/schemas/cloud-config.json';
const FIXTURES = fileURLToPath(new URL('../fixtures/cloud-config/', import.meta.url));

function makeAjv(strictTypes = true): Ajv {
  const ajv = new Ajv({ strict: true, strictTypes, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
  return ajv;
}

// Compiled once for the whole file: the full document under full strict mode.
const ajv = makeAjv();
const validate = ajv.compile(cloudConfigSchema);

interface Expectation {
  valid: boolean;
  errors: readonly string[];
  deprecations: readonly string[];
}
// The corpus's expectations for the specification target (the published schema's), for the files
// that are cloud-config documents this test can load with plain YAML: the `yaml-` and
// `user-data-` files are about reading user data, which the validator does before the schema.
const corpus = loadCorpus();
// ssh-invalid-duplicate-wrong-types.yaml is left out too: plain ajv checks uniqueItems only among
// items of the right type, where the validator's generated code compares them all (schema-parts.ts).
const fixtureFiles = corpus.files.filter((f) => f.endsWith('.yaml') && !f.startsWith('yaml-') && !f.startsWith('user-data-') && f !== 'ssh-invalid-duplicate-wrong-types.yaml');
const expectations: Record<string, Expectation> = Object.fromEntries(
  fixtureFiles.map((f) => [f, corpus.entries[f]!.spec ?? comparableCloudInit(corpus.entries[f]!['cloud-init 26.2'])]),
);

// cloud-init counts YAML `!!binary` values as strings; the yaml library gives bytes.
function bytesAsStrings(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('latin1');
  if (Array.isArray(value)) return value.map(bytesAsStrings);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesAsStrings(v)]));
  }
  return value;
}

function loadFixture(file: string): unknown {
  return bytesAsStrings(parse(readFileSync(`${FIXTURES}${file}`, 'utf8'), { version: '1.1' }));
}

/** cloud-init's dotted path of an ajv error; an unknown top-level key is reported at the key itself. */
function dottedPath(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (error.keyword === 'additionalProperties' && segments.length === 0) segments.push(String(error.params.additionalProperty));
  return segments.join('.');
}

const escapePointer = (s: string): string => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** Every subschema of the document with its JSON pointer. */
function walkSchema(node: unknown, pointer: string, visit: (node: Node, pointer: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walkSchema(child, `${pointer}/${i}`, visit));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  visit(node as Node, pointer);
  for (const [key, child] of Object.entries(node)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'required') continue;
    if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
      for (const [name, sub] of Object.entries(child as Node)) {
        walkSchema(sub, `${pointer}/${key}/${escapePointer(name)}`, visit);
      }
    } else {
      walkSchema(child, `${pointer}/${key}`, visit);
    }
  }
}

function nodeAt(root: Node, pointer: string): { parent: Node | unknown[]; key: string } {
  const segments = pointer.split('/').slice(1).map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const key = segments.pop()!;
  let parent: unknown = root;
  for (const s of segments) parent = (parent as Node)[s];
  return { parent: parent as Node, key };
}

describe('cloud-config schema document', () => {
  it('compiles under ajv strict mode with the annotation keywords declared', () => {
    expect(typeof validate).toBe('function');
    expect(cloudConfigSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(cloudConfigSchema.$id).toBe(SCHEMA_ID);
  });

  it('is rejected by strict mode when the annotation keywords are not declared', () => {
    const bare = new Ajv({ strict: true, allowUnionTypes: true });
    addFormats(bare);
    expect(() => bare.compile(cloudConfigSchema)).toThrow(/unknown keyword/);
  });

  it('is plain JSON data', () => {
    expect(JSON.parse(JSON.stringify(cloudConfigSchema))).toEqual(cloudConfigSchema);
  });

  it('uses only local $refs that resolve', () => {
    const defs = cloudConfigSchema.$defs as Node;
    const refs: string[] = [];
    walkSchema(cloudConfigSchema, '', (node) => {
      if (typeof node.$ref === 'string') refs.push(node.$ref);
    });
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/\$defs\//);
      expect(defs).toHaveProperty([ref.slice('#/$defs/'.length)]);
    }
  });

  it('lists every top-level key cloud-init accepts, and no other', () => {
    // cloud-init 26.2's 99 accepted top-level keys (reference §3).
    const reference = `allow_public_ssh_keys ansible apk_repos apt apt_pipelining apt_reboot_if_required
      apt_update apt_upgrade authkey_hash autoinstall bootcmd byobu_by_default ca-certs ca_certs chef chpasswd
      cloud_config_modules cloud_final_modules cloud_init_modules create_hostname_file device_aliases
      disable_ec2_metadata disable_root disable_root_opts disk_setup drivers fan final_message fqdn fs_setup groups
      growpart grub-dpkg grub_dpkg hostname keyboard landscape launch-index locale locale_configfile lxd
      manage_etc_hosts manage_resolv_conf mcollective merge_how merge_type migrate mount_default_fields mounts
      no_ssh_fingerprints ntp output package_reboot_if_required package_update package_upgrade packages password
      phone_home power_state prefer_fqdn_over_hostname preserve_hostname puppet random_seed reporting resize_rootfs
      resolv_conf rh_subscription rpi rsyslog runcmd salt_minion snap spacewalk ssh ssh_authorized_keys
      ssh_deletekeys ssh_fp_console_blacklist ssh_genkeytypes ssh_import_id ssh_key_console_blacklist ssh_keys
      ssh_publish_hostkeys ssh_pwauth ssh_quiet_keygen swap system_info timezone ubuntu_advantage ubuntu_pro updates
      user users vendor_data version wireguard write_files yum_repo_dir yum_repos zypper`
      .split(/\s+/)
      .filter(Boolean);
    expect(reference).toHaveLength(99);
    expect(Object.keys(cloudConfigSchema.properties as Node).sort()).toEqual([...reference].sort());
    expect(cloudConfigSchema.additionalProperties).toBe(false);
  });

  it('accepts both spellings of every module name with an underscore', () => {
    const names = ((cloudConfigSchema.$defs as Node).module_name as Node).enum as string[];
    for (const name of names.filter((n) => n.includes('_'))) {
      expect(names).toContain(name.replaceAll('_', '-'));
      expect(validate({ cloud_final_modules: [name, [name.replaceAll('_', '-'), 'always']] })).toBe(true);
    }
    expect(validate({ cloud_final_modules: [['runcmd', 'always', 'extra']] })).toBe(false);
  });
});

describe('fixture corpus', () => {
  it('holds more than a hundred schema fixtures', () => {
    expect(fixtureFiles.length).toBeGreaterThan(100);
  });

  it('starts every fixture with a #cloud-config header', () => {
    for (const file of fixtureFiles) {
      expect(readFileSync(`${FIXTURES}${file}`, 'utf8').startsWith('#cloud-config\n'), file).toBe(true);
    }
  });

  it('has a valid and an invalid fixture for every module file of the schema', () => {
    // cc-<module>.ts, plus base-config.ts, reporting-config.ts and output-config.ts.
    const moduleFiles = readdirSync(fileURLToPath(new URL('../../src/cloud-config/schema/', import.meta.url)))
      .filter((f) => f.startsWith('cc-') || f.endsWith('-config.ts'))
      .map((f) => f.replace(/^cc-/, '').replace(/(-config)?\.ts$/, ''));
    expect(moduleFiles.length).toBeGreaterThan(50);
    for (const mod of moduleFiles) {
      const mine = fixtureFiles.filter((f) => f.startsWith(`${mod}-`));
      expect(mine.some((f) => expectations[f]!.valid), `valid fixture for ${mod}`).toBe(true);
      expect(mine.some((f) => !expectations[f]!.valid), `invalid fixture for ${mod}`).toBe(true);
    }
  });

  it.each(fixtureFiles)('%s gets the expected verdict and error paths', (file) => {
    const expected = expectations[file]!;
    const valid = validate(loadFixture(file));
    const paths = new Set((validate.errors ?? []).map(dottedPath));
    expect(valid, [...paths].join(', ')).toBe(expected.valid);
    for (const path of expected.errors) expect([...paths], `error at ${path}`).toContain(path);
  });
});

describe('closed objects', () => {
  // Every object schema with additionalProperties: false, found by walking the document.
  const closedPointers: string[] = [];
  walkSchema(cloudConfigSchema, '', (node, pointer) => {
    if (node.additionalProperties === false) closedPointers.push(pointer);
  });
  // Branches are compiled alone, without the parent `type: object` strictTypes wants to see.
  const branchAjv = makeAjv(false);
  branchAjv.addSchema(cloudConfigSchema as object);

  function unknownKeyFor(node: Node): string {
    const known = Object.keys((node.properties as Node | undefined) ?? {});
    const patterns = Object.keys((node.patternProperties as Node | undefined) ?? {}).map((p) => new RegExp(p, 'u'));
    const key = ['zz_not_a_cloud_init_key', '~unknown~', ''].find(
      (k) => !known.includes(k) && !patterns.some((re) => re.test(k)),
    );
    if (key === undefined) throw new Error('no key outside the properties and patterns');
    return key;
  }

  it('finds the closed objects of every module', () => {
    expect(closedPointers).toContain('');
    expect(closedPointers).toContain('/$defs/users_groups.user');
    expect(closedPointers.length).toBeGreaterThan(70);
  });

  it.each(closedPointers.map((p) => [p || '(root)', p]))('%s rejects an unknown key', (_label, pointer) => {
    const { parent, key } = pointer === '' ? { parent: { root: cloudConfigSchema }, key: 'root' } : nodeAt(cloudConfigSchema as Node, pointer);
    const node = (parent as Node)[key] as Node;
    const unknown = unknownKeyFor(node);
    const fragment = pointer
      .split('/')
      .map((s) => encodeURIComponent(s))
      .join('/');
    const check = branchAjv.getSchema(`${SCHEMA_ID}#${fragment}`) as ValidateFunction;
    expect(check({ [unknown]: null })).toBe(false);
    expect(check.errors).toContainEqual(
      expect.objectContaining({ keyword: 'additionalProperties', params: { additionalProperty: unknown } }),
    );
  });
});

describe('deprecations', () => {
  const deprecatedPointers: string[] = [];
  walkSchema(cloudConfigSchema, '', (node, pointer) => {
    if (node.deprecated === true) deprecatedPointers.push(pointer);
  });
  const validFixtures = fixtureFiles.filter((f) => expectations[f]!.valid);

  // A fixture uses a deprecated subschema when it stops validating once that subschema
  // accepts nothing; the errors then sit at the data that used it.
  const usage = new Map<string, { file: string; paths: Set<string> }[]>();
  const strictless = makeAjv(false);
  deprecatedPointers.forEach((pointer, i) => {
    const clone = structuredClone(cloudConfigSchema) as Node;
    clone.$id = `https://wc-legacy-api.dev/schemas/test/without-deprecated-${i}.json`;
    const { parent, key } = nodeAt(clone, pointer);
    (parent as Node)[key] = false;
    const check = strictless.compile(clone);
    const users: { file: string; paths: Set<string> }[] = [];
    for (const file of validFixtures) {
      if (!check(loadFixture(file))) users.push({ file, paths: new Set((check.errors ?? []).map(dottedPath)) });
    }
    usage.set(pointer, users);
  });

  it('marks the spec’s deprecated forms', () => {
    expect(deprecatedPointers).toEqual(
      expect.arrayContaining([
        '/$defs/users_groups.user/properties/lock-passwd',
        '/$defs/ca_certs/properties/remove-defaults',
        '/properties/ca-certs',
        '/properties/grub-dpkg',
      ]),
    );
    for (const d of deprecatedPointers) {
      const { parent, key } = nodeAt(cloudConfigSchema as Node, d);
      const node = (parent as Node)[key] as Node;
      expect(node.deprecated_version, d).toMatch(/^\d+\.\d+$/);
      expect(node.deprecated_description, d).toEqual(expect.any(String));
    }
  });

  it.each(deprecatedPointers)('%s is exercised by a valid fixture', (pointer) => {
    expect(usage.get(pointer)!.map((u) => u.file)).not.toEqual([]);
  });

  it.each(validFixtures)('%s lists exactly the deprecated forms it uses', (file) => {
    const expected = expectations[file]!.deprecations;
    const used = [...usage.values()].flat().filter((u) => u.file === file);
    // Each expected deprecation path is where the data hit some deprecated subschema...
    for (const path of expected) expect(used.some((u) => u.paths.has(path)), path).toBe(true);
    // ...and a fixture that uses none expects none.
    expect(used.length > 0).toBe(expected.length > 0);
  });
});
