import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigNotSupportedIssue, CloudConfigWarning } from './cloud-config-issue';
import type { CloudConfigResult, UnlistedIssues } from './cloud-config-result';
import { escapePointerSegment } from './json-pointer';
import { CLOUD_INIT_RELEASES, targetSchema, type CloudInitRelease } from './targets/targets';

// Validation against several cloud-init releases at once (`cloudInitVersion: ['22.4', '26.2']` or
// `'>=22.4'`): each release is validated on its own (its header rules, schema and reporting), then
// the results are merged. An issue several releases report is listed once with the releases it
// applies to. A key the newest release knows and an older one does not becomes one
// `not_supported` issue: on that older image cloud-init ignores it at boot, which no single
// release's `cloud-init schema` says (up to 23.3 an unknown top-level key is not even an error).

/** Validates the input against one release (validate-cloud-config.ts passes itself, as for parts). */
export type ReleaseValidator = (release: CloudInitRelease) => CloudConfigResult;
/** Where a key is in the source (`undefined` when the input is not text). */
export type KeyLocator = (pointer: string) => { readonly line: number; readonly column: number } | undefined;

type AnyIssue = CloudConfigIssue | CloudConfigDeprecation | CloudConfigWarning;

// The part is part of an issue's identity: the same issue in two parts of a MIME message is two issues.
const identity = (issue: AnyIssue): string => `${issue.part?.index ?? ''}\u0000${issue.code}\u0000${issue.pointer}\u0000${'property' in issue ? String(issue.property) : ''}\u0000${issue.message}`;
const unknownKey = (issue: AnyIssue, pointer: string, property: string): boolean => issue.code === 'additional_property' && issue.pointer === pointer && issue.property === property;
/** `22.4`, `22.4 and 26.2`, `22.1, 22.2 and 26.2`. */
export const named = (releases: readonly string[]): string => (releases.length === 1 ? releases[0]! : `${releases.slice(0, -1).join(', ')} and ${releases[releases.length - 1]}`);
const topLevelKeys = (release: CloudInitRelease): Readonly<Record<string, unknown>> => ((targetSchema(release) as { properties?: Record<string, unknown> }).properties ?? {});
const dotted = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

/**
 * The issues of every release, each once, with the releases it applies to (when not all of them,
 * its message names them too). Shared with network-config's multi-release validation.
 */
export function mergeReleaseIssues<T extends AnyIssue, R extends string = CloudInitRelease>(lists: readonly (readonly [R, readonly T[]])[], all: number): T[] {
  const seen = new Map<string, { issue: T; releases: R[] }>();
  for (const [release, issues] of lists) {
    for (const issue of issues) {
      const key = identity(issue);
      const known = seen.get(key);
      if (known) known.releases.push(release);
      else seen.set(key, { issue, releases: [release] });
    }
  }
  return [...seen.values()].map(({ issue, releases }) =>
    releases.length === all ? { ...issue, releases } : { ...issue, releases, message: `${issue.message} (cloud-init ${named(releases)})` },
  );
}

/**
 * Validates against each release and merges the results: `target` is the newest release,
 * `releases` all of them; valid when every release finds the config valid and no release lacks
 * one of its keys.
 */
