/**
 * Differential check of validateNetworkConfig against real cloud-init: generates random network-config
 * documents (version 1 and 2, bare and under `network:`, with valid and broken entries), has cloud-init
 * judge them through scripts/network-config-oracle.py, and compares the verdicts and paths.
 *
 * Usage: tsx scripts/network-config-differential.ts CLOUD_INIT_SOURCE [COUNT] [SEED] [RELEASE]
 *   CLOUD_INIT_SOURCE  an extracted cloud-init tree, e.g.
 *                      mkdir /tmp/ci262 && git --git-dir CLOUD_INIT_GIT archive refs/tags/26.2 cloudinit | tar -x -C /tmp/ci262
 *   COUNT, SEED        documents to generate (default 600) and the fast-check seed (default 42)
 *   RELEASE            the cloudInitVersion to validate with: the release of CLOUD_INIT_SOURCE (default latest)
 *
 * Needs python3 with Debian's python3-jsonschema and python3-yaml. Prints one summary line; exits 1 on a verdict
 * that differs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { validateNetworkConfig, type CloudInitVersion } from '../src/cloud-config/index';

const [source, countText = '600', seedText = '42', release = 'latest'] = process.argv.slice(2);
if (!source) {
  console.error('usage: tsx scripts/network-config-differential.ts CLOUD_INIT_SOURCE [COUNT] [SEED] [RELEASE]');
  process.exit(2);
}

const scalar = fc.oneof(
  fc.constantFrom('eth0', 'yes', 'no', 'fast', '802.3ad', 'on', 'off', 'static', 'dhcp4', 'x'.repeat(16), 'networkd', 'balance-rr', 'auto'),
  fc.integer({ min: -1, max: 300 }),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.constantFrom(
  ...['type', 'name', 'mtu', 'subnets', 'params', 'bond-mode', 'bond-miimon', 'address', 'gateway', 'network', 'destination', 'vlan_id', 'vlan_link'],
  ...['bridge_interfaces', 'bond_interfaces', 'dhcp4', 'addresses', 'parameters', 'mode', 'id', 'link', 'match', 'routes', 'to', 'via', 'nameservers'],
  ...['search', 'interfaces', 'set-name', 'macaddress', 'bogus', 'control', 'metric', 'netmask', 'stp', 'renderer'],
);
const { value } = fc.letrec((tie) => ({ value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })) }));
const typed = fc
  .record({ type: fc.constantFrom('physical', 'bond', 'bridge', 'vlan', 'nameserver', 'route', 'ethernet'), name: fc.constantFrom('eth0', 'br0') })
  .chain((base) => fc.dictionary(key, value, { maxKeys: 3 }).map((extra) => ({ ...extra, ...base })));
const v1 = fc.record({ version: fc.constantFrom(1, 1, 1, 2), config: fc.array(fc.oneof(typed, value), { maxLength: 4 }) }, { requiredKeys: ['version'] });
const device = fc.dictionary(key, value, { maxKeys: 4 });
const v2 = fc.record(
  {
    version: fc.constantFrom(2, 2, 3, 1),
    renderer: fc.constantFrom('networkd', 'NetworkManager', 'x'),
    ethernets: fc.dictionary(fc.constantFrom('eth0', 'eth1'), device, { maxKeys: 2 }),
    bonds: fc.dictionary(fc.constant('b0'), device, { maxKeys: 1 }),
    bridges: fc.dictionary(fc.constant('br0'), device, { maxKeys: 1 }),
    vlans: fc.dictionary(fc.constant('v0'), device, { maxKeys: 1 }),
  },
  { requiredKeys: [] },
);
const doc = fc.oneof(v1, v2).chain((d) => fc.boolean().map((wrap) => (wrap ? { network: d } : d)));

const dir = mkdtempSync(join(tmpdir(), 'network-config-differential-'));
try {
  const files = fc.sample(doc, { numRuns: Number(countText), seed: Number(seedText) }).map((d, i) => {
    const file = join(dir, `doc-${String(i).padStart(5, '0')}.yaml`);
    writeFileSync(file, stringify(d));
    return file;
  });
  const oracle = fileURLToPath(new URL('./network-config-oracle.py', import.meta.url));
  const verdicts = JSON.parse(execFileSync('python3', [oracle, source, ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 })) as Record<
    string,
    { valid: boolean; paths?: string[] }
  >;
  let agree = 0;
  let valid = 0;
  let atType = 0;
  let otherPaths = 0;
  const differ: string[] = [];
  for (const file of files) {
    const name = file.split('/').pop()!;
    const verdict = verdicts[name]!;
    const result = validateNetworkConfig(readFileSync(file, 'utf8'), { cloudInitVersion: release as CloudInitVersion });
    if (result.valid !== verdict.valid) {
      differ.push(name);
      continue;
    }
    agree++;
    if (verdict.valid) valid++;
    for (const path of verdict.paths ?? []) {
      if (path.startsWith('format-') || result.errors.some((e) => e.path === path)) continue;
      // An unknown v1 entry type: cloud-init reports the entry, we report its `type`.
      if (result.errors.some((e) => e.path === `${path}.type`)) atType++;
      else otherPaths++;
    }
  }
  console.log(
    `network-config differential (cloud-init at ${source}, ${files.length} documents, seed ${seedText}): ${agree} verdicts agree (${valid} valid), ${differ.length} differ; cloud-init paths not among ours: ${atType} reported at the entry's type instead, ${otherPaths} other`,
  );
  if (differ.length > 0) console.log(`differing: ${differ.slice(0, 10).join(' ')} (kept in ${dir})`);
  process.exitCode = differ.length > 0 ? 1 : 0;
} finally {
  if (process.exitCode !== 1) rmSync(dir, { recursive: true, force: true });
}
