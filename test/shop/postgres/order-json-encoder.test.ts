// The order JSON encoder writes an order's COPY rows straight from its JSON text. It may decline anything, but what it
// accepts must be a valid order (zod's order schema on JSON.parse of the text) whose rows are, byte for byte, those
// the model path writes (SnapshotModelBuilder + the tables' row writers), with the order's ids as its skeleton.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeShopSnapshot } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../../examples/demo-shop';
import { CHILDREN, ORDER_TABLES, rowWrite } from '../../../src/shop/repository/postgres/import/copy-rows';
import { CopyTextWriter } from '../../../src/shop/repository/postgres/import/copy-text';
import { OrderJsonEncoder } from '../../../src/shop/repository/postgres/import/order-json-encoder';
import { ORDERS_TABLE } from '../../../src/shop/repository/postgres/tables';
import { SnapshotModelBuilder } from '../../../src/shop/snapshot/snapshot-model';
import { snapshotSchemas } from '../../../src/shop/snapshot/snapshot-schema';

const orders = serializeShopSnapshot(generateDemoShop({ orders: 300, seed: 5 })).orders as unknown[];
const schema = snapshotSchemas().orderSchema;
const build = new SnapshotModelBuilder();
// ignoreBOM: a BOM is kept, so JSON.parse refuses it as the encoder must.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// The model path's writer of each table, in the order of ORDER_TABLES (looked up, not assumed).
type Writer = (w: CopyTextWriter, order: any) => void;
const WRITERS: Writer[] = ORDER_TABLES.map((table): Writer => {
  if (table === (ORDERS_TABLE as unknown)) {
    const write = rowWrite(ORDERS_TABLE);
    return (w, order) => write(w, order);
  }
  const child = CHILDREN.find((c) => c.spec === (table as unknown));
  if (!child) throw new Error(`no writer for ${table.table}`);
  const write = rowWrite(child.spec);
  return (w, order) => child.lines(order).forEach((line, position) => write(w, { orderId: order.id, position, line }));
});

type Reference = { ok: true; skeleton: unknown; tables: Buffer[] } | { ok: false; why: string };

/** What the model path makes of `bytes`, or why it makes nothing (then the encoder must decline). */
function reference(bytes: Uint8Array): Reference {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, why: 'invalid UTF-8' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, why: `JSON.parse: ${(e as Error).message}` };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, why: `schema: ${JSON.stringify(parsed.error.issues[0])}` };
  try {
    const o = parsed.data;
    const order = build.order(o, 'EUR');
    const tables = WRITERS.map((write) => {
      const w = new CopyTextWriter();
      write(w, order);
      return Buffer.concat(w.take());
    });
    const ids = (lines: readonly { id: number }[]) => lines.map((l) => ({ id: l.id }));
    const skeleton = {
      id: o.id,
      items: o.items.map((i) => ({ id: i.id, product_id: i.product_id, variation_id: i.variation_id })),
      shipping_lines: ids(o.shipping_lines), tax_lines: ids(o.tax_lines), fee_lines: ids(o.fee_lines),
      coupon_lines: ids(o.coupon_lines), refunds: ids(o.refunds), notes: ids(o.notes),
    };
    return { ok: true, skeleton, tables };
  } catch (e) {
    return { ok: false, why: `model path threw: ${(e as Error).message}` };
  }
}

const show = (bytes: Uint8Array) => JSON.stringify(Buffer.from(bytes).toString('utf8'));

/** Encodes `bytes` and holds an accepted order to the contract; true when accepted. */
function check(encoder: OrderJsonEncoder, bytes: Uint8Array): boolean {
  let skeleton: unknown;
  try {
    skeleton = encoder.encode(bytes);
  } catch (e) {
    throw new Error(`encode threw ${String(e)} on ${show(bytes)}`);
  }
  if (skeleton === undefined) return false;
  const ref = reference(bytes);
  if (!ref.ok) throw new Error(`accepted, but ${ref.why}; input ${show(bytes)}`);
  expect(encoder.rows.length).toBe(ORDER_TABLES.length);
  ref.tables.forEach((want, t) => {
    const got = Buffer.from(encoder.rows[t]!.bytes());
    if (got.equals(want)) return;
    let at = 0;
    while (at < want.length && got[at] === want[at]) at += 1;
    throw new Error(
      `${ORDER_TABLES[t]!.table}: bytes differ at ${at}\n  encoder: ${JSON.stringify(got.toString('utf8'))}\n  model:   ` +
        `${JSON.stringify(want.toString('utf8'))}\n  input ${show(bytes)}`,
    );
  });
  expect(skeleton, `skeleton of ${show(bytes)}`).toEqual(ref.skeleton);
  return true;
}

