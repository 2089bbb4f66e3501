// Query parsing before authentication does work linear in the URL's length (issue 24: `name[]` appends were
// quadratic, so one 16 KiB URL blocked the event loop for most of a second). The work is COUNTED, not timed: the
// parser reports the characters it reads and the steps it takes to a meter, and the count must stay within a fixed
// multiple of the URL's length whatever the query holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_PARAMETERS, parseQuery } from 'wc-legacy-api/shop';
import { parseQueryMetered } from '../../src/shop/http/parse-query';

function work(url: string): number {
  const meter = { units: 0 };
  parseQueryMetered(url, meter);
  return meter.units;
}

// What a query can be made of: appends, nested keys, explicit integer keys, deep and unterminated brackets, empty
// parts, encoded characters and plain names.
const block = fc.oneof(
  fc.constant('a[]=x'),
  fc.constant('a[]'),
  fc.nat({ max: 2_000_000_000 }).map((n) => `a[${n}]=y`),
  fc.constantFrom('filter[q]=ada', 'filter[limit]=5', 'b[c][d][]=1', 'b[c][][]=2', 'x[', 'x[y', '[z]=1', ' a[]=s'),
  fc.integer({ min: 1, max: 40 }).map((n) => `d${'[]'.repeat(n)}=1`),
  fc.constantFrom('', '&', '%41[]=%42', 'e=%E2%82%AC', 'p+q[]=r+s', '__proto__[]=1', 'constructor[x]=1'),
);

describe('query parsing work', () => {
  it('stays within 3 units per character of the URL, whatever the query (property)', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 300 }), fc.integer({ min: 1, max: 20 }), (blocks, repeat) => {
        const url = `/wc-api/v1/orders?${Array.from({ length: repeat }, () => blocks.join('&')).join('&')}`;
        expect(work(url)).toBeLessThanOrEqual(3 * (url.length + 1));
      }),
      { numRuns: 300 },
    );
  });

  it('grows linearly with the number of appends to one list up to the cap, and stops growing past it', () => {
    const perChar: number[] = [];
    for (const n of [10, 100, 500, MAX_QUERY_PARAMETERS]) {
      const url = `/x?${'a[]=1&'.repeat(n)}`;
      const units = work(url);
      expect(units).toBeLessThanOrEqual(3 * (url.length + 1));
      perChar.push(units / url.length);
    }
    // The same cost per character at 10 appends as at 1,000: nothing grows with the list.
    expect(Math.max(...perChar) - Math.min(...perChar)).toBeLessThan(0.1);
    const atCap = work(`/x?${'a[]=1&'.repeat(MAX_QUERY_PARAMETERS)}`);
    for (const n of [MAX_QUERY_PARAMETERS + 1, 4000, 20_000]) {
      expect(work(`/x?${'a[]=1&'.repeat(n)}`)).toBeLessThanOrEqual(atCap + 10);
    }
  });

  it('keeps PHP append semantics: the next key follows the largest integer key so far', () => {
    expect(parseQuery('?a[5]=x&a[]=y&a[2]=z&a[]=w&a[007]=o&a[]=v')).toEqual({
      ok: true,
      query: { a: { 2: 'z', 5: 'x', 6: 'y', 7: 'w', '007': 'o', 8: 'v' } },
    });
    // A list replaced by text and started again begins at 0; nested lists count on their own.
    expect(parseQuery('?a[]=x&a=1&a[]=y&b[c][]=1&b[c][]=2&b[]=3')).toEqual({
      ok: true,
      query: { a: { 0: 'y' }, b: { c: { 0: '1', 1: '2' }, 0: '3' } },
    });
    const many = parseQuery(`?${'a[]=v&'.repeat(MAX_QUERY_PARAMETERS)}`);
    expect(many.ok && Object.keys(many.query.a as object)).toEqual(Array.from({ length: MAX_QUERY_PARAMETERS }, (_, i) => String(i)));
  });

  it('refuses more than 1,000 parameters, reading no further than the first one past the cap', () => {
    const over = parseQuery(`?${'a[]&'.repeat(MAX_QUERY_PARAMETERS)}b=1`);
    expect(over).toEqual({ ok: false, tooMany: true, message: 'The query string has more than 1,000 parameters; at most 1,000 are read.' });
    // Empty parts do not count.
    expect(parseQuery(`?${'&'.repeat(5000)}${'a[]&'.repeat(MAX_QUERY_PARAMETERS)}`).ok).toBe(true);
    const huge = `/x?${'a[]&'.repeat(100_000)}`;
    expect(work(huge)).toBeLessThan(5 * (MAX_QUERY_PARAMETERS + 1));
  });
});
