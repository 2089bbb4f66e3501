import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { comparableCloudInit, disagreement, loadCorpus, specMismatch, validateCorpusFile } from '../../scripts/cloud-config-corpus';

// Every corpus file against its expectations for both targets: cloud-init 26.2 must agree with
// what cloud-init 26.2 itself reported; the specification target must agree with it too, except
// where the file records our own expected result and the decision that explains the difference.
const { files, entries } = loadCorpus();
const docs = readFileSync(fileURLToPath(new URL('../../docs/cloud-config.md', import.meta.url)), 'utf8');
const decisions = new Set([...docs.matchAll(/^\| (S\d+) \|/gm)].map((m) => m[1]!));

describe('cloud-config corpus', () => {
  it('has an expectation for every file and a file for every expectation', () => {
    expect(Object.keys(entries).sort()).toEqual(files);
  });

  it('is large, mostly invalid, and covers every module under both targets', () => {
    expect(files.length).toBeGreaterThanOrEqual(300);
    const invalidSpec = files.filter((f) => !(entries[f]!.spec?.valid ?? comparableCloudInit(entries[f]!['cloud-init 26.2']).valid));
    const invalid262 = files.filter((f) => !comparableCloudInit(entries[f]!['cloud-init 26.2']).valid);
    expect(invalidSpec.length * 2).toBeGreaterThan(files.length);
    expect(invalid262.length * 2).toBeGreaterThan(files.length);
    const modules = readFileSync(fileURLToPath(new URL('../../src/cloud-config/schema/modules.ts', import.meta.url)), 'utf8');
    const names = [...modules.matchAll(/^import \{ \w+ \} from '\.\/(?:cc-)?([\w-]+?)(?:-config)?';$/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      const mine = files.filter((f) => f.startsWith(`${name}-`));
      // cloud-init 26.2 has no migrator module: it accepts any `migrate` value.
      if (name !== 'migrator') expect(mine.filter((f) => invalid262.includes(f)), `an invalid file for ${name} under 26.2`).not.toEqual([]);
      expect(mine.filter((f) => invalidSpec.includes(f)), `an invalid file for ${name} under the spec`).not.toEqual([]);
      expect(mine.filter((f) => !invalidSpec.includes(f)), `a valid file for ${name}`).not.toEqual([]);
    }
  });

  it('explains every difference of the spec target by a decision documented in docs/cloud-config.md', () => {
    expect(decisions.size).toBeGreaterThan(5);
    for (const file of files) {
      const entry = entries[file]!;
      expect(entry.spec === undefined, `${file}: a spec expectation needs a why, and only then`).toBe(entry.why === undefined);
      if (entry.why !== undefined) expect(decisions.has(entry.why), `${file}: ${entry.why} is documented`).toBe(true);
    }
  });

  it.each(files)('%s: cloud-init 26.2 target agrees with cloud-init 26.2', (file) => {
    expect(disagreement(validateCorpusFile(file, '26.2'), entries[file]!['cloud-init 26.2'])).toBeUndefined();
  });

  it.each(files)('%s: spec target gives the expected result', (file) => {
    const entry = entries[file]!;
    const result = validateCorpusFile(file);
    if (entry.spec === undefined) {
      expect(disagreement(result, entry['cloud-init 26.2'])).toBeUndefined();
    } else {
      expect(specMismatch(result, entry.spec)).toBeUndefined();
      // A recorded difference is a real one.
      expect(disagreement(result, entry['cloud-init 26.2'])).toBeDefined();
    }
  });
});
