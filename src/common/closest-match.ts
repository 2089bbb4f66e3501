import { misleadingSuggestion } from './misleading-suggestion';

// "Did you mean" suggestions: the closest candidate by edit distance, accepted only when the
// distance is small relative to the word, so unrelated keys get no misleading suggestion.
// Bounded work whatever the input: a distance is only computed within a band of `limit` (at most
// 3) edits, answers are remembered per candidate list and word, and each validation gets a budget
// of comparisons (see SuggestionBudget), past which no more suggestions are made. A candidate
// that would change the meaning (a negation added, another word) is never one (misleading-suggestion.ts).

const NO_MATCH = Infinity;

// Cells past the limit: any value above every limit asked for (a string is at most 2^29 long).
const FAR = 0x3fffffff;

// The three rows of boundedDistance, in one buffer kept across calls: a fresh set of arrays per
// comparison (and a fill of each row) was most of the cost of "did you mean" for a folder of small
// files, where every unknown key is compared with a hundred candidates.
let cells = new Int32Array(3 * 72);

/**
 * Optimal string alignment distance (Damerau-Levenshtein without substring edits: a swapped pair
 * of letters, `runcmd` -> `rucnmd`, is one typo, as users think of it), computed only within
 * `limit` of the diagonal: `NO_MATCH` as soon as it must exceed `limit`. O(length * limit).
 */
function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return NO_MATCH;
  const cols = b.length + 1;
  if (cells.length < 3 * cols) cells = new Int32Array(3 * cols);
  const d = cells;
  // Row offsets in `d`; OSA looks two rows back. Every cell a row reads outside its band is FAR:
  // the rows start so, a band only moves right, and the one cell left of it is reset per row.
  let before = 0;
  let prev = cols;
  let row = 2 * cols;
  d.fill(FAR, 0, 3 * cols);
  const first = Math.min(limit, b.length);
  for (let j = 0; j <= first; j++) d[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(b.length, i + limit);
    // Column 0 is i deletions; left of a band that has moved off it, "too far".
    d[row + lo - 1] = lo === 1 ? i : FAR;
    let rowBest = i <= limit ? i : FAR;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      let best = d[prev + j - 1]! + (ai === bj ? 0 : 1);
      const up = d[prev + j]! + 1;
      if (up < best) best = up;
      const left = d[row + j - 1]! + 1;
      if (left < best) best = left;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const swap = d[before + j - 2]! + 1;
        if (swap < best) best = swap;
      }
      d[row + j] = best;
      if (best < rowBest) rowBest = best;
    }
    if (rowBest > limit) return NO_MATCH;
    const spent = before;
    before = prev;
    prev = row;
    row = spent;
  }
  const distance = d[prev + b.length]!;
  return distance > limit ? NO_MATCH : distance;
}

/**
 * A per-validation allowance of candidate comparisons. A config with thousands of unknown keys
 * gets suggestions for the first ones only; remembered answers cost nothing.
 */
export class SuggestionBudget {
  constructor(public remaining: number) {}
}

/** Comparisons one validation may spend: about 100 fresh words against the 107 module names. */
export const DEFAULT_SUGGESTION_COMPARISONS = 12_000;

const MAX_REMEMBERED = 4096;
const remembered = new WeakMap<readonly string[], Map<string, string | null>>();

const normal = (s: string) => s.toLowerCase().replace(/-/g, '_');

// The candidates' normal forms, worked out once per list: every unknown word is compared with the same lists.
const normalForms = new WeakMap<readonly string[], readonly string[]>();

function normalOf(candidates: readonly string[]): readonly string[] {
  let forms = normalForms.get(candidates);
  if (forms === undefined) normalForms.set(candidates, (forms = candidates.map(normal)));
  return forms;
}

// The letters of the word being matched, counted by char code modulo 128 (see bagDistanceOver), kept across calls.
const letters = new Int32Array(128);

/**
 * Whether the bag distance of `form` from the counted word exceeds `limit`: the letters one has and the other lacks,
 * the larger count of the two sides. It never exceeds the edit distance (an insertion, deletion or substitution
 * changes it by at most one, a swap not at all), so a candidate it rules out is one boundedDistance would rule out,
 * at two passes over the candidate instead of a band of the table; letters that share a count (codes 128 apart)
 * only make it smaller. Most candidates of a "did you mean" are ruled out so.
 */
function bagDistanceOver(wordLength: number, form: string, limit: number): boolean {
  let extra = 0;
  for (let k = 0; k < form.length; k++) if (--letters[form.charCodeAt(k) & 127]! < 0) extra++;
  for (let k = 0; k < form.length; k++) letters[form.charCodeAt(k) & 127]!++;
  return extra > limit || wordLength - (form.length - extra) > limit;
}

function compute(word: string, candidates: readonly string[], budget: SuggestionBudget): string | null | undefined {
  if (budget.remaining < candidates.length) return undefined;
  budget.remaining -= candidates.length;
  const target = normal(word);
  letters.fill(0);
  for (let k = 0; k < target.length; k++) letters[target.charCodeAt(k) & 127]!++;
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | null = null;
  // Ranked by distance ignoring `-`/`_` and case, then by exact distance, so between equally close
  // candidates the one spelled like the word wins (`scripts_usr` -> `scripts_user`, not `scripts-user`).
  let bestRank: readonly [number, number] = [NO_MATCH, NO_MATCH];
  const forms = normalOf(candidates);
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    if (candidate === word || Math.abs(candidate.length - word.length) > limit) continue;
    if (bagDistanceOver(target.length, forms[i]!, Math.min(limit, bestRank[0]))) continue;
    const loose = boundedDistance(target, forms[i]!, Math.min(limit, bestRank[0]));
    if (loose === NO_MATCH || loose > bestRank[0] || misleadingSuggestion(word, candidate)) continue;
    const exact = boundedDistance(word, candidate, word.length + candidate.length);
    if (loose < bestRank[0] || exact < bestRank[1]) {
      best = candidate;
      bestRank = [loose, exact];
    }
  }
  return best;
}

/**
 * The candidate closest to `word`, if it is within a third of the word's length (at least 1, at
 * most 3 edits). Hyphens and underscores are treated alike since cloud-init keys mix them.
 * `candidates` should be the same array for the same list (answers are remembered per array);
 * `undefined` also when the budget is spent.
 */
export function closestMatch(word: string, candidates: readonly string[], budget: SuggestionBudget): string | undefined {
  if (word.length === 0 || word.length > 64 || candidates.length === 0) return undefined;
  let answers = remembered.get(candidates);
  if (answers === undefined) remembered.set(candidates, (answers = new Map()));
  const known = answers.get(word);
  if (known !== undefined) return known ?? undefined;
  const found = compute(word, candidates, budget);
  if (found === undefined) return undefined;
  if (answers.size >= MAX_REMEMBERED) answers.clear();
  answers.set(word, found);
  return found ?? undefined;
}
