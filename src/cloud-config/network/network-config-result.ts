import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigWarning } from '../cloud-config-issue';
import type { UnlistedIssues } from '../cloud-config-result';
import type { NetworkConfigTarget } from './network-targets';

/**
 * What `validateNetworkConfig` returns: the shape of `validateCloudConfig`'s result. `valid` is
 * true when there are no `errors`. `target` is the cloud-init release whose network-config
 * schemas were checked (`'26.2'` unless `cloudInitVersion` names another: a series such as `'24.1'`
 * for its .0 release and the point releases that share its schemas, or a point release with
 * schemas of its own such as `'24.1.3'`; the newest of several,
 * all of them in `releases`, each issue with the `releases` it applies to). `networkVersion` is the
 * network-config version the file declares (`1` or `2`), absent when it declares neither
 * (cloud-init then checks it against its version 2 schema, as here). `config` is the parsed data whenever it was a mapping. `note` says
 * why nothing was checked when nothing was (an empty file or an empty `network:`, or a release
 * that does not validate that network-config version), as `cloud-init schema` skips those too.
 *
 * @example
 * ```ts
 * import { validateNetworkConfig } from 'wc-legacy-api/cloud-config';
 *
 * const result = validateNetworkConfig('version: 2\nethernets:\n  eth0:\n    dhcp4: true\n');
 * if (!result.valid) for (const e of result.errors) console.error(`${e.path} (line ${e.line}): ${e.message}`);
 * ```
 */
export type NetworkConfigResult =
  | {
      readonly valid: true;
      readonly target: NetworkConfigTarget;
      /** When several releases were asked for: each of them, oldest first (`target` is the newest). */
      readonly releases?: readonly NetworkConfigTarget[] | undefined;
      readonly networkVersion?: 1 | 2 | undefined;
      readonly note?: string | undefined;
      readonly errors: readonly [];
      readonly deprecations: readonly CloudConfigDeprecation[];
      readonly warnings: readonly CloudConfigWarning[];
      readonly config: Readonly<Record<string, unknown>>;
      readonly unlisted?: UnlistedIssues | undefined;
    }
  | {
      readonly valid: false;
      readonly target: NetworkConfigTarget;
      /** When several releases were asked for: each of them, oldest first (`target` is the newest). */
      readonly releases?: readonly NetworkConfigTarget[] | undefined;
      readonly networkVersion?: 1 | 2 | undefined;
      readonly note?: string | undefined;
      readonly errors: readonly [CloudConfigIssue, ...CloudConfigIssue[]];
      readonly deprecations: readonly CloudConfigDeprecation[];
      readonly warnings: readonly CloudConfigWarning[];
      readonly config: Readonly<Record<string, unknown>> | undefined;
      readonly unlisted?: UnlistedIssues | undefined;
    };
