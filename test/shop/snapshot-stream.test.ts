import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSnapshotIssue, loadShopSnapshot, loadShopSnapshotStream, readShopSnapshot, serializeShopSnapshot } from 'wc-legacy-api/shop';
import type { LoadShopSnapshotResult, ShopSnapshotPart } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';

const exampleText = readFileSync(new URL('../../examples/data/small-shop.json', import.meta.url), 'utf8');
const example = (): any => JSON.parse(exampleText);

/** The text as byte chunks cut at the given offsets (any byte, also inside a multi-byte character). */
function chunked(text: string, cuts: readonly number[] = []): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const c of [...at, bytes.length]) {
    out.push(bytes.subarray(start, c));
    start = c;
  }
  return out;
}

const streamed = (text: string, cuts?: readonly number[]) => loadShopSnapshotStream(chunked(text, cuts), { maxIssues: Infinity });

/** Issues as sorted lines: the stream finds the same problems, in reading order rather than schema order. */
function issueLines(result: LoadShopSnapshotResult): string[] {
  return result.ok ? [] : result.issues.map((i) => `${i.code} ${formatSnapshotIssue(i)}`).sort();
}

async function parts(text: string): Promise<ShopSnapshotPart[]> {
  const out: ShopSnapshotPart[] = [];
  for await (const part of readShopSnapshot(chunked(text))) out.push(part);
  return out;
}

