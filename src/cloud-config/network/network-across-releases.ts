import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigWarning } from '../cloud-config-issue';
import type { UnlistedIssues } from '../cloud-config-result';
import { mergeReleaseIssues, named } from '../validate-across-releases';
import type { NetworkConfigResult } from './network-config-result';
import type { NetworkConfigTarget } from './network-targets';

// network-config against several releases at once (`cloudInitVersion: ['23.4', '26.2']` or
// `'>=24.1'`): the input is read and parsed once, each release's schemas check the shared document
// (validate-network-config.ts), and the results are merged as cloud-config's are: an issue several
// releases report is listed once with the releases it applies to. There is no `not_supported`
// here: a network-config key a release does not know is that release's own error.

type Listed = CloudConfigIssue | CloudConfigDeprecation | CloudConfigWarning;

const byPosition = (a: Listed, b: Listed) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

const PLURAL: readonly (readonly [string, string])[] = [
  [' does not validate ', ' do not validate '],
  [' has no network-config ', ' have no network-config '],
  ['(its cloud-init schema ', '(their cloud-init schema '],
];

/**
 * The notes of the releases, each said once: `cloud-init 22.1, 22.2 and 23.3 do not validate
 * network-config (...)`. A note that names no release (an empty file) names the releases it
 * applies to when not all of them.
 */
function mergedNotes(results: readonly (readonly [NetworkConfigTarget, NetworkConfigResult])[]): string | undefined {
  const groups = new Map<string, NetworkConfigTarget[]>();
  for (const [release, result] of results) {
    if (result.note === undefined) continue;
    const key = result.note.replace(`cloud-init ${release} `, 'cloud-init \u0000 ');
    const known = groups.get(key);
    if (known) known.push(release);
    else groups.set(key, [release]);
  }
  const notes = [...groups].map(([key, releases]) => {
    if (!key.includes('\u0000')) return releases.length === results.length ? key : `${key} (cloud-init ${named(releases)})`;
    const worded = releases.length === 1 ? key : PLURAL.reduce((text, [one, several]) => text.replace(one, several), key);
    return worded.replace('\u0000', named(releases));
  });
  return notes.length === 0 ? undefined : notes.join('; ');
}

/** At most `room` of a list. */
const take = <T>(list: readonly T[], room: number): readonly T[] => (list.length <= room ? list : list.slice(0, Math.max(0, room)));

/**
 * Merges the results of several releases (oldest first) into one: `target` is the newest release,
 * `releases` all of them; valid when every release finds no error. At most `maxIssues` issues are
 * listed, errors first. Each release lists at most `maxIssues` of its own, so `unlisted` counts at
 * least the issues not listed (exactly, when one release reports every issue the others do).
 */
export function mergeNetworkResults(results: readonly (readonly [NetworkConfigTarget, NetworkConfigResult])[], maxIssues: number): NetworkConfigResult {
  const releases = results.map(([release]) => release);
  const [newestRelease, newest] = results[results.length - 1]!;
  const all = results.length;
  const allErrors = mergeReleaseIssues(results.map(([r, res]) => [r, res.errors] as const), all).sort(byPosition);
  const allDeprecations = mergeReleaseIssues(results.map(([r, res]) => [r, res.deprecations] as const), all).sort(byPosition);
  const allWarnings = mergeReleaseIssues(results.map(([r, res]) => [r, res.warnings] as const), all).sort(byPosition);
  const errors = take(allErrors, maxIssues);
  const deprecations = take(allDeprecations, maxIssues - errors.length);
  const warnings = take(allWarnings, maxIssues - errors.length - deprecations.length);
  // The most issues of a kind any one release found, listed or not: a floor for the merged count.
  const most = (count: (r: NetworkConfigResult) => number, merged: number) => Math.max(merged, ...results.map(([, r]) => count(r)));
  const unlisted: UnlistedIssues = {
    errors: most((r) => r.errors.length + (r.unlisted?.errors ?? 0), allErrors.length) - errors.length,
    deprecations: most((r) => r.deprecations.length + (r.unlisted?.deprecations ?? 0), allDeprecations.length) - deprecations.length,
    warnings: most((r) => r.warnings.length + (r.unlisted?.warnings ?? 0), allWarnings.length) - warnings.length,
  };
  const networkVersion = results.find(([, r]) => r.networkVersion !== undefined)?.[1].networkVersion;
  const note = mergedNotes(results);
  const base = {
    target: newestRelease,
    releases,
    ...(networkVersion !== undefined ? { networkVersion } : {}),
    ...(note !== undefined ? { note } : {}),
    deprecations,
    warnings,
    ...(unlisted.errors + unlisted.deprecations + unlisted.warnings > 0 ? { unlisted } : {}),
  } as const;
  if (allErrors.length === 0) return { ...base, valid: true, errors: [], config: newest.config ?? {} };
  return { ...base, valid: false, errors: errors as [CloudConfigIssue, ...CloudConfigIssue[]], config: newest.config };
}
