import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeOrder, type OrderResource } from 'wc-legacy-api/shop';
import {
  arbitraryOrder,
  at,
  buildAddress,
  buildBillingAddress,
  buildCouponLine,
  buildFeeLine,
  buildLineItem,
  buildOrder,
  buildProduct,
  buildShippingLine,
  buildStore,
  buildTaxLine,
  money,
  productsMap,
} from './builders';

const MONEY = /^-?\d+\.\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const ORDER_KEYS = [
  'id', 'order_number', 'created_at', 'updated_at', 'completed_at', 'status', 'currency', 'total', 'subtotal',
  'total_line_items_quantity', 'total_tax', 'total_shipping', 'cart_tax', 'shipping_tax', 'total_discount',
  'cart_discount', 'order_discount', 'shipping_methods', 'payment_details', 'billing_address', 'shipping_address',
  'note', 'customer_ip', 'customer_user_agent', 'customer_id', 'view_order_url', 'line_items', 'shipping_lines',
  'tax_lines', 'fee_lines', 'coupon_lines',
];
const ADDRESS_KEYS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country'];

const store = buildStore({ siteUrl: 'https://shop.example.com' });
const products = new Map([
  [100, buildProduct({ id: 100, sku: 'WID-100' })],
  [200, buildProduct({ id: 200, name: 'T-shirt', sku: 'TS' })],
  [201, buildProduct({ id: 201, name: 'T-shirt (L)', sku: 'TS-L', parentId: 200 })],
  [400, buildProduct({ id: 400, name: 'Sticker', sku: '' })],
]);

// One order that exercises every rule; each expectation below carries its arithmetic.
const fullOrder = buildOrder({
  id: 1001,
  number: '1001',
  createdAt: at('2024-03-05T09:15:30.250Z'),
  updatedAt: at('2024-03-06T11:00:00Z'),
  completedAt: at('2024-03-06T10:59:59Z'),
  status: 'completed',
  currency: 'EUR',
  total: money('75.755'),
  cartTax: money('9.50'),
  shippingTotal: money('12.50'),
  shippingTax: money('1.255'),
  cartDiscount: money('5.00'),
  orderDiscount: money('0.005'),
  payment: { methodId: 'stripe', methodTitle: 'Credit card', paidAt: at('2024-03-05T09:16:00Z') },
  billing: buildBillingAddress({ firstName: 'Grace', lastName: 'Hopper', company: 'Navy', email: 'grace@example.com', phone: '555-0100' }),
  shipping: buildAddress({ firstName: 'Grace', lastName: 'Hopper', address2: 'Pier 4', city: 'Arlington', state: 'VA', postcode: '22201', country: 'US' }),
  customerNote: 'Leave at the door',
  customerIp: '192.0.2.44',
  customerUserAgent: 'curl/8.5',
  customerId: 42,
  lineItems: [
    // 3 widgets, 5.00 discount on the line: 30.00 -> 25.00
    buildLineItem({ id: 11, name: 'Widget', productId: 100, quantity: 3, subtotal: money('30.00'), total: money('25.00'), tax: money('5.00'), taxClass: '' }),
    // a variation: product_id and sku come from variation 201
    buildLineItem({ id: 12, name: 'T-shirt (L)', productId: 200, variationId: 201, quantity: 2, subtotal: money('20.01'), total: money('20.01'), tax: money('4.005'), taxClass: 'reduced-rate' }),
    // product 300 was deleted
    buildLineItem({ id: 13, name: 'Old thing', productId: 300, quantity: 1, subtotal: money('0.005'), total: money('-0.005'), tax: money('0'), taxClass: '' }),
    // quantity 0, product with an empty sku
    buildLineItem({ id: 14, name: 'Sticker', productId: 400, quantity: 0, subtotal: money('0'), total: money('0'), tax: money('0'), taxClass: 'zero-rate' }),
  ],
  shippingLines: [
    buildShippingLine({ id: 51, methodId: 'flat_rate', methodTitle: 'Flat Rate', total: money('5.00') }),
    buildShippingLine({ id: 52, methodId: 'express', methodTitle: 'Express', total: money('7.5') }),
  ],
  taxLines: [
    buildTaxLine({ id: 61, code: 'US-VA-TAX-1', title: 'State tax', taxTotal: money('9.00'), shippingTaxTotal: money('1.00'), compound: false }),
    buildTaxLine({ id: 62, code: 'US-VA-COUNTY-2', title: 'County', taxTotal: money('0.50'), shippingTaxTotal: money('0.255'), compound: true }),
  ],
  feeLines: [
    buildFeeLine({ id: 71, title: 'Gift wrap', taxClass: '', total: money('3.00'), tax: money('0.6') }),
    buildFeeLine({ id: 72, title: 'Rush', taxClass: 'reduced-rate', total: money('-1.005'), tax: money('0.00') }),
  ],
  couponLines: [buildCouponLine({ id: 81, code: 'spring10', amount: money('5.00') })],
});

