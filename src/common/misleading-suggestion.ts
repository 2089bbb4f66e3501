// A "did you mean" that is close in spelling can be opposite in meaning: `create_home` ->
// `no_create_home`, `power_state.mode: noreboot` -> `reboot` (the machine would reboot), `gid` ->
// `uid`, `base32` -> `base64`, `repo_update` (Amazon Linux's) -> `apt_update`. Such a candidate
// is never offered: a missing suggestion costs the reader a look at the docs, a wrong one a
// broken machine. The rules below, each a way spelling and meaning part, were measured on the
// shared corpora and the test corpus (test/cloud-config/suggestions.test.ts lists what is left).

// Prefixes that negate what follows, glued (`noreboot`) or not (`no_create_home`); compared on
// lower-case text with `-` read as `_`.
const NEGATIONS = ['no_', 'not_', 'non_', 'no', 'not', 'non', 'un', 'dis', 'in'];

// Words of opposite meaning: replacing one by the other is a flip, not a typo fix.
const ANTONYMS: readonly (readonly [string, string])[] = [
  ['disable', 'enable'],
  ['dis', 'en'],
  ['deny', 'allow'],
  ['off', 'on'],
  ['never', 'always'],
  ['without', 'with'],
  ['false', 'true'],
  ['remove', 'add'],
];

/** Edit distance (Levenshtein), for the short strings compared here (keys and enum values, at most 64 characters). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

function negates(a: string, b: string): boolean {
  for (const prefix of NEGATIONS) {
    if (a.startsWith(prefix) && !b.startsWith(prefix) && distance(a.slice(prefix.length), b) <= 1) return true;
  }
  for (const [x, y] of ANTONYMS) {
    for (const [from, to] of [[x, y], [y, x]] as const) {
      const at = a.indexOf(from);
      if (at !== -1 && b.includes(to) && distance(a.slice(0, at) + to + a.slice(at + from.length), b) <= 1) return true;
    }
  }
  return false;
}

const digits = (s: string) => s.replace(/\D+/g, ' ').trim();

/**
 * Whether two words of the same number of parts differ in a part that is another word, not a
 * misspelling: nothing in common (`repo` / `apt`, `pc` / `efi`, `pem` / `key`), or a short part
 * (an abbreviation, whose first letter names the thing) with another first letter (`gid` / `uid`,
 * `dsa` / `rsa`).
 */
function otherWord(a: string, b: string): boolean {
  const partsA = a.split(/[_/.+]/);
  const partsB = b.split(/[_/.+]/);
  if (partsA.length !== partsB.length) return false;
  return partsA.some((p, i) => {
    const q = partsB[i]!;
    if (p === q) return false;
    if (distance(p, q) >= Math.max(p.length, q.length)) return true;
    return Math.min(p.length, q.length) <= 3 && p[0] !== q[0];
  });
}

/**
 * Whether offering `candidate` for `word` could change what the config means: it adds or removes
 * a negation, swaps a word for its opposite, changes a number (`base32` / `base64`), or swaps a
 * part of the word for another word.
 */
export function misleadingSuggestion(word: string, candidate: string): boolean {
  const a = word.toLowerCase().replace(/-/g, '_');
  const b = candidate.toLowerCase().replace(/-/g, '_');
  return negates(a, b) || negates(b, a) || digits(a) !== digits(b) || otherWord(a, b);
}
