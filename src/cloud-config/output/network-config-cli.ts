// The network-config side of the `validate-cloud-config` bin (`-t network-config`), and the hint
// given when a file validated as cloud-config is plainly network-config. Kept apart from cli.ts so
// the CLI's own flow stays as it is.
import type { CloudConfigResult } from '../cloud-config-result';
import type { CloudInitVersion } from '../targets/targets';
import { looksLikeNetworkConfig, networkConfigVersionOf } from '../network/looks-like-network-config';

/**
 * Validates bytes as network-config; the result in the shape the CLI prints (its config left out). The validator is
 * imported on the first call: a run without `-t network-config` never loads it.
 */
export async function validateNetworkConfigInput(bytes: Uint8Array, maxBytes: number, maxIssues: number | undefined, cloudInitVersion?: CloudInitVersion): Promise<CloudConfigResult> {
  const { validateNetworkConfig } = await import('../network/validate-network-config');
  const result = validateNetworkConfig(bytes, { maxBytes, maxIssues, cloudInitVersion });
  return result.valid ? { ...result, config: {} } : { ...result, config: undefined };
}

/**
 * Whether the result's config is the source's whole text parsed as it is (one release; `#cloud-config` at the very
 * start, so no byte-order mark, no template, no multipart): then its data answers for the source without a second parse.
 */
function parsedAsIs(result: CloudConfigResult, source: string): boolean {
  return result.config !== undefined && result.userDataType === 'text/cloud-config' && result.parts === undefined && result.releases === undefined && source.startsWith('#cloud-config');
}

/** The message line for a file that failed as cloud-config but is plainly network-config. */
export function networkConfigHint(name: string, source: string | undefined, result: CloudConfigResult): string | undefined {
  if (source === undefined) return undefined;
  const version = parsedAsIs(result, source) ? networkConfigVersionOf(result.config) : looksLikeNetworkConfig(source);
  return version === undefined ? undefined : `hint: ${name} looks like network-config version ${version}; validate it with -t network-config`;
}

/**
 * Output of a run with `-t network-config`: the verdict lines the shared formatter writes (`Valid cloud-config
 * FILE`, `Invalid cloud-config FILE ...`) say network-config.
 */
export function asNetworkConfigText(text: string): string {
  return text.replace(/^(Valid|Invalid) cloud-config /gm, '$1 network-config ');
}
