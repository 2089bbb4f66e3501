// The per-order product aggregates (agg_product_ids, agg_product_quantities) against a plain grouping, for orders
// with few line items (grouped by insertion) and many (grouped in a Map), repeated products and any order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDemoShop } from '../../../examples/demo-shop';
import { orderAggregateColumns } from '../../../src/shop/repository/postgres/order-aggregates';

describe('orderAggregateColumns', () => {
  it('lists the distinct products ascending with their summed quantities (property)', () => {
    const base = generateDemoShop({ orders: 1, seed: 3 }).orders[0]!;
    const template = base.lineItems[0]!;
    const lines = fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 50 })), { maxLength: 40 });
    fc.assert(
      fc.property(lines, (pairs) => {
        const order = { ...base, lineItems: pairs.map(([productId, quantity]) => ({ ...template, productId, quantity })) };
        const sums = new Map<number, number>();
        for (const [id, q] of pairs) sums.set(id, (sums.get(id) ?? 0) + q);
        const ids = [...sums.keys()].sort((a, b) => a - b);
        const columns = orderAggregateColumns(order);
        expect(columns.agg_product_ids).toEqual(ids);
        expect(columns.agg_product_quantities).toEqual(ids.map((id) => sums.get(id)));
      }),
      { numRuns: 1000 },
    );
  });
});
