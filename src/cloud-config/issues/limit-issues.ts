import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigWarning } from '../cloud-config-issue';
import type { CloudConfigResult, UnlistedIssues } from '../cloud-config-result';
import { DEFAULT_SUGGESTION_COMPARISONS, SuggestionBudget } from '../../common/closest-match';

/** Adds what is costly to an issue (its "did you mean"); applied to listed issues only. */
export interface IssueCompleter {
  complete(issue: CloudConfigIssue, budget: SuggestionBudget): CloudConfigIssue;
}

function mayNeedSuggestion(issue: CloudConfigIssue): boolean {
  return issue.code === 'additional_property' || issue.code === 'enum' || issue.code === 'const';
}

function take<T>(list: readonly T[], room: number): readonly T[] {
  return list.length <= room ? list : list.slice(0, room);
}

/**
 * Keeps at most `maxIssues` issues in a result, errors first, then deprecations, then warnings
 * (each list in source order, so the first ones stay), and counts the rest in `unlisted`.
 * `valid` is untouched: it was decided on every error. Listed errors are completed (their
 * suggestions worked out) with one budget for the whole result.
 */
export function limitIssues(result: CloudConfigResult, maxIssues: number, completer: IssueCompleter | undefined): CloudConfigResult {
  // Most results: everything fits and nothing needs a suggestion.
  if (result.errors.length + result.deprecations.length + result.warnings.length <= maxIssues && !result.errors.some(mayNeedSuggestion)) return result;
  const budget = new SuggestionBudget(DEFAULT_SUGGESTION_COMPARISONS);
  const listed = take(result.errors, maxIssues);
  const errors = completer ? listed.map((issue) => completer.complete(issue, budget)) : listed;
  const deprecations = take<CloudConfigDeprecation>(result.deprecations, maxIssues - errors.length);
  const warnings = take<CloudConfigWarning>(result.warnings, maxIssues - errors.length - deprecations.length);
  const unlisted: UnlistedIssues = {
    errors: result.errors.length - errors.length,
    deprecations: result.deprecations.length - deprecations.length,
    warnings: result.warnings.length - warnings.length,
  };
  const more = unlisted.errors + unlisted.deprecations + unlisted.warnings > 0 ? { unlisted } : {};
  if (result.valid) return { ...result, deprecations, warnings, ...more };
  return { ...result, errors: errors as [CloudConfigIssue, ...CloudConfigIssue[]], deprecations, warnings, ...more };
}