/** Every path to a value inside `v` (object keys and array indexes), `v` itself included as []. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((e, i) => out.push(...paths(e, [...at, i])));
  else if (typeof v === 'object' && v !== null) for (const [k, e] of Object.entries(v)) out.push(...paths(e, [...at, k]));
  return out;
}
const objectPaths = (v: unknown) => paths(v).filter((p) => isObject(get(v, p)));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const get = (v: any, path: (string | number)[]): any => path.reduce((o, k) => o?.[k], v);

// Replacement values; a Raw is a JSON token written as is (numbers and escapes JSON.stringify would normalise).
class Raw {
  constructor(readonly text: string) {}
}
const REMOVE = Symbol('remove');
const raws = (...texts: string[]) => texts.map((t) => new Raw(t));
const TEXTS: unknown[] = [
  '', 'x', 'back\\slash\\', 'quo"te"', 'line\nbreak', 'tab\there', 'cr\r', 'nul\u0000', 'lone\ud800', '\udc00x', 'Grüße',
  'emoji 😀🇩🇪', 'ctl\u0001\u001f\u007f', '\u2028\u2029', '\\N', 'ü'.repeat(20), `${'long '.repeat(8)}\\ end`, 'x'.repeat(40),
  'completed', 'refunded', 'nonsense',
  ...raws('"\\u0041"', '"\\/x"', '"\\ud83d\\ude00"', '"\\ud800"', '"\\u0000"', '"caf\\u00e9"', '"\\t\\n\\\\"', '"\\"\\b\\f"'),
];
const MONEY: unknown[] = [
  '007.50', '-0.00', '12.300', '1e3', '12.50', '-3', '0', '-0', '123456789012345678', '1234567890123456789', '0.123456789012',
  '0.1234567890123', '1.', '.5', '+1', '12345678.9', '100000000000000000', '0.0000001', '-999999999999999999.999999999999',
  ...raws('"12\\u002e50"'),
];
const INSTANTS: unknown[] = [
  '2024-02-29T23:59:59.999Z', '2023-02-29T00:00:00Z', '2026-03-01T09:30:00+01:00', '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z', '2026-03-01T09:30:00.123456789+01:00', '2026-03-01T09:30Z', '2026-03-01', '2026-03-01t09:30:00z',
  '1969-12-31T23:59:59.999-00:30', '2026-03-01T24:00:00Z', '1969-12-31T23:59:59Z', '2026-03-01T09:30:00.5Z', '0001-01-01T00:00:00Z',
  '0999-12-31T23:59:59.99Z', '2026-03-01T23:59:60Z', '2026-13-01T00:00:00Z', null,
];
const NUMBERS: unknown[] = [
  0, -1, -5, 1, 1.5, 2 ** 53, 2 ** 53 - 1, -0, 7, 1e21,
  ...raws('1.0', '-0', '1e0', '1E2', '10e-1', '-0.0', '1001.0', '9007199254740993', '1e400', '01'),
];
const OTHERS: unknown[] = [REMOVE, null, true, false, [], {}, [{}], { first_name: 'A' }];
const VALUES: unknown[] = [...OTHERS, ...TEXTS, ...MONEY, ...INSTANTS, ...NUMBERS];
const MONEY_KEYS = new Set(
  'total cart_tax shipping_total shipping_tax cart_discount order_discount subtotal tax tax_total shipping_tax_total amount'.split(' '),
);
const INSTANT_KEYS = new Set(['created_at', 'updated_at', 'completed_at', 'paid_at']);
/** Replacements of the kind the field holds (so that many mutated orders stay valid). */
function poolFor(key: string | number, original: unknown): unknown[] {
  if (INSTANT_KEYS.has(String(key))) return INSTANTS;
  if (MONEY_KEYS.has(String(key))) return MONEY;
  if (typeof original === 'number') return NUMBERS;
  if (typeof original === 'string') return TEXTS;
  return OTHERS;
}
const RAWS: string[] = [];
const placeholder = (v: unknown): unknown => (v instanceof Raw ? `@@RAW${RAWS.push(v.text) - 1}@@` : v);
const KEYS = ['extra', '__proto__', 'constructor', 'id', 'tax', 'paid_at', 'email', 'variation_id', 'toString', 'items'];

function setKey(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
}

/** Rebuilds `o` with `entries` in that order (own keys such as __proto__ kept). */
function refill(o: Record<string, unknown>, entries: [string, unknown][]): void {
  for (const k of Object.keys(o)) delete o[k];
  for (const [k, v] of entries) setKey(o, k, v);
}

interface Mutation {
  order: number;
  // sameType: a replacement of the field's kind (see poolFor).
  value?: { path: number; value: number; sameType: boolean; addKey?: string | undefined };
  swap?: { path: number; i: number; j: number };
  dup?: { path: number; key: number; value: number; before: boolean };
  insert?: { at: number; char: string };
}