describe('serializeOrder', () => {
  it('serializes every field of a full order', () => {
    const expected: OrderResource = {
      id: 1001,
      order_number: '1001',
      created_at: '2024-03-05T09:15:30Z', // milliseconds dropped
      updated_at: '2024-03-06T11:00:00Z',
      completed_at: '2024-03-06T10:59:59Z',
      status: 'completed',
      currency: 'EUR',
      total: '75.76', // 75.755 -> half away from zero
      subtotal: '50.02', // 30.00 + 20.01 + 0.005 + 0 = 50.015 -> 50.02
      total_line_items_quantity: 6, // 3 + 2 + 1 + 0
      total_tax: '10.76', // cart 9.50 + shipping 1.255 = 10.755 -> 10.76
      total_shipping: '12.50',
      cart_tax: '9.50',
      shipping_tax: '1.26', // 1.255 -> 1.26
      total_discount: '5.01', // cart 5.00 + order 0.005 = 5.005 -> 5.01
      cart_discount: '5.00',
      order_discount: '0.01', // 0.005 -> 0.01
      shipping_methods: 'Flat Rate, Express',
      payment_details: { method_id: 'stripe', method_title: 'Credit card', paid: true },
      billing_address: {
        first_name: 'Grace', last_name: 'Hopper', company: 'Navy', address_1: '12 Analytical Row', address_2: '',
        city: 'London', state: '', postcode: 'N1 7AA', country: 'GB', email: 'grace@example.com', phone: '555-0100',
      },
      shipping_address: {
        first_name: 'Grace', last_name: 'Hopper', company: '', address_1: '12 Analytical Row', address_2: 'Pier 4',
        city: 'Arlington', state: 'VA', postcode: '22201', country: 'US',
      },
      note: 'Leave at the door',
      customer_ip: '192.0.2.44',
      customer_user_agent: 'curl/8.5',
      customer_id: 42,
      view_order_url: 'https://shop.example.com/my-account/view-order/1001',
      line_items: [
        // price = 25.00 / 3 = 8.333... -> 8.33 (after the line discount, not 30.00 / 3 = 10.00)
        { id: 11, subtotal: '30.00', total: '25.00', total_tax: '5.00', price: '8.33', quantity: 3, tax_class: null, name: 'Widget', product_id: 100, sku: 'WID-100' },
        // price = 20.01 / 2 = 10.005 -> 10.01; tax 4.005 -> 4.01; variation id and variation sku
        { id: 12, subtotal: '20.01', total: '20.01', total_tax: '4.01', price: '10.01', quantity: 2, tax_class: 'reduced-rate', name: 'T-shirt (L)', product_id: 201, sku: 'TS-L' },
        // 0.005 -> 0.01 and -0.005 -> -0.01; the product is gone, so sku is null
        { id: 13, subtotal: '0.01', total: '-0.01', total_tax: '0.00', price: '-0.01', quantity: 1, tax_class: null, name: 'Old thing', product_id: 300, sku: null },
        // quantity 0 has no unit price: 0.00; an empty sku stays ''
        { id: 14, subtotal: '0.00', total: '0.00', total_tax: '0.00', price: '0.00', quantity: 0, tax_class: 'zero-rate', name: 'Sticker', product_id: 400, sku: '' },
      ],
      shipping_lines: [
        { id: 51, method_id: 'flat_rate', method_title: 'Flat Rate', total: '5.00' },
        { id: 52, method_id: 'express', method_title: 'Express', total: '7.50' },
      ],
      tax_lines: [
        { code: 'US-VA-TAX-1', title: 'State tax', total: '10.00', compound: false }, // 9.00 + 1.00
        { code: 'US-VA-COUNTY-2', title: 'County', total: '0.76', compound: true }, // 0.50 + 0.255 = 0.755 -> 0.76
      ],
      fee_lines: [
        { id: 71, title: 'Gift wrap', tax_class: null, total: '3.00', total_tax: '0.60' },
        { id: 72, title: 'Rush', tax_class: 'reduced-rate', total: '-1.01', total_tax: '0.00' }, // -1.005 -> -1.01
      ],
      coupon_lines: [{ id: 81, code: 'spring10', amount: '5.00' }],
    };
    const resource = serializeOrder(fullOrder, { products, store });
    expect(resource).toStrictEqual(expected);
  });

  it('writes every key in the legacy order, at every level', () => {
    const resource = serializeOrder(fullOrder, { products, store });
    expect(Object.keys(resource)).toEqual(ORDER_KEYS);
    expect(Object.keys(resource.payment_details)).toEqual(['method_id', 'method_title', 'paid']);
    expect(Object.keys(resource.billing_address)).toEqual([...ADDRESS_KEYS, 'email', 'phone']);
    expect(Object.keys(resource.shipping_address)).toEqual(ADDRESS_KEYS);
    expect(Object.keys(resource.line_items[0]!)).toEqual([
      'id', 'subtotal', 'total', 'total_tax', 'price', 'quantity', 'tax_class', 'name', 'product_id', 'sku',
    ]);
    expect(Object.keys(resource.shipping_lines[0]!)).toEqual(['id', 'method_id', 'method_title', 'total']);
    expect(Object.keys(resource.tax_lines[0]!)).toEqual(['code', 'title', 'total', 'compound']);
    expect(Object.keys(resource.fee_lines[0]!)).toEqual(['id', 'title', 'tax_class', 'total', 'total_tax']);
    expect(Object.keys(resource.coupon_lines[0]!)).toEqual(['id', 'code', 'amount']);
    // The wire text starts in that order too.
    expect(JSON.stringify(resource).startsWith('{"id":1001,"order_number":"1001","created_at":')).toBe(true);
  });

  it('serializes a guest order that was never paid or completed and has no lines', () => {
    const guest = buildOrder({
      id: 7,
      number: 'A-7',
      customerId: 0,
      completedAt: null,
      status: 'pending',
      payment: { methodId: '', methodTitle: '', paidAt: null },
      lineItems: [],
      shippingLines: [],
      taxLines: [],
      feeLines: [],
      couponLines: [],
      total: money('0'),
    });
    const resource = serializeOrder(guest, { products, store: buildStore({ siteUrl: 'http://localhost:8080/shop' }) });
    expect(resource.customer_id).toBe(0);
    expect(resource.order_number).toBe('A-7');
    expect(resource.completed_at).toBe('1970-01-01T00:00:00Z'); // never completed: the epoch, as legacy
    expect(resource.payment_details).toEqual({ method_id: '', method_title: '', paid: false });
    expect(resource.subtotal).toBe('0.00');
    expect(resource.total_line_items_quantity).toBe(0);
    expect(resource.shipping_methods).toBe('');
    expect(resource.view_order_url).toBe('http://localhost:8080/shop/my-account/view-order/7');
    expect(resource.line_items).toEqual([]);
    expect(resource.shipping_lines).toEqual([]);
    expect(resource.tax_lines).toEqual([]);
    expect(resource.fee_lines).toEqual([]);
    expect(resource.coupon_lines).toEqual([]);
    // Lists stay JSON arrays even when empty.
    expect(JSON.stringify(resource)).toContain('"fee_lines":[],"coupon_lines":[]}');
  });

  it('merges tax lines that share a rate code, keeping first-seen order', () => {
    const order = buildOrder({
      taxLines: [
        buildTaxLine({ id: 1, code: 'VAT', title: 'VAT', taxTotal: money('1.00'), shippingTaxTotal: money('0.005') }),
        buildTaxLine({ id: 2, code: 'GST', title: 'GST', taxTotal: money('2.00'), shippingTaxTotal: money('0') }),
        buildTaxLine({ id: 3, code: 'VAT', title: 'VAT again', taxTotal: money('0.50'), shippingTaxTotal: money('0') }),
      ],
    });
    expect(serializeOrder(order, { products, store }).tax_lines).toEqual([
      { code: 'VAT', title: 'VAT', total: '1.51', compound: false }, // 1.00 + 0.005 + 0.50 = 1.505 -> 1.51
      { code: 'GST', title: 'GST', total: '2.00', compound: false },
    ]);
  });

  it('gives a variation whose variation was deleted its variation id and a null sku', () => {
    const order = buildOrder({ lineItems: [buildLineItem({ productId: 200, variationId: 299 })] });
    const [line] = serializeOrder(order, { products, store }).line_items;
    expect(line?.product_id).toBe(299);
    expect(line?.sku).toBeNull();
  });

  it('rounds unit prices once from the exact quotient, for both signs', () => {
    const price = (total: string, quantity: number) =>
      serializeOrder(buildOrder({ lineItems: [buildLineItem({ total: money(total), quantity })] }), { products, store })
        .line_items[0]?.price;
    expect(price('0.03', 2)).toBe('0.02'); // 0.015 -> 0.02
    expect(price('-0.03', 2)).toBe('-0.02'); // -0.015 -> -0.02
    expect(price('0.0299', 2)).toBe('0.01'); // 0.01495 -> 0.01 (no double rounding through 0.015)
    expect(price('10.00', 3)).toBe('3.33'); // 3.333...
    expect(price('20.00', 3)).toBe('6.67'); // 6.666...
    expect(price('7.00', -2)).toBe('-3.50'); // a negative quantity (a returned item) divides like any other
  });

  it('shares no mutable state with the order', () => {
    const resource = serializeOrder(fullOrder, { products, store });
    resource.line_items.pop();
    resource.billing_address.first_name = 'changed';
    expect(serializeOrder(fullOrder, { products, store }).line_items).toHaveLength(4);
    expect(fullOrder.billing.firstName).toBe('Grace');
  });

  describe('properties over random orders', () => {
    const moneyFields = (resource: OrderResource): string[] => [
      resource.total, resource.subtotal, resource.total_tax, resource.total_shipping, resource.cart_tax,
      resource.shipping_tax, resource.total_discount, resource.cart_discount, resource.order_discount,
      ...resource.line_items.flatMap((l) => [l.subtotal, l.total, l.total_tax, l.price]),
      ...resource.shipping_lines.map((l) => l.total),
      ...resource.tax_lines.map((l) => l.total),
      ...resource.fee_lines.flatMap((l) => [l.total, l.total_tax]),
      ...resource.coupon_lines.map((l) => l.amount),
    ];
    const context = { products: productsMap(new Set([3, 7, 60, 77])), store };

    it('total_line_items_quantity is the sum of the quantities', () => {
      fc.assert(
        fc.property(arbitraryOrder, (order) => {
          const expected = order.lineItems.reduce((sum, item) => sum + item.quantity, 0);
          expect(serializeOrder(order, context).total_line_items_quantity).toBe(expected);
        }),
      );
    });

    it('subtotal is the exact decimal sum of the line subtotals, rounded once', () => {
      fc.assert(
        fc.property(arbitraryOrder, (order) => {
          const exact = order.lineItems.reduce((sum, item) => sum.plus(item.subtotal), new Decimal(0));
          const expected = exact.toFixed(2, Decimal.ROUND_HALF_UP).replace(/^-0\.00$/, '0.00');
          expect(serializeOrder(order, context).subtotal).toBe(expected);
        }),
      );
    });

    it('total_tax, total_discount and tax line totals are exact sums, rounded once', () => {
      const rounded = (value: Decimal) => value.toFixed(2, Decimal.ROUND_HALF_UP).replace(/^-0\.00$/, '0.00');
      fc.assert(
        fc.property(arbitraryOrder, (order) => {
          const resource = serializeOrder(order, context);
          expect(resource.total_tax).toBe(rounded(order.cartTax.plus(order.shippingTax)));
          expect(resource.total_discount).toBe(rounded(order.cartDiscount.plus(order.orderDiscount)));
          const byCode = new Map<string, Decimal>();
          for (const line of order.taxLines) {
            byCode.set(line.code, (byCode.get(line.code) ?? new Decimal(0)).plus(line.taxTotal).plus(line.shippingTaxTotal));
          }
          expect(resource.tax_lines.map((l) => [l.code, l.total])).toEqual([...byCode].map(([code, total]) => [code, rounded(total)]));
        }),
      );
    });

    it('every money field matches ^-?\\d+\\.\\d{2}$ and every timestamp the wire format', () => {
      fc.assert(
        fc.property(arbitraryOrder, (order) => {
          const resource = serializeOrder(order, context);
          for (const value of moneyFields(resource)) expect(value).toMatch(MONEY);
          for (const value of [resource.created_at, resource.updated_at, resource.completed_at]) expect(value).toMatch(TIMESTAMP);
          expect(Object.keys(resource)).toEqual(ORDER_KEYS);
        }),
      );
    });

    it('product_id, sku, tax_class and paid follow the model', () => {
      fc.assert(
        fc.property(arbitraryOrder, (order) => {
          const resource = serializeOrder(order, context);
          order.lineItems.forEach((item, i) => {
            const line = resource.line_items[i]!;
            const id = item.variationId ?? item.productId;
            expect(line.product_id).toBe(id);
            expect(line.sku).toBe(context.products.get(id)?.sku ?? null);
            expect(line.tax_class).toBe(item.taxClass === '' ? null : item.taxClass);
          });
          expect(resource.payment_details.paid).toBe(order.payment.paidAt !== null);
          expect(resource.shipping_methods).toBe(order.shippingLines.map((l) => l.methodTitle).join(', '));
        }),
      );
    });
  });
});
