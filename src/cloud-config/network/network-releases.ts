import type { JsonSchema } from '../schema/json-schema';
import { applySchemaChanges, type SchemaChange } from '../targets/schema-change';
import { NetworkSchemaChecker } from './check-network-schema';
import { NETWORK_POINT_RELEASES, networkReleaseFacts } from './generated/network-config-releases';
import { networkConfigSchemas } from './generated/network-config-schemas';
import type { NetworkSchemaObject } from './network-schema';
import type { NetworkConfigTarget } from './network-targets';

// What each cloud-init release's `cloud-init schema -t network-config` checks, rebuilt from the
// facts scripts/extract-network-config-releases.ts wrote: 26.2's schemas, and each other release
// as its differences from them (docs/cloud-config.md, "network-config"). A point release with
// schemas of its own uses its run's entry (24.1.3 uses 24.1.2's), so the run shares one checker.

/**
 * How a release validates network-config: `none` (22.1 to 23.3: its `cloud-init schema` has no
 * `--schema-type`), `v1` (23.4, 24.1: version 1 only, other versions are skipped), or `v1-v2`.
 */
export type NetworkValidation = 'none' | 'v1' | 'v1-v2';

/** A release's network-config validation: its kind, and its checker per network-config version. */
export interface NetworkRelease {
  readonly validation: NetworkValidation;
  /** The checker of the v1 or v2 schema (v2 only for `v1-v2`). */
  readonly checker: (version: 1 | 2) => NetworkSchemaChecker;
}

const made = new Map<string, NetworkRelease>();

/** The entry of the facts `target` validates with: itself, or the first point release of its run. */
export function networkFactsEntry(target: NetworkConfigTarget): string {
  return Object.prototype.hasOwnProperty.call(NETWORK_POINT_RELEASES, target) ? NETWORK_POINT_RELEASES[target as keyof typeof NETWORK_POINT_RELEASES] : target;
}

function schemaOf(base: unknown, ops: readonly (readonly ['s', string, unknown] | readonly ['r', string])[], release: string): NetworkSchemaObject {
  const changes = ops.map((op): SchemaChange => (op[0] === 's' ? { set: op[1], to: op[2], fact: `${release} differs from 26.2` } : { remove: op[1], fact: `${release} differs from 26.2` }));
  return applySchemaChanges(base as JsonSchema, changes) as NetworkSchemaObject;
}

/** The network-config validation of `release`, its checkers made on first use and kept. */
export function networkRelease(target: NetworkConfigTarget): NetworkRelease {
  const release = networkFactsEntry(target);
  const known = made.get(release);
  if (known !== undefined) return known;
  const facts = networkReleaseFacts()[release];
  if (facts === undefined) throw new Error(`no network-config facts for cloud-init ${release}`);
  let v1: NetworkSchemaChecker | undefined;
  let v2: NetworkSchemaChecker | undefined;
  const entry: NetworkRelease =
    facts[0] === 'none'
      ? { validation: 'none', checker: () => { throw new Error(`cloud-init ${release} does not validate network-config`); } }
      : {
          validation: facts[0],
          checker: (version) => {
            if (version === 1) return (v1 ??= new NetworkSchemaChecker(schemaOf(networkConfigSchemas().v1, facts[1], release)));
            return (v2 ??= new NetworkSchemaChecker(schemaOf(networkConfigSchemas().v2, facts[2], release)));
          },
        };
  made.set(release, entry);
  return entry;
}
