import type { CloudConfigDeprecation, CloudConfigInputIssue, CloudConfigIssue, CloudConfigWarning } from '../cloud-config-issue';
import { checkPlainData } from '../check/check-plain-data';
import { schemaView } from '../check/schema-view';
import { typeName } from '../issues/describe-value';
import { escapePointerSegment } from '../json-pointer';
import { parseYaml, type ParsedYaml } from '../yaml/parse-yaml';
import { sourcePosition } from '../yaml/source-position';
import { CLOUD_INIT_RELEASES, LATEST_CLOUD_INIT_VERSION, type CloudInitVersion, type CloudInitVersions } from '../targets/targets';
import { mergeNetworkResults } from './network-across-releases';
import type { NetworkConfigResult } from './network-config-result';
import { networkFactsEntry, networkRelease } from './network-releases';
import type { NetworkSchemaNode } from './network-schema';
import { networkTargetOf, networkTargetsOf, type NetworkConfigTarget } from './network-targets';

/**
 * Options for {@link validateNetworkConfig}.
 *
 * @example
 * ```ts
 * validateNetworkConfig(text, { maxBytes: 64 * 1024, maxIssues: 20, cloudInitVersion: '24.4' });
 * ```
 */
export interface ValidateNetworkConfigOptions {
  /** Largest text or byte input read, in bytes (default 1 MiB). */
  readonly maxBytes?: number | undefined;
  /** Deepest nesting of mappings and lists accepted (default 64, at most 256), as for `validateCloudConfig`. */
  readonly maxDepth?: number | undefined;
  /** Most issues listed (default 100, errors first); the rest are counted in `unlisted`. */
  readonly maxIssues?: number | undefined;
  /**
   * The cloud-init release whose `cloud-init schema -t network-config` to agree with: `'22.1'` to
   * `'26.2'` (a series means its .0 release), a point release (`'24.1.3'`: its own schemas where
   * they differ from its series', 24.1.1 to 24.1.7 and 25.1.1 to 25.1.4; any other point release
   * means its series), `'latest'` (the default) or `'spec'` (there is no
   * separate network-config specification: 26.2's schemas), or several releases as for
   * `validateCloudConfig` (`['23.4', '26.2']`, `'>=24.1'`, which includes 24.1's point releases
   * with schemas of their own; `'<=24.1'` stops at 24.1.0): the input is parsed once, each release
   * checks it, and each issue lists the `releases` it applies to. 22.1 to 23.3 do not validate
   * network-config (the result's `note` says so once); 23.4 and 24.1 check version 1 only.
   */
  readonly cloudInitVersion?: CloudInitVersion | CloudInitVersions | undefined;
}

// Device kinds netplan reads under `network:` that cloud-init's own v2 schema does not list: on an
// image with netplan, cloud-init hands version 2 to netplan, which accepts them.
const NETPLAN_ONLY_KEYS: ReadonlySet<string> = new Set(['wifis', 'modems', 'tunnels', 'vrfs', 'nm-devices', 'dummy-devices', 'virtual-ethernets']);
const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;
const MAX_DEPTH_CEILING = 256;
const DEFAULT_MAX_ISSUES = 100;
const SUPPORTED = `'${CLOUD_INIT_RELEASES[0]}' to '${LATEST_CLOUD_INIT_VERSION}' or one of their point releases (such as '24.1.3'), 'latest' or 'spec', or several releases: a list or a range such as '>=24.1'`;

/** The branch of the root union that is the `network:` wrapper (it requires `network`). */
function wrapperBranch(branches: readonly NetworkSchemaNode[]): number | undefined {
  const index = branches.findIndex((b) => typeof b === 'object' && b.required?.includes('network') === true);
  return index === -1 ? undefined : index;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeName(value) === 'object';
}

type Found = { errors: CloudConfigIssue[]; deprecations: CloudConfigDeprecation[]; warnings: readonly CloudConfigWarning[] };

