import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFields, serializeCoupon, serializeOrder } from 'wc-legacy-api/shop';
import {
  buildCoupon,
  buildLineItem,
  buildOrder,
  buildShippingLine,
  buildStore,
  money,
  productsMap,
} from './builders';

const order = serializeOrder(
  buildOrder({
    id: 9,
    total: money('21.00'),
    lineItems: [
      buildLineItem({ id: 5, quantity: 2, productId: 1 }),
      buildLineItem({ id: 6, quantity: 1, productId: 2 }),
    ],
    shippingLines: [buildShippingLine({ id: 50 })],
  }),
  { products: productsMap(), store: buildStore() },
);

describe('applyFields', () => {
  it('returns the resource itself when fields is undefined, empty or names nothing', () => {
    expect(applyFields(order, undefined)).toBe(order);
    expect(applyFields(order, '')).toBe(order);
    expect(applyFields(order, ' , ,')).toBe(order);
  });

  it('keeps top-level fields, in the resource order, trimming names', () => {
    const result = applyFields(order, ' total , id,status ');
    expect(result).toStrictEqual({ id: 9, status: 'processing', total: '21.00' });
    expect(Object.keys(result)).toEqual(['id', 'status', 'total']); // resource order, not request order
  });

  it('keeps several sub-fields of one parent, per parent only', () => {
    const result = applyFields(order, 'billing_address.email,billing_address.city,shipping_address.first_name');
    expect(result).toStrictEqual({
      billing_address: { city: 'London', email: 'ada@example.com' },
      shipping_address: { first_name: 'Ada' },
    });
    // `first_name` was asked of shipping_address only; `email`, `city` of billing_address only (legacy mixes them).
    expect(Object.keys(result.billing_address ?? {})).toEqual(['city', 'email']);
  });

  it('applies sub-fields to every element of a list field', () => {
    expect(applyFields(order, 'line_items.id,line_items.quantity, id')).toStrictEqual({
      id: 9,
      line_items: [
        { id: 5, quantity: 2 },
        { id: 6, quantity: 1 },
      ],
    });
  });

  it('keeps an empty list parent, so clients can still iterate it', () => {
    expect(applyFields(order, 'fee_lines.id')).toStrictEqual({ fee_lines: [] });
  });

  it('keeps the whole parent when it is named alone and with children', () => {
    const result = applyFields(order, 'payment_details.paid,payment_details');
    expect(result).toStrictEqual({ payment_details: order.payment_details });
  });

  it('ignores unknown names; when nothing matches the result is {}', () => {
    expect(applyFields(order, 'id,nope,line_items.nope,billing_address.nope')).toStrictEqual({ id: 9 });
    expect(applyFields(order, 'nope')).toStrictEqual({});
    expect(applyFields(order, 'id.x,total.length,line_items.id.x')).toStrictEqual({}); // scalars have no sub-fields
    expect(applyFields(order, '.id,id.,.,..')).toStrictEqual({});
    expect(JSON.stringify(applyFields(serializeCoupon(buildCoupon()), 'product_ids.x'))).toBe('{"product_ids":[]}');
    expect(applyFields(serializeCoupon(buildCoupon({ productIds: [1, 2] })), 'product_ids.x')).toStrictEqual({});
  });

  it('is safe against prototype names', () => {
    const result = applyFields(order, '__proto__,constructor,__proto__.polluted,constructor.prototype,toString,hasOwnProperty');
    expect(result).toStrictEqual({});
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A resource that really has an own `__proto__` key (e.g. from JSON.parse) keeps it as data.
    const tricky = JSON.parse('{"__proto__":{"polluted":true},"id":1}') as Record<string, unknown>;
    const picked = applyFields(tricky, '__proto__') as Record<string, unknown>;
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(Object.keys(picked)).toEqual(['__proto__']);
    expect((picked as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(picked)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('does not modify the resource', () => {
    const before = JSON.stringify(order);
    applyFields(order, 'line_items.id,billing_address.email,id');
    expect(JSON.stringify(order)).toBe(before);
  });

  it('gives the same answer when called again with the same fields (parse cache)', () => {
    const coupon = serializeCoupon(buildCoupon({ id: 3 }));
    expect(applyFields(order, 'id,code')).toStrictEqual({ id: 9 });
    expect(applyFields(coupon, 'id,code')).toStrictEqual({ id: 3, code: 'spring10' });
    expect(applyFields(order, 'id,code')).toStrictEqual({ id: 9 });
  });

  it('never throws on any string, and keeps only keys of the resource', () => {
    const keys = Object.keys(order);
    const name = fc.oneof(
      fc.constantFrom(...keys, 'line_items.id', 'billing_address.email', '__proto__', 'constructor', 'a.b.c', '.', ''),
      fc.string(),
    );
    const fieldString = fc.oneof(fc.string(), fc.array(name).map((names) => names.join(',')));
    fc.assert(
      fc.property(fieldString, (fields) => {
        const result = applyFields(order, fields);
        for (const key of Object.keys(result)) expect(keys).toContain(key);
        expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
        // Every kept top-level field is either the resource's value or a projection of it.
        for (const [key, value] of Object.entries(result)) {
          const original = (order as unknown as Record<string, unknown>)[key];
          if (value !== original) expect(typeof value).toBe('object');
        }
      }),
      { numRuns: 1000 },
    );
  });
});