export function validateAcrossReleases(releases: readonly CloudInitRelease[], validateOne: ReleaseValidator, locate: KeyLocator): CloudConfigResult {
  const cache = new Map<CloudInitRelease, CloudConfigResult>();
  const resultOf = (release: CloudInitRelease): CloudConfigResult => {
    let result = cache.get(release);
    if (result === undefined) cache.set(release, (result = validateOne(release)));
    return result;
  };
  const newest = releases[releases.length - 1]!;
  const latest = resultOf(newest);
  const missing = new Map<string, { pointer: string; property: string; path: string; releases: CloudInitRelease[]; addedIn: string; at?: { line?: number | undefined; column?: number | undefined } }>();
  const dropped = new Set<AnyIssue>();
  const lacks = (release: CloudInitRelease, pointer: string, property: string, path: string, addedIn: () => string, at?: { line?: number | undefined; column?: number | undefined }) => {
    const key = `${pointer}/${escapePointerSegment(property)}`;
    const known = missing.get(key);
    if (known) known.releases.push(release);
    else missing.set(key, { pointer, property, path, releases: [release], addedIn: addedIn(), ...(at ? { at } : {}) });
  };
  const config = latest.config !== undefined && latest.config !== null && typeof latest.config === 'object' ? latest.config : {};
  for (const release of releases.slice(0, -1)) {
    const later = CLOUD_INIT_RELEASES.slice(CLOUD_INIT_RELEASES.indexOf(release) + 1);
    for (const issue of resultOf(release).errors) {
      if (issue.code !== 'additional_property' || latest.errors.some((e) => unknownKey(e, issue.pointer, issue.property))) continue;
      dropped.add(issue);
      const addedIn = () => later.find((r) => !resultOf(r).errors.some((e) => unknownKey(e, issue.pointer, issue.property))) ?? newest;
      lacks(release, issue.pointer, issue.property, dotted(issue.path, issue.property), addedIn, issue);
    }
    // Up to 23.3 the top level is open: an unknown key is no error there, but still ignored.
    const known = topLevelKeys(release);
    for (const key of Object.keys(config)) {
      if (Object.prototype.hasOwnProperty.call(known, key) || !Object.prototype.hasOwnProperty.call(topLevelKeys(newest), key)) continue;
      if (missing.get(`/${escapePointerSegment(key)}`)?.releases.includes(release)) continue;
      const addedIn = () => later.find((r) => Object.prototype.hasOwnProperty.call(topLevelKeys(r), key)) ?? newest;
      lacks(release, '', key, key, addedIn, locate(`/${escapePointerSegment(key)}`));
    }
  }
  const notSupported = [...missing.values()].map(
    (m): CloudConfigNotSupportedIssue => ({
      code: 'not_supported',
      path: m.path,
      pointer: `${m.pointer}/${escapePointerSegment(m.property)}`,
      property: m.property,
      addedIn: m.addedIn,
      releases: m.releases,
      message: `not supported by cloud-init ${named(m.releases)} (added in ${m.addedIn}): it will be ignored at boot`,
      ...(m.at?.line !== undefined ? { line: m.at.line, column: m.at.column } : {}),
    }),
  );
  const lists = releases.map((r) => [r, resultOf(r)] as const);
  const byPosition = (a: AnyIssue, b: AnyIssue) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const errors: CloudConfigIssue[] = [...notSupported, ...mergeReleaseIssues(lists.map(([r, res]) => [r, res.errors.filter((e) => !dropped.has(e))] as const), releases.length)].sort(byPosition);
  const deprecations = mergeReleaseIssues(lists.map(([r, res]) => [r, res.deprecations] as const), releases.length).sort(byPosition);
  const warnings = mergeReleaseIssues(lists.map(([r, res]) => [r, res.warnings] as const), releases.length).sort(byPosition);
  // Each release listed at most maxIssues of its issues: the most one release found of a kind is a
  // floor for the merged count, and what the merged lists lack of it is counted as unlisted.
  const beyond = (count: (r: CloudConfigResult) => number, merged: number) => Math.max(0, ...lists.map(([, r]) => count(r) - merged));
  const unseen: UnlistedIssues = {
    errors: beyond((r) => r.errors.length + (r.unlisted?.errors ?? 0), errors.length),
    deprecations: beyond((r) => r.deprecations.length + (r.unlisted?.deprecations ?? 0), deprecations.length),
    warnings: beyond((r) => r.warnings.length + (r.unlisted?.warnings ?? 0), warnings.length),
  };
  const unlisted = unseen.errors + unseen.deprecations + unseen.warnings > 0 ? { unlisted: unseen } : {};
  const shared = { target: newest, releases, ...(latest.userDataType ? { userDataType: latest.userDataType } : {}), ...(latest.note ? { note: latest.note } : {}), deprecations, warnings, ...unlisted };
  return errors.length === 0
    ? { ...shared, valid: true, errors: [], config: (latest.config ?? {}) as CloudConfigResult['config'] & object }
    : { ...shared, valid: false, errors: errors as [CloudConfigIssue, ...CloudConfigIssue[]], config: latest.config };
}

/**
 * The merged result cut to `maxIssues` by `limit`, with the issues the releases found but did not
 * list (the merged result's `unlisted`, see above) added to what the cut leaves out.
 */
export function limitMerged(merged: CloudConfigResult, limit: (result: CloudConfigResult) => CloudConfigResult): CloudConfigResult {
  const unseen = merged.unlisted;
  if (unseen === undefined) return limit(merged);
  const limited = limit({ ...merged, unlisted: undefined });
  const cut = limited.unlisted ?? { errors: 0, deprecations: 0, warnings: 0 };
  return { ...limited, unlisted: { errors: cut.errors + unseen.errors, deprecations: cut.deprecations + unseen.deprecations, warnings: cut.warnings + unseen.warnings } };
}