function finish(target: NetworkConfigTarget, found: Found, config: Readonly<Record<string, unknown>> | undefined, networkVersion: 1 | 2 | undefined, maxIssues: number, note?: string): NetworkConfigResult {
  const total = found.errors.length + found.deprecations.length + found.warnings.length;
  const errors = found.errors.slice(0, maxIssues);
  const deprecations = found.deprecations.slice(0, Math.max(0, maxIssues - errors.length));
  const warnings = found.warnings.slice(0, Math.max(0, maxIssues - errors.length - deprecations.length));
  const base = {
    target,
    ...(networkVersion !== undefined ? { networkVersion } : {}),
    ...(note !== undefined ? { note } : {}),
    deprecations,
    warnings,
    ...(total > maxIssues
      ? { unlisted: { errors: found.errors.length - errors.length, deprecations: found.deprecations.length - deprecations.length, warnings: found.warnings.length - warnings.length } }
      : {}),
  } as const;
  if (errors.length === 0) return { ...base, valid: true, errors: [], config: config ?? {} };
  return { ...base, valid: false, errors: errors as [CloudConfigIssue, ...CloudConfigIssue[]], config };
}

function inputIssue(code: CloudConfigInputIssue['code'], message: string, pointer = '', parsed?: ParsedYaml): CloudConfigInputIssue {
  // A document of comments alone has no node to point at: its start stands for it.
  const at = parsed ? (sourcePosition(parsed, pointer, 'value') ?? { line: 1, column: 1 }) : undefined;
  return { code, path: pointer.slice(1).replaceAll('/', '.'), pointer, message, ...(at ? { line: at.line, column: at.column } : {}) };
}

