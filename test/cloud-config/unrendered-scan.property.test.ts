// The placeholder scan finds the next opener with indexOf instead of looking at every character: the same
// placeholders as the character-by-character scan it replaced (kept here as the reference), on texts made of the
// characters that matter, and linear on a long text whose only opener is at its end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPlaceholders, type TemplatePlaceholder } from '../../src/cloud-config/input/unrendered-template';

const FORMS = [
  ['${', '}', 'interpolation'],
  ['%{', '}', 'directive'],
  ['{{', '}}', 'expression'],
  ['{%', '%}', 'statement'],
] as const;

function reference(text: string): TemplatePlaceholder[] {
  const found: TemplatePlaceholder[] = [];
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let first = lineStart;
    while (first < lineEnd && (text[first] === ' ' || text[first] === '\t')) first++;
    if (text[first] !== '#') {
      for (let i = first; i < lineEnd - 1; i++) {
        for (const [open, close, kind] of FORMS) {
          if (!text.startsWith(open, i)) continue;
          const closeAt = text.indexOf(close, i + open.length);
          if (closeAt === -1 || closeAt + close.length > lineEnd) continue;
          const end = closeAt + close.length;
          const secret = kind === 'expression' && /^\{\{\s*op:\/\//.test(text.slice(i, Math.min(end, i + 16)));
          found.push({ kind: secret ? 'secret-reference' : kind, start: i, end });
          i = end - 1;
          break;
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return found;
}

describe('findPlaceholders', () => {
  it('finds what the character-by-character scan finds', () => {
    const text = fc.array(fc.constantFrom('$', '%', '{', '}', '{{', '}}', '\n', ' ', '\t', '#', 'a', ':', 'op://', '${x}', '{{ v }}'), { maxLength: 80 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(findPlaceholders(t)).toEqual(reference(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a 1 MB text of many lines with one opener at its end in one pass', () => {
    const text = `${'key: value\n'.repeat(90_000)}x: \${end}`;
    const found = findPlaceholders(text);
    expect(found).toEqual([{ kind: 'interpolation', start: text.length - 6, end: text.length }]);
  });
});
