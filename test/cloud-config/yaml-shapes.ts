// Generated YAML for the tests of the token walk (token-data.test.ts, token-position.test.ts):
// documents of block mappings, lists, flow collections and scalars written out with the spacing,
// indentation, comments and line breaks people use and get wrong (an indentation off by one, a
// missing space, a tab), so that most documents are read and many are not.
import fc from 'fast-check';

const nice = fc.constantFrom(
  'a', 'b c', 'key', 'x:y', 'http://h/p', '"q"', '"a\\tb"', '"\\x41"', "'s'", "'it''s'", "''", '""', '1', '1.0', '-2', '0x1F', '010', '09',
  '1_000', '1:30', 'on', 'yes', 'No', '~', 'null', '.inf', '-.5', '1e3', '1.5e+3', 'a # b', 'a#b', '"multi\n  line"', 'constructor', '__proto__',
);
const odd = fc.constantFrom('"\\q"', '=', '<<', '2001-02-03', '@x', '`x', '&x a', '*x', '!!str 1', '|', '- a', '? a', 'plain\n  folded', '%x', ',', '[', '{a', '');
const scalar = fc.oneof({ arbitrary: nice, weight: 12 }, { arbitrary: odd, weight: 1 });

/** A block or flow node written at an indentation, as text lines. */
type Shape = { kind: 'scalar'; text: string } | { kind: 'map'; entries: [string, Shape][] } | { kind: 'seq'; items: Shape[] } | { kind: 'flow'; open: '[' | '{'; items: string[] } | { kind: 'block'; header: string; lines: string[] };

const shapes = fc.letrec<{ node: Shape; map: Shape; seq: Shape }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar.map((text): Shape => ({ kind: 'scalar', text })),
    fc.record({ open: fc.constantFrom('[' as const, '{' as const), items: fc.array(scalar, { maxLength: 4 }) }).map((r): Shape => ({ kind: 'flow', ...r })),
    fc.record({ header: fc.constantFrom('|', '>', '|-', '>+', '|2', '| # c'), lines: fc.array(fc.constantFrom('text', '  more', '', 'a: b', '# not a comment'), { maxLength: 3 }) }).map((r): Shape => ({ kind: 'block', ...r })),
    tie('map'),
    tie('seq'),
  ),
  map: fc.array(fc.tuple(scalar, tie('node')), { minLength: 1, maxLength: 5 }).map((entries): Shape => ({ kind: 'map', entries })),
  seq: fc.array(tie('node'), { minLength: 1, maxLength: 4 }).map((items): Shape => ({ kind: 'seq', items })),
}));

/** How each line is spaced: mostly as people write it, sometimes off. */
const style = fc.record({
  step: fc.oneof({ arbitrary: fc.constant(2), weight: 6 }, fc.constantFrom(4, 1, 0)),
  jitter: fc.oneof({ arbitrary: fc.constant(0), weight: 20 }, fc.constantFrom(1, -1)),
  sep: fc.oneof({ arbitrary: fc.constant(': '), weight: 12 }, fc.constantFrom(':', ' : ', ':  ', ':\t', ': # c\n')),
  dash: fc.oneof({ arbitrary: fc.constant('- '), weight: 12 }, fc.constantFrom('-', '-  ', '-\t')),
  comma: fc.oneof({ arbitrary: fc.constant(', '), weight: 6 }, fc.constantFrom(',', ' ,', ', ,')),
  extra: fc.oneof({ arbitrary: fc.constant(''), weight: 12 }, fc.constantFrom('\n', '\n# c\n', '\n\n', ' # c', '\t', '\n---\n', '\n...\n')),
});

function write(shape: Shape, indent: number, styles: readonly Style[], at: { i: number }): string {
  const s = styles[at.i++ % styles.length]!;
  const pad = (n: number) => ' '.repeat(Math.max(0, n + s.jitter));
  switch (shape.kind) {
    case 'scalar':
      return shape.text;
    case 'flow':
      return `${shape.open}${shape.items.map((item) => (shape.open === '{' ? `${item}: ${item}` : item)).join(s.comma)}${shape.open === '[' ? ']' : '}'}`;
    case 'block':
      return `${shape.header}\n${shape.lines.map((line) => `${' '.repeat(indent + s.step)}${line}`).join('\n')}`;
    case 'map':
      return shape.entries
        .map(([key, value], i) => {
          const inner = value.kind === 'map' || value.kind === 'seq' ? `\n${' '.repeat(indent + s.step)}${write(value, indent + s.step, styles, at)}` : write(value, indent + s.step, styles, at);
          return `${i === 0 ? '' : pad(indent)}${key}${s.sep}${inner}${i === 0 ? s.extra : ''}`;
        })
        .join('\n');
    case 'seq':
      return shape.items.map((item, i) => `${i === 0 ? '' : pad(indent)}${s.dash}${write(item, indent + 2, styles, at)}`).join('\n');
  }
}

type Style = { step: number; jitter: number; sep: string; dash: string; comma: string; extra: string };

/** Documents of generated shapes, written with generated spacing; most are YAML, many are not. */
export const yamlDocuments: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(shapes.map, shapes.map, shapes.seq), fc.array(style, { minLength: 1, maxLength: 8 }), fc.constantFrom('', '#cloud-config\n', '---\n', '--- # c\n', '# c\n\n'))
  .map(([shape, styles, head]) => `${head}${write(shape, 0, styles, { i: 0 })}\n`);