/** Adds source positions (an unknown key at the key itself) and orders issues as the file reads. */
function positioned<T extends CloudConfigIssue | CloudConfigDeprecation>(issues: T[], parsed: ParsedYaml | undefined): T[] {
  if (parsed) {
    for (const issue of issues) {
      const isKey = issue.code === 'additional_property';
      const at = sourcePosition(parsed, isKey ? `${issue.pointer}/${escapePointerSegment(issue.property)}` : issue.pointer, isKey ? 'key' : issue.code === 'deprecated' ? 'entry' : 'value');
      // The issues were made for this validation alone: positions are added in place.
      if (at) Object.assign(issue, { line: at.line, column: at.column });
    }
  }
  return issues.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function validateData(release: NetworkConfigTarget, data: unknown, parsed: ParsedYaml | undefined, warnings: readonly CloudConfigWarning[], maxDepth: number, maxIssues: number): NetworkConfigResult {
  if (networkRelease(release).validation === 'none') {
    // Its `cloud-init schema` has no --schema-type: that release checks no network-config schema.
    const note = `cloud-init ${release} does not validate network-config (its cloud-init schema has no --schema-type): not validated`;
    return finish(release, { errors: [], deprecations: [], warnings }, isMapping(data) ? data : {}, undefined, maxIssues, note);
  }
  if (!isMapping(data)) {
    const message = `a network-config must be a YAML mapping (version: 1 or 2, optionally under network:), got ${typeName(data)}`;
    return finish(release, { errors: [inputIssue('not_a_mapping', message, '', parsed)], deprecations: [], warnings }, undefined, undefined, maxIssues);
  }
  if (!parsed?.plain) {
    const shapeIssue = checkPlainData(data, maxDepth);
    if (shapeIssue) return finish(release, { errors: [shapeIssue], deprecations: [], warnings }, undefined, undefined, maxIssues);
  }
  const wrapped = Object.hasOwn(data, 'network');
  const network = wrapped ? data['network'] : data;
  // cloud-init skips an empty config (`{}`, `network:` with nothing or an empty mapping under it).
  if (network === null || network === undefined || network === false || network === 0 || network === '' || (isMapping(network) && Object.keys(network).length === 0) || (Array.isArray(network) && network.length === 0)) {
    return finish(release, { errors: [], deprecations: [], warnings }, data, undefined, maxIssues, 'empty network config: nothing to validate');
  }
  if (!isMapping(network)) {
    // cloud-init 26.2 fails with a Python error here; the file is invalid either way.
    const message = `expected a mapping under network: (version: 1 or 2 and its keys), got ${typeName(network)}`;
    const issue: CloudConfigIssue = { code: 'type', path: 'network', pointer: '/network', expected: ['object'], received: typeName(network), message };
    return finish(release, { errors: positioned([issue], parsed), deprecations: [], warnings }, data, undefined, maxIssues);
  }
  const declared = network['version'];
  const networkVersion = declared === 1 || declared === 2 ? declared : undefined;
  const { validation, checker } = networkRelease(release);
  if (validation === 'v1' && networkVersion !== 1) {
    // As 23.4 and 24.1 do (24.1 hands version 2 to netplan when it is installed).
    const note = `cloud-init ${release} has no network-config schema for version ${JSON.stringify(declared ?? null)}: not validated`;
    return finish(release, { errors: [], deprecations: [], warnings }, data, networkVersion, maxIssues, note);
  }
  // As cloud-init: version 1 is checked against the v1 schema, anything else against v2's.
  const view = parsed?.plain ? parsed.schemaValue : schemaView(parsed ? parsed.schemaValue : data);
  // With network: present, cloud-init reads it (and its version): the wrapper is the form meant.
  const found = checker(networkVersion === 1 ? 1 : 2).check(view, (branches) => (wrapped ? wrapperBranch(branches) : undefined));
  const versionPointer = wrapped ? '/network/version' : '/version';
  const errors = found.errors.map((issue): CloudConfigIssue => {
    // The v2 schema says "expected 2" to a version 3; the truth is "1 or 2".
    if (issue.code === 'enum' && issue.pointer === versionPointer && networkVersion === undefined) {
      return { ...issue, allowed: [1, 2], message: issue.message.replace(/^expected .*?, got/, 'expected network-config version 1 or 2, got') };
    }
    if (issue.code === 'additional_property' && networkVersion === 2 && issue.pointer === (wrapped ? '/network' : '') && NETPLAN_ONLY_KEYS.has(issue.property)) {
      const message = `unknown key ${JSON.stringify(issue.property)}: cloud-init's network-config v2 schema does not list it (netplan does: on an image with netplan, cloud-init passes version 2 to netplan instead)`;
      return { ...issue, message };
    }
    return issue;
  });
  return finish(release, { errors: positioned(errors, parsed), deprecations: positioned(found.deprecations, parsed), warnings }, data, networkVersion, maxIssues);
}

/**
 * What is read before any release's schemas, the same for every release: the data (parsed once),
 * or the result of input that stops before a schema (too large, not UTF-8, empty, not YAML).
 */
type Loaded = { readonly data: unknown; readonly parsed: ParsedYaml | undefined; readonly warnings: readonly CloudConfigWarning[] } | { readonly stop: (release: NetworkConfigTarget) => NetworkConfigResult };

function load(input: unknown, maxBytes: number, maxDepth: number, maxIssues: number): Loaded {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) return { data: input, parsed: undefined, warnings: [] };
  const stop = (found: Found, config?: Readonly<Record<string, unknown>>, note?: string): Loaded => ({ stop: (release) => finish(release, found, config, undefined, maxIssues, note) });
  if (input.length > maxBytes) {
    const unit = typeof input === 'string' ? 'characters' : 'bytes';
    return stop({ errors: [inputIssue('input_too_large', `network-config is ${input.length} ${unit}, over the limit of ${maxBytes}`)], deprecations: [], warnings: [] });
  }
  let text: string;
  try {
    text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return stop({ errors: [inputIssue('invalid_encoding', 'network-config is not UTF-8 text')], deprecations: [], warnings: [] });
  }
  // As `cloud-init schema`: an empty file has nothing to validate (a blank or comment-only one is
  // read as null, which is not a mapping, and is an error there too).
  if (text.length === 0) return stop({ errors: [], deprecations: [], warnings: [] }, {}, 'empty: nothing to validate');
  const parsed = parseYaml(text, maxDepth);
  if (!parsed.ok) return stop({ errors: [...parsed.errors], deprecations: [], warnings: parsed.warnings });
  return { data: parsed.parsed.value, parsed: parsed.parsed, warnings: parsed.parsed.warnings };
}