describe('readShopSnapshot / loadShopSnapshotStream', () => {
  it('gives the same snapshot as loadShopSnapshot for any demo shop, layout and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom(undefined, 1, 2, '\t'),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (orders, seed, indent, cuts) => {
          const text = JSON.stringify(serializeShopSnapshot(generateDemoShop({ orders, seed, customers: 5, products: 4 })), null, indent);
          expect(await streamed(text, cuts)).toEqual(loadShopSnapshot(text));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads strings with escapes, quotes, backslashes and multi-byte characters cut at every byte', async () => {
    const shop = example();
    shop.orders = [shop.orders[0]];
    shop.orders[0].customer_note = 'say "hi" \\ \\"\\\\ é 😀 \u2028 \\';
    shop.store.name = 'Bob\'s "Shop" \\';
    shop.customers = [];
    shop.coupons = [];
    const text = JSON.stringify(shop);
    const expected = loadShopSnapshot(text);
    expect(expected.ok).toBe(true);
    for (let cut = 0; cut <= new TextEncoder().encode(text).length; cut += 1) {
      expect(await streamed(text, [cut, cut + 1, cut + 3])).toEqual(expected);
    }
  });

  it('reads a Node stream of the example file, one chunk of a few bytes at a time', async () => {
    const result = await loadShopSnapshotStream(Readable.from(chunked(exampleText, Array.from({ length: 2000 }, (_, i) => i * 7))));
    expect(result).toEqual(loadShopSnapshot(exampleText));
  });

  it('reports the same issues as loadShopSnapshot, with the same paths, for broken records', async () => {
    const broken = example();
    broken.orders[3].items[0].total = 12.5;
    broken.orders[5].status = 'shipped';
    broken.orders[6].id = broken.orders[1].id;
    broken.orders[7].notes[0].id = broken.orders[2].notes[0].id;
    broken.orders[2].qty = 1;
    delete broken.orders[4].created_at;
    broken.products[0].id = 0;
    broken.customers.push({ ...broken.customers[0] });
    broken.store.currency = 'euro';
    broken.extra = true;
    const text = JSON.stringify(broken);
    const lines = issueLines(await streamed(text, [100, 2001, 5003]));
    expect(lines).toEqual(issueLines(loadShopSnapshot(text)));
    expect(lines).toContain('invalid_type orders[3].items[0].total: expected a decimal string such as "12.50", got 12.5');
    expect(lines.length).toBeGreaterThanOrEqual(9);
  });

  it('matches loadShopSnapshot on random single-field corruptions', async () => {
    const values = fc.constantFrom<unknown>(null, -1, 1.5, '', 'x', true, [], {}, '2026-02-30T00:00:00Z', '12,50');
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), values, fc.array(fc.nat(), { maxLength: 10 }), async (pick, pickField, value, cuts) => {
        const broken = example();
        const order = broken.orders[pick % broken.orders.length];
        const target = pickField % 3 === 0 ? order : pickField % 3 === 1 ? (order.items[0] ?? order) : broken.store;
        const keys = Object.keys(target);
        target[keys[pickField % keys.length] as string] = value;
        const text = JSON.stringify(broken);
        expect(issueLines(await streamed(text, cuts))).toEqual(issueLines(loadShopSnapshot(text)));
      }),
      { numRuns: 80 },
    );
  });

  it('yields each valid order as it is read, then the head; nothing after the first issue', async () => {
    const got = await parts(exampleText);
    expect(got.map((p) => p.kind)).toEqual([...Array(8).fill('order'), 'head']);
    const orders = got.flatMap((p) => (p.kind === 'order' ? [p.index] : []));
    expect(orders).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    const broken = example();
    broken.orders[2].total = 'lots';
    const kinds = (await parts(JSON.stringify(broken))).map((p) => p.kind);
    expect(kinds).toEqual(['order', 'order', 'issue']);
  });

  it('reports text that is not JSON with the path being read', async () => {
    const text = JSON.stringify(example());
    const cut = text.indexOf('"id"', text.indexOf('"orders"'));
    const result = await streamed(`${text.slice(0, cut)}"id": 1,, ${text.slice(cut + 10)}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatchObject({ code: 'invalid_json', path: ['orders', 0] });
    for (const bad of ['', '[]', '{"a":1', '{"a" 1}', '{"a":1}}', '{,}', 'nul', '{"a\\x":1}', '{"format_version":1,"b\\u12":[]}']) {
      const r = await streamed(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.code)).toContain('invalid_json');
    }
  });

  it('asks for store and products before the orders, as serializeShopSnapshot writes them', async () => {
    const { orders, ...rest } = example();
    const result = await streamed(JSON.stringify({ orders, ...rest }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((i) => formatSnapshotIssue(i))).toContain(
        'store: "store" must come before "orders" in a streamed snapshot (serializeShopSnapshot writes it there)',
      );
    }
    const { customers, coupons, ...head } = example();
    expect(await streamed(JSON.stringify({ ...head, customers, coupons }))).toEqual(loadShopSnapshot(exampleText));
  });

  it('refuses a value longer than maxValueBytes (16 MiB by default) and stops reading a stream that never ends', async () => {
    let fed = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      const chunk = new Uint8Array(1 << 20).fill(0x61);
      yield new TextEncoder().encode('{"format_version":1,"orders":[{"customer_note":"');
      for (;;) {
        fed += chunk.length;
        yield chunk;
      }
    }
    for (const maxValueBytes of [undefined, Number.NaN]) {
      fed = 0;
      const result = await loadShopSnapshotStream(endless(), { maxValueBytes });
      expect(result.ok ? [] : result.issues.map((i) => [i.code, formatSnapshotIssue(i)])).toEqual([
        ['too_large', 'orders[0]: this element is longer than 16777216 bytes, the most a streamed snapshot may hold at once (maxValueBytes)'],
      ]);
      expect(fed).toBeLessThanOrEqual(17 << 20);
    }
    // A field name, and a member that is not an array, are held to it too; the whole example fits in its own length.
    const key = await loadShopSnapshotStream(chunked(`{"${'k'.repeat(100)}":1}`), { maxValueBytes: 50 });
    expect(key.ok ? [] : key.issues.map((i) => [i.code, i.path])).toEqual([['too_large', []]]);
    // Field names stop at 4 KiB whatever the bound (the reader remembers unknown top-level names for duplicates).
    for (const [length, expected] of [[4094, 'unknown_field'], [4095, 'too_large']] as const) {
      const named = await loadShopSnapshotStream(chunked(`{"${'k'.repeat(length)}":1}`, [1000, 3000]), { maxIssues: 1 });
      expect(named.ok ? [] : named.issues.map((i) => i.code)).toEqual([expected]);
    }
    const store = await loadShopSnapshotStream(chunked(exampleText, [10, 100, 1000]), { maxValueBytes: 60 });
    expect(store.ok ? [] : store.issues.map((i) => [i.code, i.path])).toEqual([['too_large', ['store']]]);
    expect(await loadShopSnapshotStream(chunked(exampleText), { maxValueBytes: exampleText.length })).toEqual(loadShopSnapshot(exampleText));
  });

  it('reports a top-level section the format does not define when it is read, and keeps none of it', async () => {
    const element = `"${'z'.repeat(64 * 1024 - 3)}",`;
    const chunk = new TextEncoder().encode(element.repeat(16)); // 1 MiB of elements
    let fed = 0;
    async function* junk(chunks: number): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode(`${exampleText.trimEnd().slice(0, -1)},"junk":[`);
      for (let i = 0; i < chunks; i += 1) {
        fed += 1;
        yield chunk;
      }
      yield new TextEncoder().encode('0]}');
    }
    // Reported as soon as its key is read, not at the end of the stream.
    for await (const part of readShopSnapshot(junk(1000))) {
      if (part.kind === 'order') continue;
      expect(part).toEqual({ kind: 'issue', issue: { code: 'unknown_field', path: ['junk'], message: 'unknown field' } });
      break;
    }
    expect(fed).toBeLessThanOrEqual(1);
    // 256 MiB of it read to the end: the heap does not keep it (it once grew by all of it).
    const before = process.memoryUsage().heapUsed;
    const issues: string[] = [];
    for await (const part of readShopSnapshot(junk(256))) if (part.kind === 'issue') issues.push(formatSnapshotIssue(part.issue));
    expect(issues).toEqual(['junk: unknown field']);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(128 * 2 ** 20);
    // The same issue as loadShopSnapshot gives for the whole text.
    const small = `${exampleText.trimEnd().slice(0, -1)},"junk":[1,2]}`;
    expect(await streamed(small)).toEqual(loadShopSnapshot(small));
  });

  it('reads elements whose layout points at a far closing line, in one large chunk, in linear time', async () => {
    // 800 pretty-printed elements whose closing line is 17 MB away (past maxValueBytes), then 2 million short ones:
    // the far candidate was searched and dropped again for each element (22 s for 400 of them, so 800 outlast the
    // test timeout); a candidate that misses now sends the elements before its end to the byte scan.
    const els = Array.from({ length: 800 }, () => '  {\n"a":1}');
    const filler = Array.from({ length: Math.ceil((17 << 20) / 9) }, () => '{"c":1}');
    const bytes = new TextEncoder().encode(`{"format_version":1,"junk":[\n${els.join(',\n')},\n${filler.join(',\n')},\n  {\n"b":1\n  }\n]}`);
    const issues: string[] = [];
    for await (const part of readShopSnapshot([bytes])) if (part.kind === 'issue') issues.push(formatSnapshotIssue(part.issue));
    expect(issues).toEqual(['junk: unknown field', 'store: required']);
  });

  it('stops after maxIssues and when its signal aborts', async () => {
    const broken = example();
    for (const o of broken.orders) o.total = 1;
    const result = await loadShopSnapshotStream(chunked(JSON.stringify(broken)), { maxIssues: 3 });
    expect(result.ok ? 0 : result.issues.length).toBe(3);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(loadShopSnapshotStream(chunked(exampleText), { signal: controller.signal })).rejects.toThrow('stop');
  });
});
