import { parseYaml, type YamlParseResult } from '../yaml/parse-yaml';
import { readUserData, type ReadUserDataOptions, type UserData } from './read-user-data';

// One validation against several releases (`cloudInitVersion: '>=22.1'`) checks the same input
// once per release. Reading it (decoding, gzip, jinja) and loading its YAML (the composer and
// positions: most of a validation's time at 1 MiB) depend on the input and on the release's
// loading behaviour (its header rule), not on its schema. So they are done once per distinct
// text and header rule, and only the schema and issue steps run per release: 17 releases cost
// one parse, not 17. The results are read-only to every later stage (issues are made per release).

/**
 * What one validation has read and parsed, for the releases it checks to share. Made per call
 * (never global: nothing outlives the validation that made it); the CLI makes one per file, so its
 * network-config hint for an invalid file reuses the validation's parse of the same text.
 */
export class LoadedInput {
  private readonly read = new Map<unknown, Map<string, UserData>>();
  private readonly parsed = new Map<string, { readonly maxDepth: number; readonly result: YamlParseResult }>();

  /** `readUserData`, once per input (text by content, bytes by identity) and options that change it. */
  userData(input: string | Uint8Array, options: ReadUserDataOptions): UserData {
    const key = `${options.headerRule ?? ''}\u0000${options.requireHeader}`;
    let byRule = this.read.get(input);
    if (byRule === undefined) this.read.set(input, (byRule = new Map()));
    let data = byRule.get(key);
    if (data === undefined) byRule.set(key, (data = readUserData(input, options)));
    return data;
  }

  /**
   * `parseYaml`, once per distinct text. The depth limit is the same throughout one validation; a caller that asks
   * again after it (the CLI's network-config hint) with another limit gets a parse of its own.
   */
  parse(text: string, maxDepth: number): YamlParseResult {
    const known = this.parsed.get(text);
    if (known !== undefined) return known.maxDepth === maxDepth ? known.result : parseYaml(text, maxDepth);
    const result = parseYaml(text, maxDepth);
    this.parsed.set(text, { maxDepth, result });
    return result;
  }
}
