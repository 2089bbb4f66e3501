// "Did you mean" suggestions: the closest candidate by edit distance, accepted only when the
// distance is small relative to the word, so unrelated keys get no misleading suggestion.

function editDistance(a: string, b: string): number {
  // Optimal string alignment (Damerau-Levenshtein without substring edits): a swapped pair of
  // letters (`runcmd` -> `rucnmd`) counts as one typo, as users think of it.
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      const prev = d[i - 1]!;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate closest to `word`, if it is within a third of the word's length (at least 1, at
 * most 3 edits). Hyphens and underscores are treated alike since cloud-init keys mix them.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > 64) return undefined;
  const normal = (s: string) => s.toLowerCase().replace(/-/g, '_');
  const target = normal(word);
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  // Ranked by distance ignoring `-`/`_` and case, then by exact distance, so between equally close
  // candidates the one spelled like the word wins (`scripts_usr` -> `scripts_user`, not `scripts-user`).
  let bestRank: readonly [number, number] = [Infinity, Infinity];
  for (const candidate of candidates) {
    if (candidate === word || Math.abs(candidate.length - word.length) > limit) continue;
    const rank = [editDistance(target, normal(candidate)), editDistance(word, candidate)] as const;
    if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
      best = candidate;
      bestRank = rank;
    }
  }
  return bestRank[0] <= limit ? best : undefined;
}
