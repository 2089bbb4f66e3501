import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { userDataEngines } from '../../src/cloud-config/input/all-user-data-engines';
import { LoadedInput } from '../../src/cloud-config/input/loaded-input';
import { networkConfigHint } from '../../src/cloud-config/output/network-config-cli';
import { validateUserData } from '../../src/cloud-config/validate-user-data';

// The CLI's network-config hint for an invalid file asks what validating the file parsed (LoadedInput) before it
// parses the file's text itself (issue 26 item 6: a file that is not YAML, an unrendered template say, was parsed a
// third time for the hint). With or without that record, the hint must be the same, for every file of the corpora.

const fixtures = new URL('../fixtures/', import.meta.url);
const corpora = new URL('../../../shared/corpora/', import.meta.url);

function files(): [string, Buffer][] {
  const dirs = [new URL('cloud-config/', fixtures), new URL('network-config/', fixtures)];
  if (existsSync(corpora)) for (const set of ['cloud-config-wild', 'cloud-config-official', 'network-config-wild']) dirs.push(new URL(`${set}/cases/`, corpora));
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .sort()
      .map((name): [string, Buffer] => [name, readFileSync(new URL(name, dir))]),
  );
}

const MULTIPART = [
  'Content-Type: multipart/mixed; boundary="==b=="',
  'MIME-Version: 1.0',
  '',
  '--==b==',
  'Content-Type: text/cloud-config; charset="us-ascii"',
  '',
  '#cloud-config',
  'version: 2',
  'ethernets:',
  '  eth0: {dhcp4: true}',
  '--==b==--',
  '',
].join('\n');

describe("the CLI's network-config hint", () => {
  it('is the same with the validation\'s parse as with a parse of its own, on every corpus file', () => {
    let hints = 0;
    let reused = 0;
    const extra: [string, Buffer][] = [
      // Not YAML, with the word `version`: the hint's parse is the validation's.
      ['template.yaml', Buffer.from('#cloud-config\nversion: 2\nethernets: {{ interfaces }}\n')],
      ['plain.yaml', Buffer.from('#cloud-config\n- version: 2\n')],
      // Validation parses the part, not the message: the hint must not take the part's data for the file's.
      ['multipart.txt', Buffer.from(MULTIPART)],
    ];
    for (const [name, bytes] of [...files(), ...extra]) {
      const loaded = new LoadedInput();
      const result = validateUserData(bytes, {}, userDataEngines, loaded);
      if (result.valid) continue;
      const source = bytes.toString('utf8');
      let asked = 0;
      const recorded = networkConfigHint(name, source, result, (text, maxDepth) => {
        asked++;
        return loaded.parse(text, maxDepth);
      });
      expect(recorded).toBe(networkConfigHint(name, source, result));
      if (recorded !== undefined) hints++;
      if (asked > 0 && source.startsWith('#cloud-config')) reused++;
    }
    // Not a comparison of nothing: the corpora hold network-config files (hints), and texts validation parsed.
    expect(hints).toBeGreaterThan(5);
    expect(reused).toBeGreaterThan(1);
  });

  it('parses again for another depth limit than the one validation used', () => {
    const loaded = new LoadedInput();
    const text = '#cloud-config\na:\n  b:\n    c:\n      d: 1\n';
    const first = loaded.parse(text, 64);
    expect(first.ok).toBe(true);
    expect(loaded.parse(text, 64)).toBe(first);
    const shallow = loaded.parse(text, 2);
    expect(shallow.ok).toBe(false);
    expect(loaded.parse(text, 64)).toBe(first);
  });
});
