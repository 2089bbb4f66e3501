/**
 * The cloud-config test corpus (test/fixtures/cloud-config/) and how a result is judged against its
 * expectations, shared by test/cloud-config/corpus.test.ts and this script, which prints the
 * agreement of each target with cloud-init 26.2:
 *
 *   npx tsx scripts/cloud-config-corpus.ts
 *
 * `expectations.json` holds, per file, what cloud-init 26.2 itself reported (`cloud-init 26.2`:
 * result kind, error paths, deprecation paths; obtained by running `cloud-init schema -c` of
 * cloud-init's tag 26.2 on each file, see docs/cloud-config.md) and, where the specification target
 * differs, our expected `spec` result with `why`: the id of the documented decision.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { validateCloudConfig, type CloudConfigResult, type CloudInitVersion } from '../src/cloud-config/index';

/** What cloud-init 26.2 reported for a file. `result` is the kind of outcome. */
export interface CloudInitExpectation {
  readonly result: 'valid' | 'invalid' | 'other' | 'empty' | 'not_a_dict' | 'yaml_error' | 'header_error' | 'crash';
  readonly errors: readonly string[];
  readonly deprecations: readonly string[];
}

/** Our expected result for the specification target, where it differs from cloud-init 26.2. */
export interface SpecExpectation {
  readonly valid: boolean;
  readonly errors: readonly string[];
  readonly deprecations: readonly string[];
}

export interface CorpusEntry {
  readonly 'cloud-init 26.2': CloudInitExpectation;
  readonly spec?: SpecExpectation;
  readonly why?: string;
}

export const CORPUS_DIR = fileURLToPath(new URL('../test/fixtures/cloud-config/', import.meta.url));

/** Every corpus file with its expectations. */
export function loadCorpus(): { files: string[]; entries: Readonly<Record<string, CorpusEntry>> } {
  const doc = JSON.parse(readFileSync(`${CORPUS_DIR}expectations.json`, 'utf8')) as { files: Record<string, CorpusEntry> };
  const files = readdirSync(CORPUS_DIR).filter((f) => f !== 'expectations.json').sort();
  return { files, entries: doc.files };
}

// Problems with the input itself are reported by cloud-init at pseudo-paths `format-l<line>.c<column>`;
// ours have the path "" and a line and column. Both are compared as "format".
const INPUT_CODES = new Set(['yaml_syntax', 'missing_header', 'unsupported_user_data', 'ignored_part', 'invalid_encoding', 'jinja_template', 'unrendered_template', 'too_deep', 'alias_limit', 'input_too_large']);

/** A result reduced to what the corpus compares: the verdict, error paths, deprecation paths. */
export interface Comparable {
  readonly valid: boolean;
  readonly errors: readonly string[];
  readonly deprecations: readonly string[];
}

const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

export function comparable(result: CloudConfigResult): Comparable {
  return {
    valid: result.valid,
    errors: sorted(result.errors.map((e) => (e.path === '' && INPUT_CODES.has(e.code) ? 'format' : e.path))),
    deprecations: sorted(result.deprecations.map((d) => d.path)),
  };
}

/** cloud-init's expectation in the same terms (a file cloud-init calls "not a YAML dict" is an error at ""). */
export function comparableCloudInit(e: CloudInitExpectation): Comparable {
  const errors = e.result === 'not_a_dict' ? [''] : sorted(e.errors.map((p) => (/^format-l\d+\.c\d+$/.test(p) ? 'format' : p)));
  return { valid: e.result === 'valid' || e.result === 'other' || e.result === 'empty', errors, deprecations: e.deprecations };
}

/**
 * Why a result disagrees with cloud-init 26.2's, or undefined when it agrees: the same verdict; the
 * same error paths (not compared where cloud-init crashed: it gives none); the same deprecation
 * paths, except that inside an invalid value we also report deprecated keys cloud-init drops.
 */
export function disagreement(result: CloudConfigResult, expected: CloudInitExpectation): string | undefined {
  const ours = comparable(result);
  const theirs = comparableCloudInit(expected);
  if (ours.valid !== theirs.valid) return `verdict: ${ours.valid ? 'valid' : 'invalid'}, cloud-init: ${expected.result}`;
  if (expected.result !== 'crash' && JSON.stringify(ours.errors) !== JSON.stringify(theirs.errors)) return `errors at ${ours.errors.join(', ')}; cloud-init: ${theirs.errors.join(', ')}`;
  const missing = theirs.deprecations.filter((d) => !ours.deprecations.includes(d));
  const extra = ours.deprecations.filter((d) => !theirs.deprecations.includes(d));
  if (missing.length > 0 || (ours.valid && extra.length > 0)) return `deprecations at ${ours.deprecations.join(', ')}; cloud-init: ${theirs.deprecations.join(', ')}`;
  return undefined;
}

/** Why a spec-target result differs from its written expectation, or undefined. */
export function specMismatch(result: CloudConfigResult, expected: SpecExpectation): string | undefined {
  const ours = comparable(result);
  return JSON.stringify(ours) === JSON.stringify({ valid: expected.valid, errors: expected.errors, deprecations: expected.deprecations }) ? undefined : `got ${JSON.stringify(ours)}`;
}

/** Validates a corpus file against a target (undefined: the spec). */
export function validateCorpusFile(file: string, cloudInitVersion: CloudInitVersion = 'spec'): CloudConfigResult {
  return validateCloudConfig(readFileSync(`${CORPUS_DIR}${file}`), { cloudInitVersion });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { files, entries } = loadCorpus();
  const invalid = (target: CloudInitVersion) => files.filter((f) => !validateCorpusFile(f, target).valid).length;
  const agree262 = files.filter((f) => disagreement(validateCorpusFile(f, '26.2'), entries[f]!['cloud-init 26.2']) === undefined);
  const agreeSpec = files.filter((f) => disagreement(validateCorpusFile(f), entries[f]!['cloud-init 26.2']) === undefined);
  const reasons = new Map<string, number>();
  for (const f of files) if (entries[f]!.why) reasons.set(entries[f]!.why!, (reasons.get(entries[f]!.why!) ?? 0) + 1);
  console.log(`corpus: ${files.length} files; invalid under the spec: ${invalid('spec')}, under cloud-init 26.2: ${invalid('26.2')}`);
  console.log(`target cloud-init 26.2: ${agree262.length}/${files.length} files agree with cloud-init 26.2 (verdict, error paths, deprecations)`);
  console.log(`target spec (default): ${agreeSpec.length}/${files.length} agree with cloud-init 26.2; ${files.length - agreeSpec.length} differ, each by a documented decision:`);
  console.log(`  ${[...reasons].sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1))).map(([id, n]) => `${id} ${n}`).join(', ')}`);
}
