import { targetValidators, type TargetValidators } from './generated/cloud-config-validators';
import { targetOf, targetsOf, type CloudConfigTarget } from '../targets/targets';

// The default targets' validators (the spec and the newest release) load with the package; the
// older releases' are a separate module loaded on demand: V8 scans a whole module when it is
// loaded, and all the releases' code made every process's start pay for it (docs/decisions.md).
const known = new Map<string, TargetValidators>(Object.entries(targetValidators));
let releases: Promise<void> | undefined;

/** The precompiled validators of a target, `undefined` while they are in the older releases' module and it is not loaded. */
export function validatorsOf(target: CloudConfigTarget): TargetValidators | undefined {
  return known.get(target);
}

/**
 * Loads the validators of the cloud-init releases before the newest, once: after it resolves,
 * `validateCloudConfig` (synchronous) checks against any release. The spec and the newest
 * release (the default, `'latest'`) need no loading.
 *
 * @example
 * ```ts
 * import { loadCloudInitReleases, validateCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * await loadCloudInitReleases();
 * const result = validateCloudConfig('#cloud-config\npackages: [git]\n', { cloudInitVersion: '23.4' });
 * ```
 */
export function loadCloudInitReleases(): Promise<void> {
  releases ??= import('./generated/cloud-config-release-validators').then(
    ({ releaseValidators }) => {
      for (const [name, validators] of Object.entries(releaseValidators)) known.set(name, validators);
    },
    (error: unknown) => {
      // A failed load (a chunk the network lost) may be retried.
      releases = undefined;
      throw error;
    },
  );
  return releases;
}

/** Loads the older releases' validators when a `cloudInitVersion` names one of them (the CLI, before validating). */
export async function loadValidatorsFor(version: unknown): Promise<void> {
  const targets = targetsOf(version) ?? [targetOf(version)];
  if (targets.some((target) => target !== undefined && !known.has(target))) await loadCloudInitReleases();
}
