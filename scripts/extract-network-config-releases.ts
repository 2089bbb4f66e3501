/**
 * How each cloud-init release from 22.1 to 26.2 validates network-config, as facts:
 * `src/cloud-config/network/generated/network-config-releases.ts`. For each release (series tag):
 * - `none`: its `cloud-init schema` has no `--schema-type` option (22.1 to 23.3), so it does not
 *   validate network-config at all;
 * - `v1`: it has the option and only the v1 schema (23.4, 24.1): version 1 is checked, any other
 *   version is skipped ("No network schema for version");
 * - `v1-v2`: both schemas (24.2 on).
 * Point releases whose facts differ from their series' .0 (24.1.1, 24.1.2 to 24.1.7, 25.1.1 to
 * 25.1.4) get entries of their own, shared by a run of point releases with the same facts, and
 * `NETWORK_POINT_RELEASES` maps each of them to its entry.
 * The schemas themselves are kept as their differences from 26.2's facts (the package's base,
 * scripts/extract-network-config-schema.ts): `["s", pointer, value]` sets a node,
 * `["r", pointer]` removes one; lists are replaced whole.
 *
 * Usage: tsx scripts/extract-network-config-releases.ts GIT_DIR
 *   GIT_DIR  a clone (or bare mirror) of https://github.com/canonical/cloud-init
 * Prints the sha256 (12 hex digits) of each tag's v1 and v2 schema files, point releases
 * included, as evidence of where they change.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLOUD_INIT_POINT_RELEASES, CLOUD_INIT_RELEASES } from '../src/cloud-config/targets/generated/cloud-init-releases';
import { NETWORK_SCHEMA_FILES, networkSchemaFacts } from './network-schema-facts';

const [gitDir] = process.argv.slice(2);
if (!gitDir) {
  console.error('usage: tsx scripts/extract-network-config-releases.ts GIT_DIR');
  process.exit(2);
}
const BASE = CLOUD_INIT_RELEASES[CLOUD_INIT_RELEASES.length - 1]!;

function show(tag: string, path: string): string | undefined {
  try {
    return execFileSync('git', ['--git-dir', gitDir!, 'show', `refs/tags/${tag}:${path}`], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

const hash = (text: string | undefined) => (text === undefined ? '-' : createHash('sha256').update(text).digest('hex').slice(0, 12));

type Op = ['s', string, unknown] | ['r', string];
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The changes that turn `from` into `to` (objects recursed, anything else replaced whole). */
function diff(from: unknown, to: unknown, at: string, ops: Op[]): void {
  if (JSON.stringify(from) === JSON.stringify(to)) return;
  if (!isObject(from) || !isObject(to) || at === '') {
    if (at !== '' || !isObject(from) || !isObject(to)) {
      ops.push(['s', at, to]);
      return;
    }
  }
  for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) ops.push(['r', `${at}/${escape(key)}`]);
  for (const [key, value] of Object.entries(to)) {
    if (!Object.hasOwn(from, key)) ops.push(['s', `${at}/${escape(key)}`, value]);
    else diff(from[key], value, `${at}/${escape(key)}`, ops);
  }
}

