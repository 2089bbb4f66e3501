import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateCloudConfig } from 'wc-legacy-api/cloud-config';

// Every regular expression the precompiled validators run (`pattern` and `patternProperties` of
// every target, as generated) is tried on long adversarial strings. A pattern that backtracks
// catastrophically takes minutes on these sizes (cloud-init's swap size pattern took 8 s on 50,000
// digits; on 200,000 it would take over a minute), so the test times out instead of finishing.
const generated = readFileSync(new URL('../../src/cloud-config/check/generated/cloud-config-validators.js', import.meta.url), 'utf8');
const sources = [...new Set([...generated.matchAll(/new RegExp\(("(?:[^"\\]|\\.)*"), "(\w*)"\)/g)].map((m) => JSON.stringify([JSON.parse(m[1]!) as string, m[2]!])))].map(
  (s) => JSON.parse(s) as [string, string],
);

const N = 200_000;
const PROBES = ['0', 'a', 'Z', '.', ':', ',', '-', '_', '+', ' ', '\n', '\r'];
const TAILS = ['', 'x', '!', '\n', '\nx', ':', '.', 'B', '\n:'];

const BODIES = [...PROBES.map((c) => c.repeat(N)), ...PROBES.flatMap((a, i) => PROBES.slice(i + 1).map((b) => (a + b).repeat(N / 2)))];

function* adversarial(): Generator<string> {
  // Each body alone, and after a valid-looking head, so that patterns anchored on their first
  // characters still reach the long part.
  for (const body of BODIES) for (const tail of TAILS) for (const head of ['', 'a:', '1.']) yield head + body + tail;
}

describe('schema patterns on adversarial input', () => {
  it('finds the patterns of the generated validators', () => {
    expect(sources.length).toBeGreaterThan(5);
    expect(sources.map(([source]) => source)).toContain('^.+$');
  });

  it.each(sources)('%s answers in linear time on 200,000-character strings', (source, flags) => {
    const regex = new RegExp(source, flags);
    let matches = 0;
    for (const text of adversarial()) if (regex.test(text)) matches++;
    expect(matches).toBeGreaterThanOrEqual(0);
  });

  it('rewrote the swap size and chpasswd patterns without changing what they accept', () => {
    const size = (value: string) => validateCloudConfig(`#cloud-config\nswap: {size: ${JSON.stringify(value)}}\n`).valid;
    for (const ok of ['512M', '1.5G', '.5G', '10B', '0T']) expect(size(ok)).toBe(true);
    for (const bad of ['M', '1.G', '1..5G', '1.5.5G', '5X', '1.5', `${'1'.repeat(50_000)}x`]) expect(size(bad)).toBe(false);
    const list = (entry: string) => validateCloudConfig(`#cloud-config\nchpasswd: {list: [${JSON.stringify(entry)}]}\n`).errors.filter((e) => e.code === 'pattern').length === 0;
    for (const ok of ['ada:secret', '::a', 'a::', 'x:y:z', ':::']) expect(list(ok)).toBe(true);
    for (const bad of [':a', 'a:', 'ab', ':', 'a:\nb', `${':'.repeat(50_000)}\nx`]) expect(list(bad)).toBe(false);
  });
});
