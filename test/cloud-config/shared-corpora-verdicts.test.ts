import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig } from 'wc-legacy-api/cloud-config';

// The shared corpora (../shared/corpora, outside the repository: 177 documentation examples and
// 159 real user-data files, each with real cloud-init 26.2's verdict in oracle.jsonl): under the
// '26.2' target every verdict is cloud-init's, templates and multipart included.
const corpora = new URL('../../../shared/corpora/', import.meta.url);

interface Verdict {
  readonly file: string;
  readonly valid: boolean;
  readonly outcome: string;
}

describe.runIf(existsSync(corpora))('the shared corpora under cloud-init 26.2', () => {
  const instanceData = existsSync(corpora) ? (JSON.parse(readFileSync(new URL('cloud-config-instance-data.json', corpora), 'utf8')) as Record<string, unknown>) : {};
  for (const set of ['cloud-config-official', 'cloud-config-wild']) {
    it(`${set}: every verdict is cloud-init's`, () => {
      const oracle = readFileSync(new URL(`${set}/oracle.jsonl`, corpora), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Verdict);
      expect(oracle.length).toBeGreaterThan(150);
      const disagree = oracle.filter((o) => validateCloudConfig(readFileSync(new URL(`${set}/cases/${o.file}`, corpora)), { cloudInitVersion: '26.2', instanceData }).valid !== o.valid);
      expect(disagree.map((o) => `${o.file} (${o.outcome})`)).toEqual([]);
    }, 300_000);
  }
});
