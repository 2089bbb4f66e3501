// The network-config side of the `validate-cloud-config` bin (`-t network-config`), and the hint
// given when a file validated as cloud-config is plainly network-config. Kept apart from cli.ts so
// the CLI's own flow stays as it is.
import type { CloudConfigResult } from '../cloud-config-result';
import type { CloudInitVersion, CloudInitVersions } from '../targets/targets';
import { looksLikeNetworkConfig, networkConfigVersionOf } from '../network/looks-like-network-config';
import { networkTargetOf, networkTargetsOf, type NetworkConfigTarget } from '../network/network-targets';
import type { YamlParseResult } from '../yaml/parse-yaml';

/**
 * Validates bytes as network-config; the result in the shape the CLI prints (its config left out). The validator is
 * imported on the first call: a run without `-t network-config` never loads it. The result's `target` may be a
 * network-config point release (`'24.1.3'`), which no cloud-config result names: the CLI's report prints `target`
 * and `releases` as they are and reads nothing else from them.
 */
export async function validateNetworkConfigInput(bytes: Uint8Array, maxBytes: number, maxIssues: number | undefined, cloudInitVersion?: CloudInitVersion | CloudInitVersions): Promise<CloudConfigResult> {
  const { validateNetworkConfig } = await import('../network/validate-network-config');
  const result = validateNetworkConfig(bytes, { maxBytes, maxIssues, cloudInitVersion });
  return (result.valid ? { ...result, config: {} } : { ...result, config: undefined }) as CloudConfigResult;
}

/** Whether `--cloud-init-version` names network-config releases (`24.1.3`, `>24.1 <24.2` included). */
export function isNetworkConfigVersion(version: string): boolean {
  return networkTargetOf(version) !== undefined || networkTargetsOf(version) !== undefined;
}

/** The release an oversized network-config input is reported against (`24.1.3` stays `24.1.3`). */
export function networkConfigTarget(version: CloudInitVersion | CloudInitVersions | undefined): NetworkConfigTarget | undefined {
  const target = networkTargetOf(version);
  return target === 'spec' ? undefined : target;
}

/**
 * Whether the result's config is the source's whole text parsed as it is (one release; `#cloud-config` at the very
 * start, so no byte-order mark, no template, no multipart): then its data answers for the source without a second parse.
 */
function parsedAsIs(result: CloudConfigResult, source: string): boolean {
  return result.config !== undefined && result.userDataType === 'text/cloud-config' && result.parts === undefined && result.releases === undefined && source.startsWith('#cloud-config');
}

/**
 * The message line for a file that failed as cloud-config but is plainly network-config. `parse`: what validating the
 * file parsed (see LoadedInput), so a text it parsed already (one that is not YAML, say) is not parsed again.
 */
export function networkConfigHint(name: string, source: string | undefined, result: CloudConfigResult, parse?: (text: string, maxDepth: number) => YamlParseResult): string | undefined {
  if (source === undefined) return undefined;
  const version = parsedAsIs(result, source) ? networkConfigVersionOf(result.config) : looksLikeNetworkConfig(source, parse);
  return version === undefined ? undefined : `hint: ${name} looks like network-config version ${version}; validate it with -t network-config`;
}

/**
 * Output of a run with `-t network-config`: the verdict lines the shared formatter writes (`Valid cloud-config
 * FILE`, `Invalid cloud-config FILE ...`) say network-config.
 */
export function asNetworkConfigText(text: string): string {
  return text.replace(/^(Valid|Invalid) cloud-config /gm, '$1 network-config ');
}
