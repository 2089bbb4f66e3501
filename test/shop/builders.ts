// Model builders for tests and benches: complete, valid domain objects with readable defaults; pass only the
// fields a test is about. Any engineer's tests may reuse them.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import type {
  Address,
  BillingAddress,
  Coupon,
  CouponLine,
  FeeLine,
  LineItem,
  Order,
  OrderNote,
  Product,
  ShippingLine,
  StoreSettings,
  TaxLine,
} from 'wc-legacy-api/shop';

/** Shorthand for an exact amount. */
export const money = (value: string | number): Decimal => new Decimal(value);

/** An instant from an ISO string (throws on a typo, so tests fail loudly). */
export function at(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`bad test date ${iso}`);
  return date;
}

export function buildStore(overrides: Partial<StoreSettings> = {}): StoreSettings {
  return {
    name: 'Test Shop',
    description: 'A shop for tests',
    siteUrl: 'https://shop.example.com',
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    currencySymbol: '€',
    pricesIncludeTax: false,
    weightUnit: 'kg',
    dimensionUnit: 'cm',
    ...overrides,
  };
}

export function buildAddress(overrides: Partial<Address> = {}): Address {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: '',
    address1: '12 Analytical Row',
    address2: '',
    city: 'London',
    state: '',
    postcode: 'N1 7AA',
    country: 'GB',
    ...overrides,
  };
}

export function buildBillingAddress(overrides: Partial<BillingAddress> = {}): BillingAddress {
  return { ...buildAddress(), email: 'ada@example.com', phone: '+44 20 7946 0000', ...overrides };
}

export function buildProduct(overrides: Partial<Product> = {}): Product {
  return { id: 100, name: 'Widget', sku: 'WID-100', parentId: null, ...overrides };
}

export function buildLineItem(overrides: Partial<LineItem> = {}): LineItem {
  return {
    id: 1,
    name: 'Widget',
    productId: 100,
    variationId: null,
    quantity: 1,
    subtotal: money('10.00'),
    total: money('10.00'),
    tax: money('2.00'),
    taxClass: '',
    ...overrides,
  };
}

export function buildShippingLine(overrides: Partial<ShippingLine> = {}): ShippingLine {
  return { id: 50, methodId: 'flat_rate', methodTitle: 'Flat Rate', total: money('5.00'), ...overrides };
}

export function buildTaxLine(overrides: Partial<TaxLine> = {}): TaxLine {
  return {
    id: 60,
    code: 'GB-VAT-1',
    title: 'VAT',
    taxTotal: money('2.00'),
    shippingTaxTotal: money('1.00'),
    compound: false,
    ...overrides,
  };
}

export function buildFeeLine(overrides: Partial<FeeLine> = {}): FeeLine {
  return { id: 70, title: 'Gift wrap', taxClass: '', total: money('3.00'), tax: money('0.60'), ...overrides };
}

export function buildCouponLine(overrides: Partial<CouponLine> = {}): CouponLine {
  return { id: 80, code: 'spring10', amount: money('1.00'), ...overrides };
}

export function buildOrderNote(overrides: Partial<OrderNote> = {}): OrderNote {
  return {
    id: 900,
    createdAt: at('2024-03-05T10:00:00Z'),
    content: 'Parcel sent.',
    customerNote: false,
    approved: true,
    type: 'order_note',
    ...overrides,
  };
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1001,
    number: '1001',
    createdAt: at('2024-03-05T09:15:30Z'),
    updatedAt: at('2024-03-06T11:00:00Z'),
    completedAt: null,
    status: 'processing',
    currency: 'EUR',
    total: money('17.00'),
    cartTax: money('2.00'),
    shippingTotal: money('5.00'),
    shippingTax: money('0.00'),
    cartDiscount: money('0.00'),
    orderDiscount: money('0.00'),
    payment: { methodId: 'bacs', methodTitle: 'Direct bank transfer', paidAt: null },
    billing: buildBillingAddress(),
    shipping: buildAddress(),
    customerNote: '',
    customerIp: '203.0.113.9',
    customerUserAgent: 'Mozilla/5.0',
    customerId: 7,
    lineItems: [buildLineItem()],
    shippingLines: [buildShippingLine()],
    taxLines: [],
    feeLines: [],
    couponLines: [],
    refunds: [],
    notes: [],
    ...overrides,
  };
}

