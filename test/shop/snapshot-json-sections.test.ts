// The section scanner reads an array element whose line it completes with one JSON.parse (a snapshot written one
// order per line) instead of byte by byte: held to the byte-by-byte scan on random documents in random layouts, cut
// into random chunks and randomly damaged: the same sections after the same chunks, or the same error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSectionsError, JsonSectionsScanner } from '../../src/shop/snapshot/json-sections';

type Event = [chunk: number, section: unknown] | [chunk: number, error: string, path: readonly (string | number)[]];

function scan(bytes: Uint8Array, cuts: number[], lines: boolean, maxValueBytes?: number): Event[] {
  const scanner = new JsonSectionsScanner(maxValueBytes, lines);
  const events: Event[] = [];
  const bounds = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
  try {
    for (let c = 1; c < bounds.length; c += 1) {
      for (const section of scanner.push(bytes.subarray(bounds[c - 1], bounds[c]))) events.push([c, section]);
    }
    scanner.end();
  } catch (error) {
    if (!(error instanceof JsonSectionsError)) throw error;
    events.push([-1, `${error.code} ${error.message}`, error.path]);
  }
  return events;
}

const space = fc.constantFrom('', '', '\n', ' ', '\r\n', '\n  ', '\t');
const value = fc.jsonValue({ maxDepth: 3 });
/** JSON text of `v` laid out compactly, pretty-printed, or with random whitespace between tokens. */
const layout = (v: unknown) =>
  fc.oneof(fc.constant(JSON.stringify(v)), fc.constant(JSON.stringify(v, null, 2)), fc.array(space, { minLength: 1, maxLength: 4 }).map((ws) => {
    let k = 0;
    return JSON.stringify(v).replace(/[,:{}[\]]/g, (t) => `${ws[k++ % ws.length]}${t}${ws[k++ % ws.length]}`);
  }));
const element = value.chain((v) => layout(v));
const member = fc.tuple(fc.constantFrom('orders', 'products', 'store', 'x', 'a"b', 'é'), fc.oneof(
  fc.tuple(fc.array(element, { maxLength: 8 }), fc.array(space, { minLength: 1, maxLength: 3 })).map(([elements, ws]) =>
    `[${ws[0]}${elements.map((e, i) => `${e}${ws[i % ws.length]}`).join(`,${ws[1 % ws.length]}`)}${ws[2 % ws.length]}]`),
  element,
));
const document = fc.tuple(fc.array(member, { maxLength: 4 }), space).map(([members, ws]) => `{${ws}${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(`,${ws}`)}${ws}}${ws}`);
const damage = fc.array(fc.tuple(fc.nat(), fc.constantFrom(-1, 0x2c, 0x5d, 0x7d, 0x7b, 0x5b, 0x0a, 0x22, 0x5c, 0x20, 0xff, 0xc3, 0x31), fc.boolean()), { maxLength: 3 });

function damaged(text: string, edits: [number, number, boolean][]): Uint8Array {
  const bytes = [...new TextEncoder().encode(text)];
  for (const [at, byte, insert] of edits) {
    const i = at % (bytes.length + 1);
    if (byte < 0) bytes.splice(i, 1);
    else bytes.splice(i, insert ? 0 : 1, byte);
  }
  return Uint8Array.from(bytes);
}

