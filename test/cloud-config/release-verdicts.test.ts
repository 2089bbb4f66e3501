import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCloudInitReleases, validateCloudConfig, type CloudInitVersion } from 'wc-legacy-api/cloud-config';

// The older releases' validators load on demand (docs/cloud-config.md).
beforeAll(() => loadCloudInitReleases());

// Each cloud-init release's own verdicts (scripts/cloud-init-release-verdicts.py ran the release's
// validator from its tag) on its documentation examples and on the shared real-world files, and
// ours under that release's target. The verdict files hold no file content: each file is found
// by the SHA-256 of its bytes among ../shared/corpora (the examples of 22.4, 23.4, 24.4, 25.1 and
// 26.2; most examples of the other releases are the same bytes), and, when CLOUD_INIT_EXAMPLES
// names the script's --examples-dir, among every release's own examples.
const corpora = new URL('../../../shared/corpora/', import.meta.url);
const verdictDir = new URL('./release-verdicts/', import.meta.url);

interface Verdict {
  readonly file: string;
  readonly sha256: string;
  readonly valid: boolean;
  readonly errors: readonly string[];
}
interface ReleaseVerdicts {
  readonly release: CloudInitVersion;
  readonly official: readonly Verdict[];
  readonly wild: readonly Verdict[];
}

const sha = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex').slice(0, 16);

function filesIn(dir: string, into: Map<string, string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) into.set(sha(readFileSync(`${dir}/${name}`)), `${dir}/${name}`);
}

const releases = readdirSync(verdictDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, verdictDir), 'utf8')) as ReleaseVerdicts);

describe.runIf(existsSync(corpora))('every release agrees with its own validator', () => {
  const root = new URL(corpora).pathname;
  const instanceData = JSON.parse(readFileSync(`${root}cloud-config-instance-data.json`, 'utf8')) as Record<string, unknown>;
  const known = new Map<string, string>();
  filesIn(`${root}cloud-config-official/cases`, known);
  for (const release of existsSync(`${root}cloud-config-releases`) ? readdirSync(`${root}cloud-config-releases`) : []) filesIn(`${root}cloud-config-releases/${release}/official/cases`, known);
  const own = process.env.CLOUD_INIT_EXAMPLES;

  it('has the verdicts of every release from 22.1 to 26.2', () => {
    expect(releases.map((r) => r.release)).toEqual(['22.1', '22.2', '22.3', '22.4', '23.1', '23.2', '23.3', '23.4', '24.1', '24.2', '24.3', '24.4', '25.1', '25.2', '25.3', '26.1', '26.2']);
  });

  for (const { release, official, wild } of releases) {
    it(`${release}: its documentation examples and the real-world files get its verdicts`, () => {
      const files = new Map(known);
      if (own) filesIn(`${own}/${release}`, files);
      const checked: Verdict[] = [];
      const disagree: string[] = [];
      const check = (v: Verdict, path: string | undefined): void => {
        if (path === undefined) return;
        checked.push(v);
        const ours = validateCloudConfig(readFileSync(path), { cloudInitVersion: release, instanceData });
        if (ours.valid !== v.valid) disagree.push(`${v.file}: cloud-init ${release} says ${v.valid ? 'valid' : `invalid at ${v.errors.join(', ')}`}, ours ${ours.valid ? 'valid' : ours.errors.map((e) => e.path).join(', ')}`);
      };
      for (const v of official) check(v, files.get(v.sha256));
      const found = checked.length;
      for (const v of wild) check(v, sha(readFileSync(`${root}cloud-config-wild/cases/${v.file}`)) === v.sha256 ? `${root}cloud-config-wild/cases/${v.file}` : undefined);
      expect(disagree).toEqual([]);
      // Most of a release's examples are found in the shared corpora (all with CLOUD_INIT_EXAMPLES),
      // and both valid and invalid verdicts are among them.
      expect(found).toBeGreaterThan(official.length * (own ? 0.99 : 0.5));
      expect(checked.length - found).toBe(159);
      expect(new Set(checked.map((v) => v.valid))).toEqual(new Set([true, false]));
    }, 120_000);
  }
});
