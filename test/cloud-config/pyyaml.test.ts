import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateCloudConfig, type CloudConfigIssue, type CloudConfigResult } from 'wc-legacy-api/cloud-config';

// YAML read as cloud-init reads it: PyYAML's safe_load (its own take on YAML 1.1). The types
// below are what PyYAML 6 loads each plain scalar as (checked with python3-yaml).

const cc = (body: string) => `#cloud-config\n${body}`;

function only(result: CloudConfigResult): CloudConfigIssue {
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
}

const PYYAML: readonly (readonly [scalar: string, type: 'str' | 'int' | 'float' | 'bool' | 'null' | 'date'])[] = [
  ['1.0', 'float'],
  ['-1.0', 'float'],
  ['1.5e+3', 'float'],
  ['.5', 'float'],
  ['1.', 'float'],
  ['1.e+3', 'float'],
  ['6.8523015e+5', 'float'],
  ['1e3', 'str'],
  ['1.5e3', 'str'],
  ['1e+3', 'str'],
  ['12e03', 'str'],
  ['+.5', 'str'],
  ['-.5e+1', 'str'],
  ['y', 'str'],
  ['Y', 'str'],
  ['n', 'str'],
  ['N', 'str'],
  ['yes', 'bool'],
  ['Off', 'bool'],
  ['TRUE', 'bool'],
  ['09', 'str'],
  ['08', 'str'],
  ['07', 'int'],
  ['00', 'int'],
  ['0o7', 'str'],
  ['0x1F', 'int'],
  ['0b101', 'int'],
  ['1_000', 'int'],
  ['1:30', 'int'],
  ['+1', 'int'],
  ['2030-1-1', 'str'],
  ['2030-01-01', 'date'],
  ['2001-12-14 21:59:43.10 -5', 'date'],
  ['~', 'null'],
  ['NULL', 'null'],
  ['_1', 'str'],
  ['0b', 'str'],
];

describe('plain scalars as PyYAML resolves them', () => {
  it.each(PYYAML)('%s is a %s', (scalar, type) => {
    // A string field and an integer field: each accepts exactly one of the types.
    const asString = validateCloudConfig(cc(`final_message: ${scalar}\n`));
    const asInteger = validateCloudConfig(cc(`chef: {omnibus_url_retries: ${scalar}}\n`));
    expect(asString.valid, 'string field').toBe(type === 'str');
    expect(asInteger.valid, 'integer field').toBe(type === 'int');
    const received = { str: 'string', int: 'integer', float: 'number', bool: 'boolean', null: 'null', date: 'date' }[type];
    if (type !== 'str') expect(only(asString)).toMatchObject({ code: 'type', received });
  });

  it('shows a whole-number float as written, and keeps it a number in the config', () => {
    const result = validateCloudConfig(cc('chef:\n  omnibus_url_retries: 3.0\n'));
    expect(only(result).message).toBe('expected integer, got number 3.0');
    expect(result.config).toEqual({ chef: { omnibus_url_retries: 3 } });
    expect(only(validateCloudConfig(cc('chef: {omnibus_url_retries: 0.0}\n'))).message).toBe('expected integer, got number 0.0');
    // A float is still a number: minimum checks hold as for the integer.
    expect(validateCloudConfig(cc('ansible:\n  setup_controller:\n    run_ansible: [{timeout: 0.0}]\n')).valid).toBe(true);
  });

  it('uses PyYAML constructors for explicit tags, failing where they fail', () => {
    expect(only(validateCloudConfig(cc('chef: {omnibus_url_retries: !!float 2}\n'))).message).toBe('expected integer, got number 2.0');
    expect(validateCloudConfig(cc('final_message: !!str 2\n')).valid).toBe(true);
    for (const bad of ['chef: {omnibus_url_retries: !!int 2.5}', 'disable_root: !!bool y', 'final_message: =', 'final_message: 2030-02-30']) {
      expect(only(validateCloudConfig(cc(`${bad}\n`))).code, bad).toBe('yaml_syntax');
    }
  });

  it('matches no JSON type with a date, a set or an ordered mapping', () => {
    expect(only(validateCloudConfig(cc('swap: 2030-12-31\n'))).message).toBe('expected object, got date 2030-12-31');
    expect(only(validateCloudConfig(cc('users: !!set {a, b}\n'))).code).toBe('type');
    expect(only(validateCloudConfig(cc('chef: {initial_attributes: !!omap [a: 1]}\n'))).code).toBe('type');
    // Equal dates are duplicates, as in Python.
    const dates = validateCloudConfig(cc('ssh_fp_console_blacklist: [2030-01-01, 2030-01-01]\n'));
    expect(dates.errors.map((e) => [e.path, e.code])).toEqual([
      ['ssh_fp_console_blacklist', 'duplicate_items'],
      ['ssh_fp_console_blacklist.0', 'type'],
      ['ssh_fp_console_blacklist.1', 'type'],
    ]);
  });
});

