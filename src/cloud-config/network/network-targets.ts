import { CLOUD_INIT_RELEASES, releaseSet, targetOf, type CloudInitRelease } from '../targets/targets';
import { NETWORK_POINT_RELEASES, type NetworkPointRelease } from './generated/network-config-releases';

// Which release a network-config `cloudInitVersion` names. cloud-config's point releases all share
// their series' schema, so targets.ts reads `'24.1.3'` as `'24.1'`; network-config's v1 schema
// changed inside the 24.1 and 25.1 series (scripts/extract-network-config-releases.ts), so those
// point releases are targets of their own here (docs/cloud-config.md, "network-config").

/**
 * A release whose network-config validation this package reproduces: a series (`'24.1'`, its
 * .0 release) or a point release whose network-config schemas differ from its series'
 * (`'24.1.1'` to `'24.1.7'`, `'25.1.1'` to `'25.1.4'`).
 *
 * @example
 * ```ts
 * validateNetworkConfig(text, { cloudInitVersion: '24.1.3' }).target; // '24.1.3'
 * validateNetworkConfig(text, { cloudInitVersion: '23.4.1' }).target; // '23.4' (same schemas)
 * ```
 */
export type NetworkConfigTarget = CloudInitRelease | NetworkPointRelease;

const parts = (version: string): number[] => {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return [major, minor, patch];
};
/** Versions compared as numbers: 24.1 (24.1.0) < 24.1.1 < 24.1.10 < 24.2. */
const compare = (a: string, b: string): number => {
  const [x, y] = [parts(a), parts(b)];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};

/** Every network-config target, oldest first: the series with their own point releases among them. */
export const NETWORK_TARGETS: readonly NetworkConfigTarget[] = [...CLOUD_INIT_RELEASES, ...(Object.keys(NETWORK_POINT_RELEASES) as NetworkPointRelease[])].sort(compare);

const isPoint = (version: string): version is NetworkPointRelease => Object.prototype.hasOwnProperty.call(NETWORK_POINT_RELEASES, version);

/** The network-config target one version names (`'spec'` is the caller's), if it is known. */
export function networkTargetOf(version: unknown): NetworkConfigTarget | 'spec' | undefined {
  if (typeof version === 'string' && isPoint(version)) return version;
  return targetOf(version);
}

/**
 * The targets a list or range names, oldest first, without repeats (`undefined` when it names an
 * unknown version or nothing). A range takes every target between its bounds, compared as
 * version numbers, point releases included: `'>=24.1'` is 24.1, 24.1.1 to 24.1.7, 24.2, ...;
 * `'<=24.1'` stops at 24.1 (24.1.0). A bound that is a point release without schemas of its own
 * (`'>=23.4.1'`) or an unknown one of a known series (`'>=24.1.9'`) is read as its series, as
 * for cloud-config.
 */
export function networkTargetsOf(versions: unknown): readonly NetworkConfigTarget[] | undefined {
  // A bound is its own point release, or else its series (every series is among NETWORK_TARGETS, sorted by version).
  const boundIndex = (v: string): number => {
    const series = v.split('.').slice(0, 2).join('.');
    return NETWORK_TARGETS.indexOf(isPoint(v) ? v : (series as CloudInitRelease));
  };
  return releaseSet(versions, NETWORK_TARGETS, networkTargetOf, boundIndex);
}
