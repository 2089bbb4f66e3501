// validateNetworkConfig against real cloud-init 26.2: our own cases (test/fixtures/network-config/,
// verdicts written by scripts/network-config-oracle.py running cloud-init 26.2's own code) and the
// shared corpora (read from ../shared at test time, never copied into the repository).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateNetworkConfig, type NetworkConfigResult } from 'wc-legacy-api/cloud-config';

const fixtures = fileURLToPath(new URL('../fixtures/network-config/', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Verdict {
  readonly valid: boolean;
  readonly performed?: boolean;
  readonly paths?: readonly string[];
}

/** The shared corpora: ../shared from the repository (or ../../shared from a helper's worktree). */
function sharedCorpora(): string | undefined {
  for (const candidate of [process.env['WC_SHARED_DIR'], join(root, '../shared'), join(root, '../../shared')]) {
    if (candidate && existsSync(join(candidate, 'corpora'))) return join(candidate, 'corpora');
  }
  return undefined;
}

function paths(result: NetworkConfigResult): string[] {
  return result.errors.map((e) => e.path);
}

describe('network-config: our cases, with real cloud-init 26.2 verdicts', () => {
  const verdicts = JSON.parse(readFileSync(join(fixtures, 'verdicts.json'), 'utf8')) as Record<string, Verdict>;
  const files = readdirSync(fixtures).filter((f) => f.endsWith('.yaml')).sort();

  it('has a verdict for every case', () => {
    expect(Object.keys(verdicts).sort()).toEqual(files);
  });

  it.each(files)('%s', (file) => {
    const verdict = verdicts[file]!;
    const result = validateNetworkConfig(readFileSync(join(fixtures, file), 'utf8'));
    expect(result.valid, JSON.stringify(result.errors)).toBe(verdict.valid);
    expect(result.target).toBe('26.2');
    if (verdict.valid) {
      // cloud-init skipped the file (nothing to validate) exactly when we leave a note.
      expect(result.note !== undefined).toBe(verdict.performed === false);
      return;
    }
    // Every path cloud-init reports is one of ours (cloud-init reports one error per union, we
    // report each), and every error of ours has a position in the file.
    const ours = paths(result);
    for (const path of verdict.paths ?? []) {
      const yamlError = /^format-l(\d+)\.c\d+$/.exec(path);
      if (yamlError) expect(result.errors[0]).toMatchObject({ code: 'yaml_syntax' });
      else expect(ours).toContain(path);
    }
    for (const error of result.errors) expect(error.line, `${error.path}: ${error.message}`).toBeTypeOf('number');
  });
});

describe('network-config: the shared corpora', () => {
  const corpora = sharedCorpora();
  if (corpora === undefined) {
    it.skip('../shared/corpora is absent: the corpus checks are skipped', () => {});
    return;
  }

  const wild = join(corpora, 'network-config-wild');
  const oracle = readFileSync(join(wild, 'oracle.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { file: string; valid: boolean; errors?: { path: string }[] });

  it('has the nine real-world files', () => {
    expect(oracle).toHaveLength(9);
  });

  it.each(oracle.map((o) => [o.file, o] as const))('network-config-wild/%s: cloud-init 26.2 verdict', (file, verdict) => {
    const result = validateNetworkConfig(readFileSync(join(wild, 'cases', file), 'utf8'));
    expect(result.valid, JSON.stringify(result.errors)).toBe(verdict.valid);
    if (!verdict.valid) {
      for (const { path } of verdict.errors ?? []) {
        if (/^format-l\d+\.c\d+$/.test(path)) expect(result.errors[0]).toMatchObject({ code: 'yaml_syntax', line: Number(/l(\d+)/.exec(path)![1]) });
        else expect(paths(result)).toContain(path);
      }
    }
  });

  // cloud-init's own network-config examples: its cloud-config oracle calls them bad headers (they
  // are not user data); as network-config, cloud-init 26.2 accepts every one (checked with
  // scripts/network-config-oracle.py).
  const official = join(corpora, 'cloud-config-official', 'cases');
  const examples = readdirSync(official).filter((f) => f.startsWith('examples__network-config-')).sort();

  it('finds the thirteen official network-config examples', () => {
    expect(examples).toHaveLength(13);
  });

  it.each(examples)('cloud-config-official/%s is valid network-config version 1', (file) => {
    const result = validateNetworkConfig(readFileSync(join(official, file), 'utf8'));
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, networkVersion: 1 });
  });
});
