import { parseYaml, type YamlParseResult } from '../yaml/parse-yaml';

// Keys that only network configuration has at its top level (version 1's `config`, version 2's
// device kinds and netplan's), next to `version: 1` or `version: 2`.
const NETWORK_KEYS = ['config', 'ethernets', 'bonds', 'bridges', 'vlans', 'wifis', 'tunnels', 'modems', 'vrfs', 'renderer'];

function versionOf(value: unknown): 1 | 2 | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const mapping = value as Record<string, unknown>;
  const version = mapping['version'];
  if ((version === 1 || version === 2) && NETWORK_KEYS.some((k) => Object.hasOwn(mapping, k))) return version;
  return undefined;
}

/**
 * The network-config version a text plainly is (`version: 1|2` with `config`, `ethernets`, ...
 * at the top, or under `network:`), or `undefined`. Used to tell someone who validated such a
 * file as cloud-config to use `-t network-config`. Loads no schema.
 */
export function looksLikeNetworkConfig(text: string, parse: (text: string, maxDepth: number) => YamlParseResult = parseYaml): 1 | 2 | undefined {
  // Asked of every invalid cloud-config file the CLI reads: most have no `version` key at all, and a text without
  // the word (or an escape that could spell it) cannot have one, so it is not parsed a second time.
  if (!text.includes('version') && !text.includes('\\')) return undefined;
  // `parse`: parseYaml, or the CLI's record of what validating the file parsed (the same text is not parsed again).
  const parsed = parse(text, 64);
  return parsed.ok ? networkConfigVersionOf(parsed.parsed.value) : undefined;
}

/** The network-config version parsed data plainly is (see looksLikeNetworkConfig), or `undefined`. */
export function networkConfigVersionOf(data: unknown): 1 | 2 | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const network = (data as Record<string, unknown>)['network'];
  return versionOf(data) ?? (Object.keys(data).length === 1 ? versionOf(network) : undefined);
}
