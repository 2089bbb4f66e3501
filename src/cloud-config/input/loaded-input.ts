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
 * (never global: nothing outlives the validation that made it).
 */
export class LoadedInput {
  private readonly read = new Map<unknown, Map<string, UserData>>();
  private readonly parsed = new Map<string, YamlParseResult>();

  /** `readUserData`, once per input (text by content, bytes by identity) and options that change it. */
  userData(input: string | Uint8Array, options: ReadUserDataOptions): UserData {
    const key = `${options.headerRule ?? ''}\u0000${options.requireHeader}`;
    let byRule = this.read.get(input);
    if (byRule === undefined) this.read.set(input, (byRule = new Map()));
    let data = byRule.get(key);
    if (data === undefined) byRule.set(key, (data = readUserData(input, options)));
    return data;
  }

  /** `parseYaml`, once per distinct text (the depth limit is the same throughout one validation). */
  parse(text: string, maxDepth: number): YamlParseResult {
    let result = this.parsed.get(text);
    if (result === undefined) this.parsed.set(text, (result = parseYaml(text, maxDepth)));
    return result;
  }
}