describe('what makes the file invalid YAML for cloud-init', () => {
  const controls = [...Array(0x20).keys()].filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d).concat([0x7f, 0x80, 0x84, 0x86, 0x9f, 0xfffe]);

  it.each(controls.map((c) => [c.toString(16).padStart(4, '0')]))('U+%s anywhere, even in a comment', (hex) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    for (const text of [cc(`final_message: "a${char}b"\n`), cc(`# a${char}b\nruncmd: [ls]\n`)]) {
      const error = only(validateCloudConfig(text));
      expect(error).toMatchObject({ code: 'yaml_syntax', line: 2 });
      expect(error.message).toContain(`U+${hex.toUpperCase()}`);
    }
  });

  it('allows tab, line breaks, NEL and other printable characters', () => {
    expect(validateCloudConfig(cc('final_message: "a\tb\u0085c\u00a0d\u{1F600}"\r\nruncmd: [ls]\r\n')).valid).toBe(true);
  });

  it('rejects a list or a mapping used as a key', () => {
    for (const text of [cc('? [a, b]\n: c\n'), cc('{[a]: 1}\n'), cc('? {a: 1}\n: c\n')]) expect(only(validateCloudConfig(text)).code).toBe('yaml_syntax');
  });
});

describe('keys cloud-init loads as something other than a string', () => {
  it('are an error where the schema names its keys: patterned mappings, at the key', () => {
    const error = only(validateCloudConfig(cc('disk_setup:\n  1:\n    table_type: gpt\n')));
    expect(error).toMatchObject({ code: 'invalid_key', path: 'disk_setup', property: '1', line: 3, column: 3 });
    expect(error.message).toBe('the key 1 is read as an integer, not a string; quote it ("1") if it is a name');
    expect(validateCloudConfig(cc('disk_setup:\n  "1":\n    table_type: gpt\n')).valid).toBe(true);
  });

  it('replace the unknown-key issue in closed mappings, the top level included', () => {
    expect(only(validateCloudConfig(cc('write_files:\n  - path: /a\n    on: x\n')))).toMatchObject({ code: 'invalid_key', path: 'write_files.0', property: 'true', line: 4 });
    for (const cloudInitVersion of [undefined, '26.2'] as const) {
      expect(only(validateCloudConfig(cc('runcmd: [ls]\n5: five\n'), { cloudInitVersion }))).toMatchObject({ code: 'invalid_key', path: '', property: '5', line: 3 });
    }
  });

  it('are accepted in free-form mappings, as cloud-init accepts them', () => {
    expect(validateCloudConfig(cc('chef:\n  initial_attributes:\n    1: one\n    ~: none\n')).valid).toBe(true);
  });
});

describe('the YAML library never writes to the host', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends no process warnings, whatever the YAML', () => {
    const emit = vi.spyOn(process, 'emitWarning');
    const warn = vi.spyOn(console, 'warn');
    const pieces = fc.constantFrom('? [a, b]\n: c\n', '{[x]: 1}\n', 'a: !!set {x}\n', 'b: !!omap [x: 1]\n', 'c: !unknown x\n', '%YAML 1.2\n---\n', 'd: &a [*a]\n', 'e: 1.0\n', 'f: 2030-02-30\n', '<<: {g: 1}\n', '? ~\n: h\n');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 4 }), (parts) => {
        validateCloudConfig(cc(parts.join('')));
      }),
      { numRuns: 200 },
    );
    expect(emit).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
