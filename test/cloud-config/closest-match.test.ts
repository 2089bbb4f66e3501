import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestMatch, SuggestionBudget } from '../../src/common/closest-match';
import { misleadingSuggestion } from '../../src/common/misleading-suggestion';

// "Did you mean" works its edit distance in a band around the diagonal, in rows kept across calls (closest-match.ts).
// Checked here against the plain definition: the whole optimal-string-alignment table, a fresh one per pair, and
// the ranking closestMatch documents (within a third of the word, loose distance first, then exact, first wins).

function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function reference(word: string, candidates: readonly string[]): string | undefined {
  const normal = (s: string) => s.toLowerCase().replace(/-/g, '_');
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let rank = [Infinity, Infinity];
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const loose = osa(normal(word), normal(candidate));
    if (loose > limit || misleadingSuggestion(word, candidate)) continue;
    const exact = osa(word, candidate);
    if (loose < rank[0]! || (loose === rank[0] && exact < rank[1]!)) {
      best = candidate;
      rank = [loose, exact];
    }
  }
  return best;
}

// Few letters, so that close words (one or two edits, swapped pairs) are common; `-`/`_` and case fold in the loose distance.
const letters = fc.constantFrom('a', 'b', 'c', 'A', '_', '-');
const word = fc.string({ unit: letters, minLength: 1, maxLength: 12 });

describe('closestMatch', () => {
  it('suggests what the whole edit-distance table ranks first, for any word and candidates', () => {
    fc.assert(
      fc.property(word, fc.uniqueArray(word, { minLength: 1, maxLength: 12 }), (w, candidates) => {
        // A fresh array each time: answers are remembered per candidate array.
        expect(closestMatch(w, [...candidates], new SuggestionBudget(1_000_000))).toBe(reference(w, candidates));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same answers after a long word has grown its rows, and for an empty candidate', () => {
    const long = 'x'.repeat(60);
    expect(closestMatch(long, [`${long.slice(0, 59)}y`], new SuggestionBudget(100))).toBe(`${long.slice(0, 59)}y`);
    expect(closestMatch('runcmd', ['rucnmd', 'bootcmd', ''], new SuggestionBudget(100))).toBe('rucnmd');
    expect(closestMatch('ab', ['', 'abc'], new SuggestionBudget(100))).toBe('abc');
  });
});