describe('JsonSectionsScanner: whole lines', () => {
  it('gives what the byte-by-byte scan gives, chunk by chunk, on valid and damaged documents (property)', () => {
    fc.assert(
      fc.property(document, damage, fc.array(fc.nat(), { maxLength: 6 }), (text, edits, cuts) => {
        const bytes = damaged(text, edits);
        expect(scan(bytes, cuts, true)).toEqual(scan(bytes, cuts, false));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives, byte by byte or by lines, the values JSON.parse gives for the whole document (property)', () => {
    fc.assert(
      fc.property(document, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (text, cuts, lines) => {
        let whole: unknown;
        try {
          whole = JSON.parse(text);
        } catch {
          return; // (the random layout can put a line break inside a string)
        }
        const rebuilt: Record<string, unknown> = {};
        for (const [, section] of scan(new TextEncoder().encode(text), cuts, lines)) {
          const s = section as { kind: string; key: string; value?: unknown };
          if (s.kind === 'member') rebuilt[s.key] = s.value;
          else if (s.kind === 'array') rebuilt[s.key] = [];
          else if (s.kind === 'element') (rebuilt[s.key] as unknown[]).push(s.value);
        }
        expect(rebuilt).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives what the byte-by-byte scan gives on pretty-printed documents, cut and damaged (property)', () => {
    const doc = fc.dictionary(fc.constantFrom('orders', 'products', 'store', 'x'), fc.oneof(fc.array(value, { maxLength: 6 }), value), { maxKeys: 4 });
    fc.assert(
      fc.property(doc, fc.constantFrom(2, 4, '\t', ' '), fc.boolean(), damage, fc.array(fc.nat(), { maxLength: 6 }), (v, indent, crlf, edits, cuts) => {
        const text = JSON.stringify(v, null, indent);
        const bytes = damaged(crlf ? text.replace(/\n/g, '\r\n') : text, edits);
        expect(scan(bytes, cuts, true)).toEqual(scan(bytes, cuts, false));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a value longer than maxValueBytes the same way by lines or byte by byte, after what it gave unbounded (property)', () => {
    fc.assert(
      fc.property(document, damage, fc.integer({ min: 1, max: 120 }), fc.array(fc.nat(), { maxLength: 6 }), (text, edits, max, cuts) => {
        const bytes = damaged(text, edits);
        const bounded = scan(bytes, cuts, true, max);
        expect(bounded).toEqual(scan(bytes, cuts, false, max));
        const unbounded = scan(bytes, cuts, false);
        const last = bounded[bounded.length - 1];
        if (last !== undefined && last.length === 3 && last[1].startsWith('too_large')) {
          expect(bounded.slice(0, -1)).toEqual(unbounded.slice(0, bounded.length - 1));
        } else expect(bounded).toEqual(unbounded);
        expect(scan(bytes, cuts, true, bytes.length)).toEqual(scan(bytes, cuts, true));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses exactly the first element longer than maxValueBytes, in any layout and chunking (property)', () => {
    const lengths = fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(lengths, fc.constantFrom('lines', 'pretty', 'compact'), fc.integer({ min: 17, max: 140 }), fc.array(fc.nat(), { maxLength: 6 }), (ls, style, max, cuts) => {
        const elements = ls.map((n) => ({ n: 'é'.repeat(n) }));
        const text =
          style === 'lines'
            ? `{"format_version":1,"orders":[\n${elements.map((e) => JSON.stringify(e)).join(',\n')}\n]}`
            : JSON.stringify({ format_version: 1, orders: elements }, null, style === 'pretty' ? 2 : undefined);
        const bytes = new TextEncoder().encode(text);
        // Each element's own bytes as laid out ("é" is two bytes in UTF-8); field names (16 bytes at most) always fit.
        const size = (n: number) => (style === 'pretty' ? `{\n      "n": ""\n    }`.length : `{"n":""}`.length) + 2 * n;
        const first = ls.findIndex((n) => size(n) > max);
        for (const lines of [true, false]) {
          const events = scan(bytes, cuts, lines, max);
          const given = events.filter((e) => e.length === 2 && (e[1] as { kind: string }).kind === 'element').length;
          if (first < 0) expect(given).toBe(ls.length);
          else {
            // (Elements completed in the chunk that fails are not given: the error ends the scan.)
            expect(given).toBeLessThanOrEqual(first);
            expect(events[events.length - 1]).toEqual([-1, expect.stringMatching(/^too_large this element is longer than/), ['orders', first]]);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('stops an element that never ends once its bytes pass maxValueBytes, holding no more than that', () => {
    const max = 1 << 20;
    const scanner = new JsonSectionsScanner(max);
    const head = new TextEncoder().encode('{"format_version":1,"orders":[{"note":"');
    const filler = new Uint8Array(64 * 1024).fill(0x61);
    scanner.push(head);
    let fed = head.length;
    let error: unknown;
    try {
      for (let k = 0; k < 10_000; k += 1) {
        scanner.push(filler);
        fed += filler.length;
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsonSectionsError);
    expect(error).toMatchObject({ code: 'too_large', path: ['orders', 0] });
    expect(fed).toBeLessThanOrEqual(head.length + max + filler.length);
  });

  it('reads a snapshot written one order per line, and its errors, as the byte-by-byte scan does', () => {
    const orders = Array.from({ length: 50 }, (_, i) => JSON.stringify({ id: i + 1, name: `o\\"${i}`, items: [{ id: i, n: 'ü'.repeat(i) }] }));
    const text = `{"format_version":1,"orders":[\n${orders.join(',\n')}\n]}\n`;
    for (const bad of [text, text.replace('"id":7,', '"id":7,,'), text.replace('"id":9', '"id":9\n'), text.replace('},\n{"id":20', '}\n{"id":20')]) {
      const bytes = new TextEncoder().encode(bad);
      for (const size of [7, 64, 1000, bytes.length]) {
        const cuts = Array.from({ length: Math.ceil(bytes.length / size) }, (_, k) => k * size);
        expect(scan(bytes, cuts, true)).toEqual(scan(bytes, cuts, false));
      }
    }
    const bytes = new TextEncoder().encode(text);
    const events = scan(bytes, [], true);
    expect(events.filter(([, s]) => (s as { kind: string }).kind === 'element')).toHaveLength(50);
  });

  it('reads a pretty-printed snapshot, and its errors, as the byte-by-byte scan does', () => {
    const orders = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `o\\"}${i}`, items: [{ id: i, n: 'ü'.repeat(i), tags: [] }], note: {} }));
    const text = JSON.stringify({ format_version: 1, orders }, null, 2);
    for (const bad of [text, text.replace('"id": 7,', '"id": 7,,'), text.replace('"id": 9,', '"id": 9,\n    }'), text.replace(/\n {4}\},\n {4}\{\n {6}"id": 20/, '\n    }\n    {\n      "id": 20')]) {
      const bytes = new TextEncoder().encode(bad);
      for (const size of [5, 64, 1000, bytes.length]) {
        const cuts = Array.from({ length: Math.ceil(bytes.length / size) }, (_, k) => k * size);
        expect(scan(bytes, cuts, true)).toEqual(scan(bytes, cuts, false));
      }
    }
  });

  it('reads 500,000 pretty-printed elements whose closing lines never match, in alternating layouts, as the byte scan does', () => {
    // Worst case of the closing-line search: each element's search finds nothing in the rest of its 64 KB chunk, and
    // the layout alternates, so no remembered search applies; the misses back off. The search was once quadratic
    // (20 s for 200,000 such elements), so this many would outlast the test timeout.
    const n = 500_000;
    const text = `{"orders":[\n${Array.from({ length: n }, (_, i) => (i % 2 ? '  {\n"a":1}' : '  [\n1]')).join(',\n')}\n]}`;
    const bytes = new TextEncoder().encode(text);
    const cuts = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, k) => k * 65_536);
    const events = scan(bytes, cuts, true);
    expect(events.filter(([, s]) => (s as { kind: string }).kind === 'element')).toHaveLength(n);
    expect(events).toEqual(scan(bytes, cuts, false));
  });
});