function validateUnsafe(input: unknown, options: ValidateNetworkConfigOptions): NetworkConfigResult {
  const maxIssues = options.maxIssues === undefined || Number.isNaN(options.maxIssues) ? DEFAULT_MAX_ISSUES : Math.max(1, Math.floor(options.maxIssues));
  const several = networkTargetsOf(options.cloudInitVersion);
  const wanted = options.cloudInitVersion === 'spec' ? LATEST_CLOUD_INIT_VERSION : networkTargetOf(options.cloudInitVersion);
  const releases = several ?? (wanted === undefined || wanted === 'spec' ? undefined : [wanted]);
  if (releases === undefined) {
    const message = `unknown cloudInitVersion ${JSON.stringify(String(options.cloudInitVersion))}; use ${SUPPORTED}`;
    return finish(LATEST_CLOUD_INIT_VERSION, { errors: [inputIssue('invalid_input', message)], deprecations: [], warnings: [] }, undefined, undefined, maxIssues);
  }
  const maxDepth = options.maxDepth === undefined || Number.isNaN(options.maxDepth) ? DEFAULT_MAX_DEPTH : Math.max(1, Math.min(MAX_DEPTH_CEILING, Math.floor(options.maxDepth)));
  const loaded = load(input, options.maxBytes ?? DEFAULT_MAX_BYTES, maxDepth, maxIssues);
  const one = (release: NetworkConfigTarget) => ('stop' in loaded ? loaded.stop(release) : validateData(release, loaded.data, loaded.parsed, loaded.warnings, maxDepth, maxIssues));
  if (releases.length === 1) return one(releases[0]!);
  // Several releases: one parse (above), each release's schemas on the shared document, merged.
  // Point releases that share schemas (24.1.2 to 24.1.7) share one check: its result is theirs.
  const byEntry = new Map<string, NetworkConfigResult>();
  const shared = (release: NetworkConfigTarget): NetworkConfigResult => {
    const entry = networkFactsEntry(release);
    const known = byEntry.get(entry);
    if (known === undefined) {
      const result = one(release);
      byEntry.set(entry, result);
      return result;
    }
    const note = known.note?.replace(`cloud-init ${known.target} `, `cloud-init ${release} `);
    return { ...known, target: release, ...(note !== undefined ? { note } : {}) };
  };
  return mergeNetworkResults(releases.map((release) => [release, shared(release)] as const), maxIssues);
}

/**
 * Validates cloud-init network configuration (version 1 or version 2, with or without the
 * top-level `network:` key) the way `cloud-init schema -t network-config` of the chosen release
 * (`cloudInitVersion`, default the newest, 26.2) does on a machine without netplan: version 1
 * against that release's v1 schema, anything else against its v2 schema (22.1 to 23.3 validate
 * no network-config; 23.4 and 24.1 version 1 only: the rest comes back valid with a `note`). Issues carry paths and line/column like `validateCloudConfig`'s. Never throws.
 *
 * `input` is YAML text (no `#cloud-config` header: network-config has none), UTF-8 bytes, or an
 * already-parsed object.
 *
 * @example
 * ```ts
 * import { validateNetworkConfig } from 'wc-legacy-api/cloud-config';
 *
 * const result = validateNetworkConfig('network:\n  version: 1\n  config:\n    - type: physical\n      name: eth0\n      mtu: big\n');
 * // result.valid === false
 * // result.errors[0]: { code: 'type', path: 'network.config.0.mtu', message: 'expected integer or null, got string "big"', line: 6, column: 12, ... }
 *
 * validateNetworkConfig(text, { cloudInitVersion: ['23.4', '26.2'] }).errors[0].releases; // ['23.4']
 * ```
 */
export function validateNetworkConfig(input: unknown, options: ValidateNetworkConfigOptions = {}): NetworkConfigResult {
  try {
    return validateUnsafe(input, options ?? {});
  } catch (error) {
    // A last line of defence: exotic objects (throwing getters, proxies) or a bug still come back as data.
    const reason = error instanceof RangeError ? 'it nests too deeply' : 'it could not be read as plain data';
    const release = options?.cloudInitVersion === 'spec' ? undefined : networkTargetOf(options?.cloudInitVersion);
    return finish(release === undefined || release === 'spec' ? LATEST_CLOUD_INIT_VERSION : release, { errors: [inputIssue(error instanceof RangeError ? 'too_deep' : 'invalid_input', `the input cannot be validated: ${reason}`)], deprecations: [], warnings: [] }, undefined, undefined, 1);
  }
}
