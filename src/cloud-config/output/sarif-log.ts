import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CloudConfigResult } from '../cloud-config-result';
import { issueText, severityIssues, unlistedLine } from './format-cloud-config-result';
import { SARIF_RULE_INDEX, SARIF_RULES } from './sarif-rules';

// One SARIF 2.1.0 log for a whole run (what GitHub code scanning and other SARIF viewers upload): the tool with a
// rule per issue code, a result per issue with its file, line and column. The properties used and their meaning
// are those of the OASIS SARIF 2.1.0 standard; test/cloud-config/cli-formats.test.ts validates the output against
// its JSON schema.

/**
 * A file name as a SARIF artifact URI: a relative path stays relative (code scanning resolves it against the
 * repository), each segment percent-encoded so any name is a valid URI reference; an absolute path becomes a
 * `file:` URL.
 */
export function artifactUri(name: string): string {
  if (isAbsolute(name)) return pathToFileURL(name).href;
  return name.split(sep).join('/').split('/').map(encodeURIComponent).join('/');
}

interface Notification {
  readonly level: 'error' | 'note';
  readonly message: { readonly text: string };
}

/** Results gathered file by file; `log` writes the whole run. */
export class SarifLog {
  private readonly results: object[] = [];
  private readonly notifications: Notification[] = [];

  constructor(private readonly toolVersion: string) {}

  /** The issues of one checked file. */
  add(result: CloudConfigResult, file: string): void {
    const uri = artifactUri(file);
    for (const { severity, issue } of severityIssues(result)) {
      const region = issue.line === undefined ? undefined : { startLine: issue.line, ...(issue.column === undefined ? {} : { startColumn: issue.column }) };
      this.results.push({
        ruleId: issue.code,
        ruleIndex: SARIF_RULE_INDEX.get(issue.code),
        level: severity === 'error' ? 'error' : 'warning',
        message: { text: issueText(issue) },
        locations: [{ physicalLocation: { artifactLocation: { uri }, ...(region === undefined ? {} : { region }) } }],
      });
    }
    const unlisted = unlistedLine(result);
    if (unlisted !== undefined) this.notifications.push({ level: 'note', message: { text: `${file}: ${unlisted}` } });
  }

  /** A file that could not be read: the run did not check everything. */
  addFailure(message: string): void {
    this.notifications.push({ level: 'error', message: { text: message } });
  }

  /** The SARIF log of the run, as JSON text with a final newline. */
  log(): string {
    const failed = this.notifications.some((n) => n.level === 'error');
    const log = {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'validate-cloud-config',
              version: this.toolVersion,
              informationUri: 'https://github.com/wc-legacy-api/wc-legacy-api',
              rules: SARIF_RULES,
            },
          },
          invocations: [{ executionSuccessful: !failed, ...(this.notifications.length > 0 ? { toolExecutionNotifications: this.notifications } : {}) }],
          // Columns count UTF-16 code units, as the validator's positions do (JavaScript string offsets).
          columnKind: 'utf16CodeUnits',
          results: this.results,
        },
      ],
    };
    return `${JSON.stringify(log, null, 2)}\n`;
  }
}