const tags = [...CLOUD_INIT_RELEASES, ...Object.keys(CLOUD_INIT_POINT_RELEASES)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
for (const tag of tags) console.log(`${tag.padEnd(7)} v1 ${hash(show(tag, NETWORK_SCHEMA_FILES.v1))} v2 ${hash(show(tag, NETWORK_SCHEMA_FILES.v2))}`);

const facts = (tag: string, version: 'v1' | 'v2') => {
  const text = show(tag, NETWORK_SCHEMA_FILES[version]);
  return text === undefined ? undefined : networkSchemaFacts(JSON.parse(text), version);
};
const base = { v1: facts(BASE, 'v1'), v2: facts(BASE, 'v2') };
const releases: Record<string, unknown[]> = {};
for (const release of CLOUD_INIT_RELEASES) {
  const hasOption = show(release, 'cloudinit/config/schema.py')?.includes('"--schema-type"') === true;
  const v1 = facts(release, 'v1');
  const v2 = facts(release, 'v2');
  const validation = !hasOption || v1 === undefined ? 'none' : v2 === undefined ? 'v1' : 'v1-v2';
  const changes = (version: 'v1' | 'v2', schema: unknown) => {
    const ops: Op[] = [];
    if (schema !== undefined) diff(base[version], schema, '', ops);
    return ops;
  };
  releases[release] = validation === 'none' ? ['none'] : [validation, changes('v1', v1), changes('v2', v2)];
  const counts = validation === 'none' ? '' : ` (${changes('v1', v1).length} v1 / ${changes('v2', v2).length} v2 changes from ${BASE})`;
  console.error(`${release}: ${validation}${counts}`);
}

// Point releases whose network-config facts differ from their series' .0 (its `cloud-init schema`
// option and the v1/v2 facts compared): each such point release is its own target; consecutive
// ones with the same facts share one entry, named for the first of them (24.1.2 for 24.1.2 to
// 24.1.7). Every other point release is its series, as for cloud-config.
const points: Record<string, string> = {};
const seriesOf = (tag: string) => tag.split('.').slice(0, 2).join('.');
let previous: { key: string; facts: string } | undefined;
for (const tag of tags) {
  if (!Object.hasOwn(CLOUD_INIT_POINT_RELEASES, tag)) {
    previous = undefined;
    continue;
  }
  const series = seriesOf(tag);
  const hasOption = show(tag, 'cloudinit/config/schema.py')?.includes('"--schema-type"') === true;
  const v1 = facts(tag, 'v1');
  const v2 = facts(tag, 'v2');
  const validation = !hasOption || v1 === undefined ? 'none' : v2 === undefined ? 'v1' : 'v1-v2';
  const ops = (version: 'v1' | 'v2', schema: unknown) => {
    const out: Op[] = [];
    if (schema !== undefined) diff(base[version], schema, '', out);
    return out;
  };
  const entry = validation === 'none' ? ['none'] : [validation, ops('v1', v1), ops('v2', v2)];
  const key = JSON.stringify(entry);
  if (key === JSON.stringify(releases[series])) {
    previous = undefined;
    continue;
  }
  if (previous !== undefined && previous.facts === key && seriesOf(previous.key) === series) {
    points[tag] = previous.key;
  } else {
    releases[tag] = entry;
    points[tag] = tag;
    previous = { key: tag, facts: key };
  }
  console.error(`${tag}: differs from ${series}; uses ${points[tag]}'s facts`);
}

const target = fileURLToPath(new URL('../src/cloud-config/network/generated/network-config-releases.ts', import.meta.url));
const body = `// Generated by scripts/extract-network-config-releases.ts from each cloud-init release's
// ${NETWORK_SCHEMA_FILES.v1}, ${NETWORK_SCHEMA_FILES.v2} and whether its
// \`cloud-init schema\` takes --schema-type: facts only, as differences from ${BASE}'s. DO NOT EDIT.

/** How a release's \`cloud-init schema -t network-config\` validates, and its schemas' changes from ${BASE}'s. */
export type NetworkReleaseFacts =
  | readonly ['none']
  | readonly ['v1' | 'v1-v2', readonly NetworkSchemaOp[], readonly NetworkSchemaOp[]];

/** \`['s', pointer, value]\` sets the node at a JSON pointer; \`['r', pointer]\` removes it. */
export type NetworkSchemaOp = readonly ['s', string, unknown] | readonly ['r', string];

/**
 * The point releases whose network-config validation differs from their series' .0, each with the
 * entry of its facts (the first point release of a run that shares them). Any other point release
 * validates network-config as its series does.
 */
export const NETWORK_POINT_RELEASES = ${JSON.stringify(points)} as const;

/** A point release with network-config schemas of its own (\`'24.1.3'\`). */
export type NetworkPointRelease = keyof typeof NETWORK_POINT_RELEASES;

const FACTS = ${JSON.stringify(JSON.stringify(releases))};

let parsed: Readonly<Record<string, NetworkReleaseFacts>> | undefined;

/** Each release's facts, parsed once. */
export function networkReleaseFacts(): Readonly<Record<string, NetworkReleaseFacts>> {
  parsed ??= JSON.parse(FACTS) as Record<string, NetworkReleaseFacts>;
  return parsed;
}
`;
writeFileSync(target, body);
console.error(`wrote ${target} (${body.length} characters)`);