export function buildCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 500,
    code: 'spring10',
    type: 'percent',
    status: 'publish',
    description: '',
    createdAt: at('2024-01-02T03:04:05Z'),
    updatedAt: at('2024-01-03T03:04:05Z'),
    amount: money('10'),
    individualUse: false,
    productIds: [],
    excludeProductIds: [],
    usageLimit: null,
    usageLimitPerUser: null,
    limitUsageToXItems: 0,
    usageCount: 0,
    expiresAt: null,
    freeShipping: false,
    productCategoryIds: [],
    excludeProductCategoryIds: [],
    excludeSaleItems: false,
    minimumAmount: money('0'),
    customerEmails: [],
    ...overrides,
  };
}

// ---- fast-check arbitraries ------------------------------------------------------------------------------------

/** Exact amounts with 0-4 decimals, both signs, including exact half-cent ties. */
export const arbitraryMoney: fc.Arbitrary<Decimal> = fc
  .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 4 }))
  .map(([units, scale]) => new Decimal(units.toString()).div(10 ** scale));

/** Instants between 1970 and 2100 (the range a shop's data lives in). */
export const arbitraryInstant: fc.Arbitrary<Date> = fc
  .integer({ min: 0, max: 4_102_444_800_000 - 1 })
  .map((ms) => new Date(ms));

const arbitraryText = fc.string({ maxLength: 12 });

export const arbitraryLineItem: fc.Arbitrary<LineItem> = fc.record({
  id: fc.nat(),
  name: arbitraryText,
  productId: fc.integer({ min: 1, max: 50 }),
  variationId: fc.option(fc.integer({ min: 51, max: 100 })),
  quantity: fc.integer({ min: 0, max: 1000 }),
  subtotal: arbitraryMoney,
  total: arbitraryMoney,
  tax: arbitraryMoney,
  taxClass: fc.constantFrom('', 'reduced-rate', 'zero-rate'),
});

export const arbitraryOrder: fc.Arbitrary<Order> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  number: fc.integer({ min: 1, max: 1_000_000 }).map(String),
  createdAt: arbitraryInstant,
  updatedAt: arbitraryInstant,
  completedAt: fc.option(arbitraryInstant),
  status: fc.constantFrom('pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'),
  currency: fc.constantFrom('EUR', 'USD', ''),
  total: arbitraryMoney,
  cartTax: arbitraryMoney,
  shippingTotal: arbitraryMoney,
  shippingTax: arbitraryMoney,
  cartDiscount: arbitraryMoney,
  orderDiscount: arbitraryMoney,
  payment: fc.record({ methodId: arbitraryText, methodTitle: arbitraryText, paidAt: fc.option(arbitraryInstant) }),
  billing: fc.constant(buildBillingAddress()),
  shipping: fc.constant(buildAddress()),
  customerNote: arbitraryText,
  customerIp: fc.constant('198.51.100.1'),
  customerUserAgent: arbitraryText,
  customerId: fc.nat({ max: 1000 }),
  lineItems: fc.array(arbitraryLineItem, { maxLength: 8 }),
  shippingLines: fc.array(
    fc.record({ id: fc.nat(), methodId: arbitraryText, methodTitle: arbitraryText, total: arbitraryMoney }),
    { maxLength: 3 },
  ),
  taxLines: fc.array(
    fc.record({
      id: fc.nat(),
      code: fc.constantFrom('VAT-1', 'VAT-2', 'GST'),
      title: arbitraryText,
      taxTotal: arbitraryMoney,
      shippingTaxTotal: arbitraryMoney,
      compound: fc.boolean(),
    }),
    { maxLength: 4 },
  ),
  feeLines: fc.array(
    fc.record({ id: fc.nat(), title: arbitraryText, taxClass: fc.constantFrom('', 'reduced-rate'), total: arbitraryMoney, tax: arbitraryMoney }),
    { maxLength: 3 },
  ),
  couponLines: fc.array(fc.record({ id: fc.nat(), code: arbitraryText, amount: arbitraryMoney }), { maxLength: 3 }),
  refunds: fc.constant([]),
  notes: fc.constant([]),
});

/** Products 1-100: ids 51-100 are variations of 1-50; some ids are missing (deleted products). */
export function productsMap(missing: ReadonlySet<number> = new Set()): Map<number, Product> {
  const products = new Map<number, Product>();
  for (let id = 1; id <= 100; id++) {
    if (missing.has(id)) continue;
    products.set(id, buildProduct({ id, sku: `SKU-${id}`, parentId: id > 50 ? id - 50 : null }));
  }
  return products;
}
