import type { CloudConfigResult } from '../cloud-config-result';
import { issueText, severityIssues, unlistedLine } from './format-cloud-config-result';

// GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=T::MESSAGE`): a line of this form in a step's
// output becomes an annotation on that line of the file, in the run and in a pull request's diff.

/** A command's message: GitHub reads `%`, CR and LF escaped, so a message stays one line. */
export function escapeGithubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: as a message, and `:` and `,`, which would end the property list or the property. */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(kind: 'error' | 'warning' | 'notice', properties: readonly (readonly [string, string | number | undefined])[], message: string): string {
  const list = properties.filter(([, value]) => value !== undefined).map(([key, value]) => `${key}=${escapeGithubProperty(String(value))}`);
  return `::${kind} ${list.join(',')}::${escapeGithubData(message)}`;
}

/**
 * One workflow command per issue of a file: `::error` for errors, `::warning` for deprecations and warnings, at the
 * issue's line and column when it has them (else on the file), titled with the issue code; a `::notice` counts the
 * issues `maxIssues` left out.
 */
export function githubCommands(result: CloudConfigResult, file: string): string[] {
  const lines = severityIssues(result).map(({ severity, issue }) =>
    command(
      severity === 'error' ? 'error' : 'warning',
      [
        ['file', file],
        ['line', issue.line],
        ['col', issue.line === undefined ? undefined : issue.column],
        ['title', `cloud-config ${issue.code}`],
      ],
      issueText(issue),
    ),
  );
  const unlisted = unlistedLine(result);
  if (unlisted !== undefined) lines.push(command('notice', [['file', file]], unlisted));
  return lines;
}
