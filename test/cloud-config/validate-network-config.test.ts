import { Ajv } from 'ajv';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig, validateNetworkConfig } from 'wc-legacy-api/cloud-config';
import { networkConfigSchemas } from '../../src/cloud-config/network/generated/network-config-schemas';

const v2 = (body: string) => `version: 2\n${body}`;

describe('validateNetworkConfig: verdicts and issues', () => {
  it('accepts version 1 and version 2, bare and under network:', () => {
    expect(validateNetworkConfig('version: 1\nconfig:\n  - {type: physical, name: eth0}\n')).toMatchObject({ valid: true, networkVersion: 1, target: '26.2' });
    expect(validateNetworkConfig('network:\n  version: 1\n  config: []\n')).toMatchObject({ valid: true, networkVersion: 1 });
    expect(validateNetworkConfig(v2('ethernets:\n  eth0: {dhcp4: true}\n'))).toMatchObject({ valid: true, networkVersion: 2 });
    expect(validateNetworkConfig('network:\n  version: 2\n  ethernets: {}\n')).toMatchObject({ valid: true, networkVersion: 2 });
  });

  it('reports a wrong type with its path, position and the value read', () => {
    const result = validateNetworkConfig('network:\n  version: 1\n  config:\n    - type: physical\n      name: eth0\n      mtu: big\n');
    expect(result.errors).toEqual([
      { code: 'type', path: 'network.config.0.mtu', pointer: '/network/config/0/mtu', expected: ['integer', 'null'], received: 'string', message: 'expected integer or null, got string "big"', line: 6, column: 12 },
    ]);
  });

  it("reports a v1 entry's errors from the branch its type names, and an unknown type at the type", () => {
    const result = validateNetworkConfig('version: 1\nconfig:\n  - type: bridge\n    name: br0\n  - type: ethernet\n    name: eth0\n');
    expect(result.errors.map((e) => [e.code, e.path, e.line, e.column])).toEqual([
      ['required', 'config.0', 3, 5],
      ['required', 'config.0', 3, 5],
      ['enum', 'config.1.type', 5, 11],
    ]);
    expect(result.errors.flatMap((e) => (e.code === 'required' ? e.property : []))).toEqual(['bridge_interfaces', 'params']);
  });

  it('checks every v1 entry type: bond params, vlan ids, nameserver addresses, route gateways', () => {
    const bad = validateNetworkConfig(
      'version: 1\nconfig:\n  - {type: bond, name: b0, params: {bond-num_grat_arp: 300}}\n  - {type: vlan, name: v, vlan_link: eth0, vlan_id: "7"}\n  - {type: nameserver, address: 5}\n  - {type: route, destination: 10.0.0.0/8}\n  - {type: physical, name: eth0, subnets: [{type: staticc}]}\n',
    );
    expect(bad.errors.map((e) => [e.code, e.path])).toEqual([
      ['too_big', 'config.0.params.bond-num_grat_arp'],
      ['type', 'config.1.vlan_id'],
      ['type', 'config.2.address'],
      ['required', 'config.3'],
      ['enum', 'config.4.subnets.0.type'],
    ]);
    expect(bad.errors[4]).toMatchObject({ suggestion: 'static' });
  });

  it('checks every v2 device kind and says what netplan would add', () => {
    const result = validateNetworkConfig(
      v2('ethernets:\n  e: {match: {mac: x}}\nbonds:\n  b: {parameters: {mode: fast}}\nbridges:\n  br: {parameters: {stp: maybe}}\nvlans:\n  v: {id: x}\nwifis:\n  w: {}\n'),
    );
    expect(result.errors.map((e) => [e.code, e.path, e.line])).toEqual([
      ['additional_property', 'ethernets.e.match', 3],
      ['enum', 'bonds.b.parameters.mode', 5],
      ['type', 'bridges.br.parameters.stp', 7],
      ['type', 'vlans.v.id', 9],
      ['additional_property', '', 10],
    ]);
    expect(result.errors[4]!.message).toContain('netplan');
  });

  it('reads YAML 1.1 booleans as cloud-init does (dhcp4: yes is true)', () => {
    expect(validateNetworkConfig(v2('ethernets:\n  e: {dhcp4: yes, dhcp6: "no"}\n')).valid).toBe(true);
    expect(validateNetworkConfig(v2('ethernets:\n  e: {dhcp4: 1}\n')).valid).toBe(false);
  });

  it('names version 1 and 2 for another version, and asks for a missing one', () => {
    expect(validateNetworkConfig('network:\n  version: 3\n  ethernets: {}\n').errors).toEqual([
      expect.objectContaining({ code: 'enum', path: 'network.version', allowed: [1, 2], message: 'expected network-config version 1 or 2, got integer 3', line: 2, column: 12 }),
    ]);
    expect(validateNetworkConfig('ethernets: {}\n').errors).toEqual([expect.objectContaining({ code: 'required', path: '', property: ['version'] })]);
  });

  it('reads network: first, as cloud-init does: other top-level keys are unknown', () => {
    const result = validateNetworkConfig('network:\n  version: 2\nversion: 2\n');
    expect(result.errors).toEqual([expect.objectContaining({ code: 'additional_property', path: '', property: 'version', line: 3, column: 1 })]);
  });

  it('skips an empty config as cloud-init does, and refuses what is not a mapping', () => {
    expect(validateNetworkConfig('')).toMatchObject({ valid: true, note: 'empty: nothing to validate' });
    expect(validateNetworkConfig('network:\n')).toMatchObject({ valid: true, note: 'empty network config: nothing to validate' });
    expect(validateNetworkConfig('{}')).toMatchObject({ valid: true });
    expect(validateNetworkConfig('# only a comment\n').errors[0]).toMatchObject({ code: 'not_a_mapping', line: 1 });
    expect(validateNetworkConfig('- version: 2\n').errors[0]).toMatchObject({ code: 'not_a_mapping' });
    expect(validateNetworkConfig('network: [1]\n').errors[0]).toMatchObject({ code: 'type', path: 'network', line: 1, column: 10 });
  });

  it('reports YAML syntax errors with their position', () => {
    expect(validateNetworkConfig('version: 2\nethernets:\n  eth0: {dhcp4: true\n').errors[0]).toMatchObject({ code: 'yaml_syntax', line: 4 });
  });

  it('takes bytes and parsed objects; refuses other encodings, oversized input and cycles without throwing', () => {
    expect(validateNetworkConfig(new TextEncoder().encode(v2('ethernets: {}\n')))).toMatchObject({ valid: true, networkVersion: 2 });
    expect(validateNetworkConfig({ version: 1, config: [{ type: 'physical', name: 'eth0' }] })).toMatchObject({ valid: true, networkVersion: 1 });
    expect(validateNetworkConfig(new Uint8Array([0xff, 0xfe, 0x00])).errors[0]).toMatchObject({ code: 'invalid_encoding' });
    expect(validateNetworkConfig(gzipSync('version: 2\n')).errors[0]).toMatchObject({ code: 'invalid_encoding' });
    expect(validateNetworkConfig(v2('ethernets: {}\n'), { maxBytes: 5 }).errors[0]).toMatchObject({ code: 'input_too_large' });
    const cyclic: Record<string, unknown> = { version: 2 };
    cyclic['ethernets'] = { e: cyclic };
    expect(validateNetworkConfig(cyclic).errors[0]).toMatchObject({ code: 'invalid_input' });
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); } });
    expect(validateNetworkConfig(hostile).errors[0]).toMatchObject({ code: 'invalid_input' });
  });

  it('is not cloud-config: validateCloudConfig still wants its header', () => {
    expect(validateCloudConfig(v2('ethernets: {}\n')).errors[0]).toMatchObject({ code: 'missing_header' });
  });
});

