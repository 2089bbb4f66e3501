// Builds the large adversarial user data shared by test/cloud-config/adversarial-input.test.ts and
// bench/cloud-config-adversarial.bench.ts.

/** `head` followed by as many `item(i)` as fit in `limit` bytes (less 64, so a header or newline still fits). */
export function fillUserData(limit: number, head: string, item: (i: number) => string): string {
  const parts = [head];
  let size = head.length;
  for (let i = 0; ; i++) {
    const next = item(i);
    if (size + next.length > limit - 64) break;
    parts.push(next);
    size += next.length;
  }
  return parts.join('');
}
