// The streamed reader's hand-written order check may only say "valid" (and then the model built from the order as
// written is the one built from zod's result) or "ask zod": held against zod's order schema on real orders and on
// orders with random fields removed, replaced or added.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeShopSnapshot } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';
import { checkOrderFast } from '../../src/shop/snapshot/fast-order-check';
import { SnapshotModelBuilder } from '../../src/shop/snapshot/snapshot-model';
import { snapshotSchemas } from '../../src/shop/snapshot/snapshot-schema';

const orders = serializeShopSnapshot(generateDemoShop({ orders: 60, seed: 3 })).orders as unknown[];
const schema = snapshotSchemas().orderSchema;
const build = new SnapshotModelBuilder();

/** Every path to a value inside `v` (object keys and array indexes), `v` itself included as []. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((e, i) => out.push(...paths(e, [...at, i])));
  else if (typeof v === 'object' && v !== null) for (const [k, e] of Object.entries(v)) out.push(...paths(e, [...at, k]));
  return out;
}

const REMOVE = Symbol('remove');
const replacement = fc.constantFrom<unknown>(
  REMOVE, null, 0, -1, 1, 1.5, 2 ** 53, -0, '', 'x', '12.50', '-3', '1e3', '12.1234567890123', '0000000000000000001.5',
  '2026-03-01T09:30:00Z', '2026-02-30T09:30:00Z', '2026-03-01T09:30:00.123456789+01:00', '2026-03-01T24:00:00Z', '2026-03-01',
  true, false, [], [{}], {}, { first_name: 'A' }, 'completed', 'nonsense', 'processing',
);
const newKey = fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'tax', 'paid_at', 'email');

function mutate(order: unknown, path: (string | number)[], value: unknown, addKey: string | undefined): unknown {
  const copy = JSON.parse(JSON.stringify(order)) as Record<string, unknown>;
  if (path.length === 0) return value === REMOVE ? undefined : value;
  let parent: any = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path[path.length - 1]!;
  if (addKey !== undefined && typeof parent === 'object' && parent !== null && !Array.isArray(parent)) {
    Object.defineProperty(parent, addKey, { value, enumerable: true, configurable: true, writable: true });
  } else if (value === REMOVE) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy;
}

describe('checkOrderFast', () => {
  it('accepts every order serializeShopSnapshot writes, building the model zod\'s result builds', () => {
    for (const raw of orders) {
      const fast = checkOrderFast(raw);
      expect(fast).toBe(raw);
      expect(build.order(fast!, 'EUR')).toStrictEqual(build.order(schema.parse(raw), 'EUR'));
    }
  });

  it('accepts nothing zod refuses, and what it accepts builds the model zod\'s result builds (property)', () => {
    const mutated = fc
      .tuple(fc.integer({ min: 0, max: orders.length - 1 }), fc.nat(), replacement, fc.option(newKey, { nil: undefined }))
      .map(([o, p, value, key]) => {
        const all = paths(orders[o]);
        return mutate(orders[o], all[p % all.length]!, value, key);
      });
    let accepted = 0;
    let valid = 0;
    fc.assert(
      fc.property(mutated, (raw) => {
        const fast = checkOrderFast(raw);
        const zod = schema.safeParse(raw);
        if (zod.success) valid += 1;
        if (fast !== undefined) {
          accepted += 1;
          expect(zod.success).toBe(true);
          expect(fast).toBe(raw);
          expect(build.order(fast!, 'EUR')).toStrictEqual(build.order(zod.data!, 'EUR'));
        }
      }),
      { numRuns: 4000 },
    );
    // The check must also say yes to valid variations (defaults, nulls), not only to untouched orders.
    expect(accepted).toBe(valid);
  });

  it('leaves every order to zod while Object.prototype has an enumerable property', () => {
    const raw = structuredClone(orders[0]) as Record<string, unknown>;
    delete raw.customer_note;
    Object.defineProperty(Object.prototype, 'customer_note', { value: 'inherited', enumerable: true, configurable: true, writable: true });
    try {
      expect(checkOrderFast(raw)).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).customer_note;
    }
    expect(checkOrderFast(raw)).toBe(raw);
  });

  it('builds a minimal order with the defaults zod fills', () => {
    const raw = {
      id: 7, created_at: '2026-03-01T09:30:00Z', status: 'pending' as const, total: '1.00',
      items: [{ id: 1, name: 'n', product_id: 2, quantity: 1, subtotal: '1', total: '1' }],
      tax_lines: [{ id: 2, code: 'c', title: 't', tax_total: '0' }], fee_lines: [{ id: 3, title: 'f', total: '1' }],
      refunds: [{ id: 4, created_at: '2026-03-02T09:30Z', amount: '1' }], notes: [{ id: 5, created_at: '2026-03-02T09:30:00+01:00', content: 'x' }],
      payment: {}, billing: {}, shipping: { city: 'C' },
    };
    expect(checkOrderFast(raw)).toBe(raw);
    expect(build.order(raw, 'USD')).toStrictEqual(build.order(schema.parse(raw), 'USD'));
    expect(build.order({ id: 8, created_at: '2026-03-01T09:30:00Z', status: 'pending' as const, total: '1.00' }, 'USD')).toStrictEqual(
      build.order(schema.parse({ id: 8, created_at: '2026-03-01T09:30:00Z', status: 'pending', total: '1.00' }), 'USD'),
    );
  });
});

describe('duplicate ids name where the id was first used, wherever that was', () => {
  it('in compact and in wide positions (line 40, order 2^23 + 5)', async () => {
    const { SnapshotCrossChecks } = await import('../../src/shop/snapshot/cross-checks');
    const issues: { path: readonly (string | number)[]; message: string }[] = [];
    const checks = new SnapshotCrossChecks(issues as never);
    const items = (first: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: first + i, product_id: 1 }));
    checks.orderLines({ items: items(1, 41) }, 3);
    checks.orderLines({ notes: [{ id: 77 }] }, 2 ** 23 + 5);
    checks.orderLines({ items: [{ id: 41, product_id: 1 }, { id: 7, product_id: 1 }], notes: [{ id: 77 }] }, 2 ** 23 + 9);
    expect(issues.map((i) => i.message)).toEqual([
      'duplicate order line id 41 (first used at orders[3].items[40])',
      'duplicate order line id 7 (first used at orders[3].items[6])',
      `duplicate note id 77 (first used at orders[${2 ** 23 + 5}].notes[0])`,
    ]);
  });
});