/** The JSON text of a real order with the mutation applied. */
function mutatedText(m: Mutation): string {
  let v: unknown = structuredClone(orders[m.order]);
  if (m.value) {
    const all = paths(v);
    const path = all[m.value.path % all.length]!;
    const pool = m.value.sameType ? poolFor(path[path.length - 1] ?? '', get(v, path)) : VALUES;
    const value = placeholder(pool[m.value.value % pool.length]);
    if (path.length === 0) v = value === REMOVE ? undefined : value;
    else {
      const parent = get(v, path.slice(0, -1));
      const last = path[path.length - 1]!;
      if (m.value.addKey !== undefined && isObject(parent)) setKey(parent, m.value.addKey, value === REMOVE ? null : value);
      else if (value === REMOVE) Array.isArray(parent) ? parent.splice(last as number, 1) : delete parent[last];
      else parent[last] = value;
    }
  }
  let dupKey: string | undefined;
  const objects = objectPaths(v);
  if (m.swap && objects.length > 0) {
    const o = get(v, objects[m.swap.path % objects.length]!) as Record<string, unknown>;
    const entries = Object.entries(o);
    if (entries.length > 1) {
      const i = m.swap.i % entries.length;
      const j = m.swap.j % entries.length;
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
      refill(o, entries);
    }
  }
  if (m.dup && objects.length > 0) {
    const o = get(v, objects[m.dup.path % objects.length]!) as Record<string, unknown>;
    const entries = Object.entries(o);
    if (entries.length > 0) {
      const k = m.dup.key % entries.length;
      dupKey = entries[k]![0];
      const chosen = VALUES[m.dup.value % VALUES.length];
      // REMOVE stands for the same value written twice.
      const extra: [string, unknown] = ['@@DUP@@', chosen === REMOVE ? entries[k]![1] : placeholder(chosen)];
      entries.splice(m.dup.before ? k : k + 1, 0, extra);
      refill(o, entries);
    }
  }
  let text = JSON.stringify(v) ?? '';
  if (dupKey !== undefined) text = text.replace('"@@DUP@@"', JSON.stringify(dupKey));
  text = text.replace(/"@@RAW(\d+)@@"/g, (_, i: string) => RAWS[Number(i)]!);
  if (m.insert) {
    const at = m.insert.at % (text.length + 1);
    text = text.slice(0, at) + m.insert.char + text.slice(at);
  }
  return text;
}

const sameType = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false));
const addKey = fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, fc.constantFrom(...KEYS));
const value = fc.record({ path: fc.nat(), value: fc.nat(), sameType, addKey }, { requiredKeys: ['path', 'value', 'sameType'] });
const swap = fc.record({ path: fc.nat(), i: fc.nat(), j: fc.nat() });
const dup = fc.record({ path: fc.nat(), key: fc.nat(), value: fc.nat(), before: fc.boolean() });
const chars = fc.constantFrom(' ', '\n', '\t', '\r', '  ', '\ufeff', ',', '}', '"', '\\', 'x', '0', '\u00a0');
const insert = fc.record({ at: fc.nat(), char: chars });
const order = fc.integer({ min: 0, max: orders.length - 1 });
// Mostly one mutation at a time (a pile of them is almost always invalid, which would test declining only).
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ order, value }), weight: 6 },
  { arbitrary: fc.record({ order, swap }), weight: 2 },
  { arbitrary: fc.record({ order, dup }), weight: 2 },
  { arbitrary: fc.record({ order, insert }), weight: 2 },
  { arbitrary: fc.record({ order, value, swap, dup, insert }, { requiredKeys: ['order'] }), weight: 1 },
);