describe('validateNetworkConfig: bounded work', () => {
  it('lists at most maxIssues issues of a 1 MiB file of broken entries and counts the rest', () => {
    const entry = '  - {type: physical, name: a-name-longer-than-15, mtu: x, bogus: 1}\n';
    const text = `version: 1\nconfig:\n${entry.repeat(Math.floor((1024 * 1024 - 32) / entry.length))}`;
    expect(text.length).toBeLessThanOrEqual(1024 * 1024);
    const result = validateNetworkConfig(text);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(100);
    expect(result.unlisted!.errors).toBeGreaterThan(40_000);
    // Each validation has its own "did you mean" allowance: the big one did not spend the next one's.
    expect(validateNetworkConfig('version: 1\nconfig:\n  - {type: physical, name: e, mtuu: 1}\n').errors[0]).toMatchObject({ suggestion: 'mtu' });
  });

  it('refuses nesting deeper than maxDepth', () => {
    const deep = `version: 2\nethernets:\n  e:\n    match: ${'['.repeat(300)}${']'.repeat(300)}\n`;
    expect(validateNetworkConfig(deep).errors[0]).toMatchObject({ code: 'too_deep' });
  });
});

describe('validateNetworkConfig: properties', () => {
  const ajv = new Ajv({ allErrors: false, strict: false });
  const schemas = networkConfigSchemas();
  const ajvV1 = ajv.compile(schemas.v1 as object);
  const ajvV2 = ajv.compile(schemas.v2 as object);

  const scalar = fc.oneof(fc.constantFrom('eth0', 'yes', 'fast', '802.3ad', 'on', 'static', 'dhcp4', 'x'.repeat(16)), fc.integer({ min: -1, max: 300 }), fc.boolean(), fc.constant(null));
  const key = fc.constantFrom('type', 'name', 'mtu', 'subnets', 'params', 'bond-mode', 'address', 'gateway', 'network', 'destination', 'vlan_id', 'vlan_link', 'bridge_interfaces', 'dhcp4', 'addresses', 'parameters', 'mode', 'id', 'match', 'routes', 'to', 'via', 'nameservers', 'bogus');
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
  }));
  const typed = fc.record({ type: fc.constantFrom('physical', 'bond', 'bridge', 'vlan', 'nameserver', 'route'), name: fc.constantFrom('eth0', 'br0') }).chain((base) =>
    fc.dictionary(key, value, { maxKeys: 3 }).map((extra) => ({ ...extra, ...base })),
  );
  const v1Doc = fc.record({ version: fc.constant(1), config: fc.array(fc.oneof(typed, value), { maxLength: 4 }) });
  const device = fc.dictionary(key, value, { maxKeys: 4 });
  const v2Doc = fc.record({ version: fc.constantFrom(2, 3), ethernets: fc.dictionary(fc.constantFrom('eth0', 'eth1'), device, { maxKeys: 2 }), bonds: fc.dictionary(fc.constant('b0'), device, { maxKeys: 1 }) });
  const doc = fc.oneof(v1Doc, v2Doc).chain((d) => fc.boolean().map((wrap) => (wrap ? { network: d } : d)));

  it('gives the verdict of a JSON Schema validator on the same schema facts (v1 for version 1, else v2)', () => {
    fc.assert(
      fc.property(doc, (data) => {
        const network = 'network' in data ? data.network : data;
        const expected = (network.version === 1 ? ajvV1 : ajvV2)(data);
        const result = validateNetworkConfig(data);
        expect(result.valid, JSON.stringify([data, result.errors])).toBe(expected);
        if (!result.valid) expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws and always returns a result, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), value.map((v) => JSON.stringify(v) ?? '')), (text) => {
        const result = validateNetworkConfig(text);
        expect(typeof result.valid).toBe('boolean');
        expect(result.valid).toBe(result.errors.length === 0);
      }),
      { numRuns: 300 },
    );
  });
});
