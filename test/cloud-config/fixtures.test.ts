import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig } from 'shopkeep/cloud-config';

// Runs the fixture corpus through the public API: each file's verdict, and the path (plus line,
// column and message where the expectation gives them) of every error and deprecation.
interface ExpectedIssue {
  path: string;
  line?: number | undefined;
  column?: number | undefined;
  message?: string | undefined;
}
interface Expectation {
  valid: boolean;
  errors: ExpectedIssue[];
  deprecations: ExpectedIssue[];
}

const dir = fileURLToPath(new URL('../fixtures/cloud-config/', import.meta.url));
const expectations = JSON.parse(readFileSync(`${dir}expectations.json`, 'utf8')) as Record<string, Expectation>;
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();

// Compare only the fields the expectation states, in a stable order.
function comparable(actual: readonly ExpectedIssue[], expected: readonly ExpectedIssue[]): ExpectedIssue[] {
  const keys = (['path', 'line', 'column', 'message'] as const).filter((k) => expected.some((e) => e[k] !== undefined));
  const pick = (issue: ExpectedIssue) => Object.fromEntries(keys.map((k) => [k, issue[k]])) as unknown as ExpectedIssue;
  return actual.map(pick).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

describe('cloud-config fixture corpus', () => {
  it('has an expectation for every fixture and a fixture for every expectation', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(expectations).sort()).toEqual(files);
  });

  it.each(files)('%s', (file) => {
    const expected = expectations[file]!;
    const result = validateCloudConfig(readFileSync(`${dir}${file}`));
    expect(comparable(result.errors, expected.errors)).toEqual(comparable(expected.errors, expected.errors));
    expect(comparable(result.deprecations, expected.deprecations)).toEqual(comparable(expected.deprecations, expected.deprecations));
    expect(result.valid).toBe(expected.valid);
  });
});