describe('OrderJsonEncoder', () => {
  it('encodes every order serializeShopSnapshot writes, as the model path does', () => {
    const encoder = new OrderJsonEncoder();
    const declined: number[] = [];
    for (const order of orders) {
      if (!check(encoder, Buffer.from(JSON.stringify(order)))) declined.push((order as { id: number }).id);
    }
    expect(declined).toEqual([]);
    expect(orders.length).toBe(300);
    expect(encoder.rows.length).toBe(ORDER_TABLES.length);
    // The demo orders hold every kind of line, so every table was written at least once.
    const seen = ORDER_TABLES.map(() => false);
    for (const order of orders) {
      const ref = reference(Buffer.from(JSON.stringify(order)));
      if (ref.ok) ref.tables.forEach((b, t) => (seen[t] ||= b.length > 0));
    }
    expect(seen).toEqual(ORDER_TABLES.map(() => true));
  });

  it('declines or matches the model path on mutated orders (values, key order, duplicate keys, inserted text)', () => {
    const encoder = new OrderJsonEncoder();
    fc.assert(fc.property(mutation, (m) => void check(encoder, Buffer.from(mutatedText(m), 'utf8'))), { numRuns: 500 });
  });

  it('declines or matches the model path on generated money and instants (zeros, fractions, offsets, day overflow)', () => {
    const encoder = new OrderJsonEncoder();
    // Zeros weighted: leading and trailing zeros are what money normalisation is about.
    const digit = fc.constantFrom('0', '0', '0', '1', '5', '9');
    const digits = (max: number) => fc.array(digit, { minLength: 1, maxLength: max }).map((d) => d.join(''));
    const money = fc
      .tuple(fc.boolean(), digits(19), fc.option(digits(13), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    const [min, max] = [new Date('0000-01-01T00:00:00Z'), new Date('9999-12-31T23:59:59.999Z')];
    const iso = fc.date({ min, max, noInvalidDate: true });
    const instant = fc.tuple(iso, fc.nat(6)).map(([d, form]) => {
      const t = d.toISOString();
      const forms = [t, t.replace('.000', ''), `${t.slice(0, -3)}Z`, t.replace(/\.\d+/, '')];
      return [...forms, t.replace('Z', '+00:00'), t.replace('Z', '-01:30'), t.replace(/-\d\dT/, '-31T')][form]!;
    });
    fc.assert(
      fc.property(order, fc.nat(), money, instant, (o, pick, m, t) => {
        const copy = structuredClone(orders[o]);
        const key = (p: (string | number)[]) => String(p.at(-1));
        const fields = paths(copy).filter((p) => MONEY_KEYS.has(key(p)) || INSTANT_KEYS.has(key(p)));
        const path = fields[pick % fields.length]!;
        get(copy, path.slice(0, -1))[path.at(-1)!] = MONEY_KEYS.has(key(path)) ? m : t;
        check(encoder, Buffer.from(JSON.stringify(copy)));
      }),
      { numRuns: 300 },
    );
  });

  it('declines a duplicate key or reads it as JSON.parse does (the last one wins)', () => {
    const encoder = new OrderJsonEncoder();
    const text = JSON.stringify(orders[0]);
    for (const dup of ['"status":"completed",', '"total":"1.00",', '"id":42,', '"customer_note":"first",']) {
      check(encoder, Buffer.from(`{${dup}${text.slice(1)}`));
      check(encoder, Buffer.from(`${text.slice(0, -1)},${dup.slice(0, -1)}}`));
    }
  });

  it('never throws on arbitrary bytes or on one-byte changes of a real order', () => {
    const encoder = new OrderJsonEncoder();
    const real = Buffer.from(JSON.stringify(orders[1]));
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => void check(encoder, bytes)), { numRuns: 300 });
    const changed = fc.tuple(fc.nat({ max: real.length - 1 }), fc.integer({ min: 0, max: 255 })).map(([at, b]) => {
      const bytes = Buffer.from(real);
      bytes[at] = b;
      return bytes;
    });
    fc.assert(fc.property(changed, (bytes) => void check(encoder, bytes)), { numRuns: 300 });
    fc.assert(fc.property(fc.json(), (text) => void check(encoder, Buffer.from(text))), { numRuns: 100 });
  });

  it('declines every truncation of an order', () => {
    const encoder = new OrderJsonEncoder();
    // The order with the most text: lines of many kinds.
    const bytes = orders.map((o) => Buffer.from(JSON.stringify(o))).reduce((a, b) => (b.length > a.length ? b : a));
    for (let n = 0; n < bytes.length; n += 1) {
      const prefix = bytes.subarray(0, n);
      expect(check(encoder, prefix), `prefix of ${n} bytes: ${show(prefix)}`).toBe(false);
    }
    // And still encodes the whole order afterwards.
    expect(check(encoder, bytes)).toBe(true);
  });

  it('declines invalid UTF-8 inside a string value', () => {
    const encoder = new OrderJsonEncoder();
    const text = JSON.stringify(orders[2]);
    // Bad continuation, UTF-8 of a surrogate, beyond U+10FFFF, overlong, stray continuation, never-valid byte, cut short.
    const bad = [[0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0xe0, 0x80, 0x80], [0x80], [0xff], [0xc3]]
      .map((b) => Buffer.from(b));
    for (const field of ['"city":"', '"customer_note":"', '"name":"', '"number":"']) {
      const at = Buffer.byteLength(text.slice(0, text.indexOf(field) + field.length));
      expect(at).toBeGreaterThan(field.length);
      const whole = Buffer.from(text);
      for (const seq of bad) {
        const bytes = Buffer.concat([whole.subarray(0, at), seq, whole.subarray(at)]);
        expect(encoder.encode(bytes), `${field} ${seq.toString('hex')}`).toBeUndefined();
      }
    }
    expect(check(encoder, Buffer.from(text))).toBe(true);
  });
});
