import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff, type DiffEdit } from '../../src/cloud-config/output/unified-diff';

/** Applies edits as the fixer does (sorted, not overlapping). */
function applied(text: string, edits: readonly DiffEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** Applies a unified diff to `text` strictly: every context and removed line must match. */
function patch(text: string, diff: string): string {
  const old = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const oldNoNewline = text !== '' && !text.endsWith('\n');
  const lines = diff.split('\n').slice(2, -1);
  const out: string[] = [];
  let newNoNewline = false;
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const header = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/.exec(line);
    if (header) {
      const start = Number(header[2]) === 0 ? Number(header[1]) : Number(header[1]) - 1;
      while (at < start) out.push(old[at++]!);
      continue;
    }
    const marked = lines[i + 1] === '\\ No newline at end of file';
    if (line.startsWith(' ') || line.startsWith('-')) expect(old[at++]).toBe(line.slice(1));
    if (line.startsWith(' ') || line.startsWith('+')) {
      out.push(line.slice(1));
      if (marked) newNoNewline = true;
    }
    if (marked) i++;
  }
  if (at < old.length) newNoNewline = oldNoNewline;
  while (at < old.length) out.push(old[at++]!);
  return out.join('\n') + (out.length > 0 && !newNoNewline ? '\n' : '');
}

describe('unifiedDiff', () => {
  it('is empty without edits', () => {
    expect(unifiedDiff('a\n', [], 'f', 'f')).toBe('');
  });

  it('joins changes whose contexts touch into one hunk, and splits the others', () => {
    const text = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n') + '\n';
    const at = (line: number) => text.indexOf(`l${line}\n`);
    const edits = [4, 10, 19].map((line) => ({ start: at(line), end: at(line) + `l${line}`.length, text: `L${line}` }));
    expect(unifiedDiff(text, edits, 'a', 'b')).toBe(
      ['--- a', '+++ b', '@@ -2,13 +2,13 @@', ' l1', ' l2', ' l3', '-l4', '+L4', ' l5', ' l6', ' l7', ' l8', ' l9', '-l10', '+L10', ' l11', ' l12', ' l13', '@@ -17,4 +17,4 @@', ' l16', ' l17', ' l18', '-l19', '+L19', ''].join('\n'),
    );
  });

  it('an edit on every line of 1 MiB: one hunk, every line removed and added (linear: no timing)', () => {
    const lines = Array.from({ length: 1024 * 1024 / 8 }, (_, i) => `k${String(i).padStart(6, '0')}\n`);
    const text = lines.join('');
    const edits = lines.map((line, i) => ({ start: i * 8 + 1, end: i * 8 + 7, text: 'v' }));
    const diff = unifiedDiff(text, edits, 'a', 'b').split('\n');
    expect(diff.slice(0, 4)).toEqual(['--- a', '+++ b', `@@ -1,${lines.length} +1,${lines.length} @@`, '-k000000']);
    expect(diff.length).toBe(3 + 2 * lines.length + 1);
    expect(diff.filter((l) => l === '+kv')).toHaveLength(lines.length);
  });

  it('any edits of any text: the diff applied to the text gives the edited text', () => {
    const line = fc.stringMatching(/^[a-c ]{0,3}$/);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom('', 'x', 'y\n', '\nz')), { maxLength: 6 }), (lines, finalNewline, raw) => {
        const text = lines.join('\n') + (finalNewline ? '\n' : '');
        // Edits as the fixer makes them: sorted, not overlapping; whole-line removals or in-line replacements.
        const edits: DiffEdit[] = [];
        let from = 0;
        for (const [offset, length, replacement] of raw) {
          const start = from + (offset % Math.max(1, text.length - from + 1));
          if (start > text.length) break;
          const end = Math.min(text.length, start + length);
          edits.push({ start, end, text: replacement.replaceAll('\n', '') });
          from = end + 1;
          if (from > text.length) break;
        }
        const diff = unifiedDiff(text, edits, 'a', 'b');
        const expected = applied(text, edits);
        if (edits.length === 0) expect(diff).toBe('');
        else expect(patch(text, diff)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
