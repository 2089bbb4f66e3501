// What both bins share about their arguments: one table per command describes every option, from which
// `node:util`'s parseArgs takes its configuration and the usage text takes its lines, so adding an option is one
// entry; and a parse error becomes one clear sentence, with a "did you mean" for a mistyped option or command.
import { closestMatch, SuggestionBudget } from './closest-match';

/** One option of a command: what parseArgs needs, plus the words the usage text shows for it. */
export interface CliOption {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
  /** The placeholder of a string option's value in the usage text (`FILE`, `N`). */
  readonly value?: string;
  /** What the option does, for the usage text; `\n` starts a continuation line. */
  readonly help: string;
}

// A word's suggestion is worth a few comparisons; the lists are a dozen names.
const budget = () => new SuggestionBudget(Number.POSITIVE_INFINITY);

// The same array for the same list, so closestMatch can remember its answers.
const namesOf = new WeakMap<object, readonly string[]>();

/** The closest of `candidates` to a mistyped `word`, as "; did you mean X?", or "" when none is close. */
export function didYouMean(word: string, candidates: readonly string[], prefix = ''): string {
  const match = closestMatch(word, candidates, budget());
  return match === undefined ? '' : `; did you mean ${prefix}${match}?`;
}

/**
 * A parseArgs failure in one sentence: `unknown option --formt; did you mean --format?`, `option --format needs a
 * value`, or parseArgs' own message otherwise, without its advice about `--`.
 */
export function argsErrorMessage(error: unknown, options: Readonly<Record<string, CliOption>>): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const option = /'(?:-\w, )?(--?[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    let names = namesOf.get(options);
    if (names === undefined) namesOf.set(options, (names = Object.keys(options)));
    return `unknown option ${option}${option.startsWith('--') ? didYouMean(option.slice(2), names, '--') : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined && /argument missing/.test(message)) return `option ${option} needs a value`;
  return message.replace(/\. To specify a positional argument.*$/s, '').replace(/^\w/, (c) => c.toLowerCase());
}

/** The option lines of a usage text: `  -c, --config-file FILE   what it does`, aligned. */
export function optionLines(options: Readonly<Record<string, CliOption>>): string {
  const heads = Object.entries(options).map(([name, o]) => `${o.short === undefined ? '' : `-${o.short}, `}--${name}${o.value === undefined ? '' : ` ${o.value}`}`);
  const width = Math.max(...heads.map((h) => h.length)) + 2;
  return Object.values(options)
    .map((o, i) => `  ${heads[i]!.padEnd(width)}${o.help.split('\n').join(`\n  ${' '.repeat(width)}`)}`)
    .join('\n');
}
