import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig, type CloudConfigResult } from 'wc-legacy-api/cloud-config';

// Whatever comes in, the result has the documented shape and validateCloudConfig does not throw.
function expectDocumentedShape(result: CloudConfigResult): void {
  expect(typeof result.valid).toBe('boolean');
  expect(result.valid).toBe(result.errors.length === 0);
  for (const list of [result.errors, result.deprecations, result.warnings]) {
    expect(Array.isArray(list)).toBe(true);
    for (const issue of list) {
      expect(typeof issue.code).toBe('string');
      expect(typeof issue.path).toBe('string');
      expect(typeof issue.message).toBe('string');
      expect(issue.message.length).toBeGreaterThan(0);
      expect(issue.pointer === '' || issue.pointer.startsWith('/')).toBe(true);
      if (issue.line !== undefined) {
        expect(Number.isInteger(issue.line) && issue.line >= 1).toBe(true);
        expect(Number.isInteger(issue.column) && issue.column! >= 1).toBe(true);
      }
    }
  }
  if (result.valid) expect(typeof result.config).toBe('object');
}

function deepList(depth: number): string {
  return `#cloud-config\nx: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
}

describe('hostile inputs', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string without header', 'hello'],
    ['an array', [1, 2]],
    ['a function', () => 1],
    ['a symbol', Symbol('x')],
    ['a bigint', 10n],
    ['a Map', new Map([['a', 1]])],
    ['a Date', new Date(0)],
  ])('rejects %s as not a mapping or not cloud-config, without throwing', (_name, input) => {
    const result = validateCloudConfig(input);
    expectDocumentedShape(result);
    expect(result.valid).toBe(false);
  });

  it('reports a cyclic object instead of overflowing', () => {
    const config: Record<string, unknown> = { hostname: 'a' };
    config.self = config;
    const result = validateCloudConfig(config);
    expect(result.errors[0]).toMatchObject({ code: 'invalid_input', path: 'self' });
  });

  it('reports an object whose getter throws', () => {
    const config = Object.defineProperty({}, 'runcmd', { enumerable: true, get: () => { throw new Error('boom'); } });
    const result = validateCloudConfig(config);
    expectDocumentedShape(result);
    expect(result.valid).toBe(false);
  });

  it('bounds nesting depth for objects and YAML', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(validateCloudConfig({ autoinstall: { version: 1, x: deep } }).errors[0]!.code).toBe('too_deep');
    const yaml = validateCloudConfig(deepList(100_000));
    expectDocumentedShape(yaml);
    expect(['too_deep', 'yaml_syntax']).toContain(yaml.errors[0]!.code);
    expect(validateCloudConfig(deepList(200)).errors[0]!.code).toBe('too_deep');
  });

  it('refuses a 50 MB input quickly by size, and huge bytes too', () => {
    const text = `#cloud-config\nfinal_message: "${'x'.repeat(50 * 1024 * 1024)}"\n`;
    expect(validateCloudConfig(text).errors[0]!.code).toBe('input_too_large');
    expect(validateCloudConfig(Buffer.alloc(50 * 1024 * 1024, 0x61)).errors[0]!.code).toBe('input_too_large');
  });

  it('handles keys that are not strings and prototype-looking keys', () => {
    for (const body of ['1: a\ntrue: b\n', '__proto__: {a: 1}\n', 'constructor: 1\n', 'disk_setup:\n  1: {table_type: mbr}\n', '? [a, b]\n: c\n']) {
      const result = validateCloudConfig(`#cloud-config\n${body}`);
      expectDocumentedShape(result);
    }
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });
});

describe('fuzz: never throws, always the documented shape', () => {
  it('random YAML-ish text', () => {
    const token = fc.constantFrom('#cloud-config\n', 'users:', '- ', 'name: ', '  ', '\n', '[', ']', '{', '}', ':', ',', '&a ', '*a', '<<: ', '"', "'", 'yes', '0644', '2030-12-31', '!!binary ', '!x ', '---\n', '? ', '|', '>', 'runcmd', 'sudo: false', '\t', '#');
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string()), { maxLength: 60 }), (parts) => {
        expectDocumentedShape(validateCloudConfig(parts.join('')));
        expectDocumentedShape(validateCloudConfig(`#cloud-config\n${parts.join('')}`));
      }),
      { numRuns: 400 },
    );
  });

  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.boolean(), (bytes, header) => {
        const input = header ? Buffer.concat([Buffer.from('#cloud-config\n'), bytes]) : bytes;
        expectDocumentedShape(validateCloudConfig(input));
      }),
      { numRuns: 300 },
    );
  });

  it('random objects, including deep nesting and real keys', () => {
    const key = fc.oneof(fc.constantFrom('users', 'name', 'groups', 'runcmd', 'apt', 'sources', 'sudo', 'uid', 'growpart', 'mode', 'disk_setup', 'layout', 'write_files', 'ca-certs'), fc.string({ maxLength: 8 }));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.date({ noInvalidDate: false })),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 5 }),
      ),
    }));
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (config) => {
        expectDocumentedShape(validateCloudConfig(config));
      }),
      { numRuns: 400 },
    );
  });
});
