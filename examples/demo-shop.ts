import { Decimal } from 'decimal.js';
import type {
  Address,
  BillingAddress,
  Coupon,
  CouponLine,
  CouponStatus,
  CouponType,
  Customer,
  FeeLine,
  LineItem,
  Order,
  OrderNote,
  OrderStatus,
  Product,
  Refund,
  ShippingLine,
  ShopSnapshot,
  StoreSettings,
  TaxLine,
} from 'shopkeep/shop';

/**
 * Options of {@link generateDemoShop}; every one has a default.
 *
 * @example
 * ```ts
 * const options: DemoShopOptions = { orders: 100_000, seed: 42, now: new Date(), timeZone: 'America/New_York' };
 * ```
 */
export interface DemoShopOptions {
  /** Number of orders (default 300). */
  readonly orders?: number | undefined;
  /** PRNG seed (default 1): the same seed and options give the same shop. */
  readonly seed?: number | undefined;
  /** The shop's "now": orders lie in the 18 months before it (default {@link DEMO_SHOP_NOW}). */
  readonly now?: Date | undefined;
  /** Registered users (default: a third of the orders, at least 25, at most 50,000). */
  readonly customers?: number | undefined;
  /** Parent products (default 40); about a fifth get three variations each. */
  readonly products?: number | undefined;
  /** Coupons (default 14, at least the 14 hand-written ones are always useful). */
  readonly coupons?: number | undefined;
  /** IANA time zone of the store (default `Europe/Berlin`). */
  readonly timeZone?: string | undefined;
}

/**
 * The default "now" of the demo shop. Fixed, so a seed alone pins the whole shop; pass `now: new Date()` for a live
 * demo whose "last week" report has data.
 *
 * @example
 * ```ts
 * generateDemoShop({ now: DEMO_SHOP_NOW }); // the same as generateDemoShop()
 * ```
 */
export const DEMO_SHOP_NOW = new Date('2026-11-20T12:00:00Z');

/**
 * mulberry32: a tiny, fast, well-distributed 32-bit PRNG; enough for demo and benchmark data, fully deterministic.
 * Returns numbers in [0, 1).
 */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ['Anna', 'Jürgen', 'Zoë', 'Lukas', 'Marie', 'Hans', 'Sophie', 'Émile', 'Mia', 'Noah', 'Lena', 'Felix', 'Ólafur', 'Chloé', 'Paul', 'Emma', 'Ben', 'Hannah', 'Jonas', 'Leonie'];
const LAST_NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', "O'Brien", 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Dubois', 'Smith', 'Żak'];
const CITIES: readonly (readonly [string, string, string])[] = [
  ['Berlin', 'BE', '10115'],
  ['Hamburg', 'HH', '20095'],
  ['München', 'BY', '80331'],
  ['Köln', 'NW', '50667'],
  ['Frankfurt am Main', 'HE', '60311'],
  ['Stuttgart', 'BW', '70173'],
  ['Leipzig', 'SN', '04109'],
  ['Dresden', 'SN', '01067'],
];
const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße', 'Lindenallee', 'Am Markt'];
const COMPANIES = ['', '', '', '', 'Acme GmbH', 'Weber & Söhne KG', 'Müller_Tech AG', 'Café 100% Bio'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
];
const CUSTOMER_NOTES = ['', '', '', '', '', '', 'Please leave the parcel with the neighbour.', 'Gift wrap, please!', 'Bitte nicht klingeln.', 'Deliver after 6 pm \\ back door'];
const PRODUCT_KINDS: readonly (readonly [string, number, string])[] = [
  // name, unit price in cents, tax class ('' = standard 19 %, 'reduced-rate' = 7 %)
  ['T-Shirt', 1999, ''],
  ['Hoodie', 4999, ''],
  ['Coffee Mug', 1250, ''],
  ['Notebook', 799, 'reduced-rate'],
  ['Cookbook', 2490, 'reduced-rate'],
  ['Espresso Beans 1kg', 1890, 'reduced-rate'],
  ['Water Bottle', 2200, ''],
  ['Backpack', 7900, ''],
  ['Sticker Pack', 399, ''],
  ['Poster', 1500, ''],
  ['Cap', 1799, ''],
  ['Socks', 999, ''],
];
const ADJECTIVES = ['Classic', 'Organic', '100% Cotton', 'Deluxe', 'Vintage', 'Eco', 'Limited_Edition', 'Café'];
const VARIATION_OPTIONS = ['Blue, M', 'Black, L', 'Grün, S'];

/** Shipping methods: id, title, net cost in cents. */
const SHIPPING_METHODS: readonly (readonly [string, string, number])[] = [
  ['flat_rate', 'Flat Rate', 490],
  ['flat_rate', 'Flat Rate', 490],
  ['free_shipping', 'Free Shipping', 0],
  ['local_pickup', 'Local Pickup', 0],
  ['international_delivery', 'International Flat Rate', 1490],
];
const PAYMENT_METHODS: readonly (readonly [string, string])[] = [
  ['paypal', 'PayPal'],
  ['stripe', 'Credit Card (Stripe)'],
  ['bacs', 'Direct Bank Transfer'],
  ['cod', 'Cash on Delivery'],
];

interface CouponSeed {
  readonly code: string;
  readonly type: CouponType;
  readonly status: CouponStatus;
  /** Amount: cents for fixed types, percent for percent types. */
  readonly amount: number;
  readonly usageLimit: number | null;
  readonly usageLimitPerUser: number | null;
  readonly description: string;
  readonly freeShipping?: boolean | undefined;
  readonly expiresInDays?: number | undefined;
  readonly minimumCents?: number | undefined;
  readonly customerEmails?: readonly string[] | undefined;
}

const COUPON_SEEDS: readonly CouponSeed[] = [
  { code: 'welcome10', type: 'percent', status: 'publish', amount: 10, usageLimit: null, usageLimitPerUser: 1, description: 'Welcome discount: 10% off the first order' },
  { code: 'summer5', type: 'fixed_cart', status: 'publish', amount: 500, usageLimit: 0, usageLimitPerUser: 0, description: 'Summer sale, 5 € off', minimumCents: 3000 },
  { code: 'freeship', type: 'fixed_cart', status: 'publish', amount: 0, usageLimit: null, usageLimitPerUser: null, description: 'Free shipping', freeShipping: true },
  { code: 'mug-deal', type: 'fixed_product', status: 'publish', amount: 250, usageLimit: 500, usageLimitPerUser: 2, description: '2,50 € off every mug' },
  { code: 'books15', type: 'percent_product', status: 'publish', amount: 15, usageLimit: 1000, usageLimitPerUser: null, description: '15% off books' },
  { code: 'black-friday', type: 'percent', status: 'publish', amount: 20, usageLimit: 100_000, usageLimitPerUser: 1, description: 'Black Friday: 20% off everything', expiresInDays: 10 },
  { code: 'vip_50%', type: 'fixed_cart', status: 'publish', amount: 5000, usageLimit: 10, usageLimitPerUser: 1, description: 'VIP voucher \\ 50 € off', customerEmails: ['anna.muller@example.com'] },
  { code: 'spring-draft', type: 'percent', status: 'draft', amount: 12, usageLimit: null, usageLimitPerUser: null, description: 'Spring campaign (not started)' },
  { code: 'staff-only', type: 'percent', status: 'private', amount: 30, usageLimit: 0, usageLimitPerUser: null, description: 'Staff discount' },
  { code: 'partner-pending', type: 'fixed_cart', status: 'pending', amount: 1000, usageLimit: 50, usageLimitPerUser: 5, description: 'Partner voucher awaiting review' },
  { code: 'old-promo', type: 'fixed_product', status: 'trash', amount: 300, usageLimit: 20, usageLimitPerUser: 0, description: 'Deleted promotion' },
  { code: 'expired2025', type: 'percent', status: 'publish', amount: 5, usageLimit: null, usageLimitPerUser: null, description: 'Expired last year', expiresInDays: -300 },
  // The same code twice: lookups by code must return the newest published one.
  { code: 'welcome10', type: 'percent', status: 'publish', amount: 10, usageLimit: 0, usageLimitPerUser: 1, description: 'Welcome discount, reissued' },
  { code: 'WINTER-Sale', type: 'percent', status: 'publish', amount: 8, usageLimit: 5000, usageLimitPerUser: null, description: 'Winter sale (mixed-case code)' },
];

const TAX_STANDARD = { code: 'DE-MWST-1', title: 'MwSt. 19%', percent: 19 } as const;
const TAX_REDUCED = { code: 'DE-MWST-ERM-1', title: 'MwSt. 7%', percent: 7 } as const;

const DAY = 86_400_000;
const EMPTY: readonly never[] = Object.freeze([]);

/**
 * Generates a realistic demo shop: products with variations, customers (a few shop managers), coupons of every type
 * and publish status, and orders of every status spread over the 18 months before `now`, with line items (some of
 * deleted products), shipping, tax, fee and coupon lines, refunds and notes. Money is exact and consistent:
 * `total = Σ line totals + shipping + fees + cart tax + shipping tax`, where line totals are subtotals minus discounts.
 *
 * Deterministic: the same options give an identical shop. Scales to a million orders (immutable sub-objects such as
 * addresses, dates and money values are shared between records).
 *
 * @example
 * ```ts
 * import { createMemoryRepository } from 'shopkeep/shop';
 * import { generateDemoShop } from './demo-shop';
 *
 * const repo = createMemoryRepository(generateDemoShop({ orders: 1000, seed: 7, now: new Date() }));
 * ```
 */
export function generateDemoShop(options: DemoShopOptions = {}): ShopSnapshot {
  const orderCount = Math.max(0, Math.floor(options.orders ?? 300));
  const rnd = createRandom(options.seed ?? 1);
  const now = options.now ?? DEMO_SHOP_NOW;
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  const customerCount = Math.max(3, Math.floor(options.customers ?? Math.min(50_000, Math.max(25, Math.ceil(orderCount / 3)))));
  const parentCount = Math.max(1, Math.floor(options.products ?? 40));
  const couponCount = Math.max(0, Math.floor(options.coupons ?? COUPON_SEEDS.length));

  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const int = (min: number, max: number): number => min + Math.floor(rnd() * (max - min + 1));

  // Money values are shared per cent amount: Decimals are immutable, and a million orders repeat few amounts.
  const money = new Map<number, Decimal>();
  const cents = (c: number): Decimal => {
    let d = money.get(c);
    if (d === undefined) {
      d = new Decimal(c).div(100);
      money.set(c, d);
    }
    return d;
  };
  // Tax in cents, rounded half away from zero (all amounts here are non-negative).
  const taxOf = (netCents: number, percent: number): number => Math.floor((netCents * percent + 50) / 100);

  const store: StoreSettings = {
    name: 'Shopkeep Demo Store',
    description: 'Demo data generated by examples/demo-shop.ts',
    siteUrl: 'http://localhost:8080',
    timeZone: options.timeZone ?? 'Europe/Berlin',
    currency: 'EUR',
    currencySymbol: '€',
    pricesIncludeTax: false,
    weightUnit: 'kg',
    dimensionUnit: 'cm',
  };

  // Products: parents first, then variations of every fifth parent.
  interface Sellable {
    readonly productId: number;
    readonly variationId: number | null;
    readonly name: string;
    readonly priceCents: number;
    readonly taxClass: string;
  }
  const products: Product[] = [];
  const sellables: Sellable[] = [];
  let nextProductId = 10;
  const variableParents: { id: number; name: string; price: number; taxClass: string; sku: string }[] = [];
  for (let p = 0; p < parentCount; p++) {
    const [kind, basePrice, taxClass] = PRODUCT_KINDS[p % PRODUCT_KINDS.length] as readonly [string, number, string];
    const adjective = ADJECTIVES[Math.floor(p / PRODUCT_KINDS.length) % ADJECTIVES.length] as string;
    const round = Math.floor(p / (PRODUCT_KINDS.length * ADJECTIVES.length));
    const name = `${adjective} ${kind}${round > 0 ? ` ${round + 1}` : ''}`;
    const id = nextProductId++;
    const sku = p % 11 === 10 ? '' : `SK-${String(id).padStart(5, '0')}`; // a few products without SKU
    const price = basePrice + (p % 3) * 100;
    products.push({ id, name, sku, parentId: null });
    if (p % 5 === 0) variableParents.push({ id, name, price, taxClass, sku });
    else sellables.push({ productId: id, variationId: null, name, priceCents: price, taxClass });
  }
  for (const parent of variableParents) {
    VARIATION_OPTIONS.forEach((option, i) => {
      const id = nextProductId++;
      const name = `${parent.name} - ${option}`;
      products.push({ id, name, sku: parent.sku === '' ? '' : `${parent.sku}-${i + 1}`, parentId: parent.id });
      sellables.push({ productId: parent.id, variationId: id, name, priceCents: parent.price + i * 200, taxClass: parent.taxClass });
    });
  }
  // Deleted products: referenced by old orders, absent from `products` (their sku serializes as null).
  const deletedBase = nextProductId + 1000;
  const deleted: Sellable[] = [
    { productId: deletedBase, variationId: null, name: 'Discontinued Tote Bag', priceCents: 1500, taxClass: '' },
    { productId: deletedBase + 1, variationId: deletedBase + 2, name: 'Retired Scarf - Red', priceCents: 2500, taxClass: '' },
    { productId: deletedBase + 3, variationId: null, name: 'Old Calendar 2024', priceCents: 990, taxClass: 'reduced-rate' },
  ];

  // Customers: user 1 is the administrator, 2 and 3 are shop managers, the rest customers. Registration times are
  // spread over the two years before now, ascending with the id; the last few registered within the last week.
  const customers: Customer[] = [];
  const customerAddresses: { billing: BillingAddress; shipping: Address }[] = [];
  const regSpan = 730 * DAY;
  for (let i = 0; i < customerCount; i++) {
    const id = i + 1;
    const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string;
    const role = id === 1 ? 'administrator' : id <= 3 ? 'shop_manager' : 'customer';
    const local = `${asciiSlug(first)}.${asciiSlug(last)}${i >= FIRST_NAMES.length * LAST_NAMES.length ? i : ''}`;
    const email = `${local}@example.com`;
    const fraction = customerCount === 1 ? 0 : i / (customerCount - 1);
    const registeredMs = nowMs - regSpan + Math.floor(fraction * (regSpan - 3600_000)) - int(0, 3000) * 1000;
    customers.push({ id, email, firstName: first, lastName: last, username: local, role, registeredAt: new Date(registeredMs) });
    const [city, state, postcode] = pick(CITIES);
    const shipping: Address = {
      firstName: first,
      lastName: last,
      company: pick(COMPANIES),
      address1: `${pick(STREETS)} ${int(1, 120)}`,
      address2: rnd() < 0.2 ? `Wohnung ${int(1, 30)}` : '',
      city,
      state,
      postcode,
      country: 'DE',
    };
    const billing: BillingAddress = { ...shipping, email, phone: `+49 30 ${int(1000000, 9999999)}` };
    customerAddresses.push({ billing, shipping });
  }

  // Coupon definitions, so orders can use the published ones; usage counts are filled in after the orders.
  const couponSeeds: CouponSeed[] = [];
  for (let i = 0; i < couponCount; i++) {
    if (i < COUPON_SEEDS.length) couponSeeds.push(COUPON_SEEDS[i] as CouponSeed);
    else {
      const type = pick(['fixed_cart', 'percent', 'fixed_product', 'percent_product'] as const);
      const percentType = type === 'percent' || type === 'percent_product';
      couponSeeds.push({
        code: `promo-${i}`,
        type,
        status: rnd() < 0.8 ? 'publish' : pick(['draft', 'pending', 'private', 'trash'] as const),
        amount: percentType ? int(5, 25) : int(1, 20) * 100,
        usageLimit: pick([null, 0, int(10, 10_000)]),
        usageLimitPerUser: pick([null, 0, int(1, 5)]),
        description: `Generated promotion ${i}`,
      });
    }
  }
  const usableCoupons: number[] = [];
  couponSeeds.forEach((c, i) => {
    if (c.status === 'publish' && (c.type === 'percent' || c.type === 'fixed_cart') && c.amount > 0 && c.customerEmails === undefined) usableCoupons.push(i);
  });
  const couponUses = new Array<number>(couponSeeds.length).fill(0);

  // Orders: ids ascending with creation time, spread evenly (with jitter) over the 18 months before now.
  const orders: Order[] = [];
  const span = 548 * DAY;
  const startMs = nowMs - span;
  let itemId = 1;
  let noteId = 1;
  let refundId = 1;
  let customerCursor = 0; // customers registered before the current order's creation
  const paymentsUnpaid = PAYMENT_METHODS.map(([methodId, methodTitle]) => ({ methodId, methodTitle, paidAt: null }));
  const guestAddresses: { billing: BillingAddress; shipping: Address }[] = [];
  for (let g = 0; g < 40; g++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const [city, state, postcode] = pick(CITIES);
    const shipping: Address = { firstName: first, lastName: last, company: pick(COMPANIES), address1: `${pick(STREETS)} ${int(1, 99)}`, address2: '', city, state, postcode, country: rnd() < 0.8 ? 'DE' : 'AT' };
    guestAddresses.push({ shipping, billing: { ...shipping, email: `guest${g}.${asciiSlug(last)}@example.org`, phone: g % 3 === 0 ? '' : `+49 40 ${int(100000, 999999)}` } });
  }

  // One order's instants often coincide (created = updated, paid = first note); such orders share one Date object.
  const orderDates: Date[] = [];
  const dateAt = (ms: number): Date => {
    for (const d of orderDates) if (d.getTime() === ms) return d;
    const d = new Date(ms);
    orderDates.push(d);
    return d;
  };
  const noteTexts = new Map<string, string>();
  const statusNote = (from: OrderStatus, to: OrderStatus): string => {
    const key = `${from}>${to}`;
    let text = noteTexts.get(key);
    if (text === undefined) {
      text = `Order status changed from ${from} to ${to}.`;
      noteTexts.set(key, text);
    }
    return text;
  };
  const ips = Array.from({ length: 250 }, (_, i) => `203.0.113.${i}`);
  let notesOut: OrderNote[] = [];
  const note = (at: number, content: string, customerNote = false, approved = true, type = 'order_note'): void => {
    notesOut.push({ id: noteId++, createdAt: dateAt(at), content, customerNote, approved, type });
  };

  for (let i = 0; i < orderCount; i++) {
    const id = 1001 + i;
    const createdMs = Math.floor((startMs + ((i + rnd()) / Math.max(1, orderCount)) * span) / 1000) * 1000;
    const createdAt = new Date(createdMs);
    orderDates.length = 0;
    orderDates.push(createdAt);
    const ageDays = (nowMs - createdMs) / DAY;
    const status = orderStatusFor(i, ageDays, rnd());

    while (customerCursor < customers.length && (customers[customerCursor] as Customer).registeredAt.getTime() <= createdMs) customerCursor++;
    // Users 1-3 (administrator, shop managers) do not shop; everyone registered before the order may.
    const guest = customerCursor <= 3 || rnd() < 0.2;
    const customerIndex = guest ? -1 : 3 + Math.floor(rnd() * (customerCursor - 3));
    const address = guest ? pick(guestAddresses) : (customerAddresses[customerIndex] as { billing: BillingAddress; shipping: Address });
    const customerId = guest ? 0 : (customers[customerIndex] as Customer).id;

    // Line items.
    const lineCount = rnd() < 0.15 ? 1 : int(2, 5);
    const drafts: { s: Sellable; qty: number; subtotal: number }[] = [];
    for (let l = 0; l < lineCount; l++) {
      const s = ageDays > 200 && rnd() < 0.03 ? pick(deleted) : pick(sellables);
      const qty = rnd() < 0.7 ? 1 : int(2, 4);
      drafts.push({ s, qty, subtotal: s.priceCents * qty });
    }
    const itemsSubtotal = drafts.reduce((sum, d) => sum + d.subtotal, 0);

    // Coupon: a percent or fixed cart discount spread over the lines (the last line takes the remainder).
    let discount = 0;
    let couponIndex = -1;
    if (usableCoupons.length > 0 && rnd() < 0.18) {
      couponIndex = pick(usableCoupons);
      const c = couponSeeds[couponIndex] as CouponSeed;
      discount = c.type === 'percent' ? Math.floor((itemsSubtotal * c.amount) / 100) : Math.min(c.amount, itemsSubtotal);
      if (discount === 0) couponIndex = -1;
    }
    let remaining = discount;
    let cartTaxStd = 0;
    let cartTaxRed = 0;
    let itemsTotal = 0;
    const lineItems: LineItem[] = drafts.map((d, l) => {
      const share = l === drafts.length - 1 ? remaining : Math.min(remaining, Math.floor((discount * d.subtotal) / Math.max(1, itemsSubtotal)));
      remaining -= share;
      const total = d.subtotal - share;
      const reduced = d.s.taxClass === 'reduced-rate';
      const tax = taxOf(total, reduced ? TAX_REDUCED.percent : TAX_STANDARD.percent);
      if (reduced) cartTaxRed += tax;
      else cartTaxStd += tax;
      itemsTotal += total;
      return {
        id: itemId++,
        name: d.s.name,
        productId: d.s.productId,
        variationId: d.s.variationId,
        quantity: d.qty,
        subtotal: cents(d.subtotal),
        total: cents(total),
        tax: cents(tax),
        taxClass: d.s.taxClass,
      };
    });

    // Shipping (free above 50 € or with the free shipping coupon), fees for cash on delivery.
    const [methodId, methodTitle, baseShipping] = pick(SHIPPING_METHODS);
    const shippingCents = itemsSubtotal >= 5000 && methodId === 'flat_rate' ? 0 : baseShipping;
    const shippingTax = taxOf(shippingCents, TAX_STANDARD.percent);
    const shippingLines: ShippingLine[] = [{ id: itemId++, methodId, methodTitle: shippingCents === 0 && methodId === 'flat_rate' ? 'Free Shipping' : methodTitle, total: cents(shippingCents) }];
    const paymentIndex = Math.floor(rnd() * PAYMENT_METHODS.length);
    let feeCents = 0;
    let feeTax = 0;
    let feeLines: readonly FeeLine[] = EMPTY;
    if (PAYMENT_METHODS[paymentIndex]?.[0] === 'cod') {
      feeCents = 200;
      feeTax = taxOf(feeCents, TAX_STANDARD.percent);
      cartTaxStd += feeTax;
      feeLines = [{ id: itemId++, title: 'Cash on delivery fee', taxClass: '', total: cents(feeCents), tax: cents(feeTax) }];
    } else if (rnd() < 0.03) {
      feeCents = 350;
      feeTax = taxOf(feeCents, TAX_STANDARD.percent);
      cartTaxStd += feeTax;
      feeLines = [{ id: itemId++, title: 'Gift wrapping', taxClass: '', total: cents(feeCents), tax: cents(feeTax) }];
    }
    const taxLines: TaxLine[] = [];
    if (cartTaxStd > 0 || shippingTax > 0) {
      taxLines.push({ id: itemId++, code: TAX_STANDARD.code, title: TAX_STANDARD.title, taxTotal: cents(cartTaxStd), shippingTaxTotal: cents(shippingTax), compound: false });
    }
    if (cartTaxRed > 0) {
      taxLines.push({ id: itemId++, code: TAX_REDUCED.code, title: TAX_REDUCED.title, taxTotal: cents(cartTaxRed), shippingTaxTotal: cents(0), compound: false });
    }
    let couponLines: readonly CouponLine[] = EMPTY;
    if (couponIndex >= 0) {
      couponUses[couponIndex] = (couponUses[couponIndex] ?? 0) + 1;
      couponLines = [{ id: itemId++, code: (couponSeeds[couponIndex] as CouponSeed).code, amount: cents(discount) }];
    }
    const cartTax = cartTaxStd + cartTaxRed;
    const totalCents = itemsTotal + shippingCents + feeCents + cartTax + shippingTax;

    // Timeline: paid a few minutes after creation, completed days later, updated at the last event (never after now).
    const paidStatuses = status === 'completed' || status === 'processing' || status === 'refunded' || (status === 'on-hold' && rnd() < 0.3);
    const paidAt = paidStatuses ? dateAt(Math.min(nowMs, createdMs + int(1, 30) * 60_000)) : null;
    const completedAt = status === 'completed' || status === 'refunded' ? dateAt(Math.min(nowMs, createdMs + int(1, 6) * DAY + int(0, 86_399) * 1000)) : null;
    let updatedMs = completedAt?.getTime() ?? paidAt?.getTime() ?? createdMs;

    let refunds: readonly Refund[] = EMPTY;
    if (status === 'refunded') {
      const at = Math.min(nowMs, updatedMs + int(1, 10) * DAY);
      refunds = [{ id: refundId++, createdAt: dateAt(at), amount: cents(totalCents), reason: rnd() < 0.5 ? 'Returned by customer' : '' }];
      updatedMs = at;
    } else if (status === 'completed' && rnd() < 0.04 && lineItems.length > 1) {
      const at = Math.min(nowMs, updatedMs + int(1, 20) * DAY);
      const first = drafts[0] as { subtotal: number };
      refunds = [{ id: refundId++, createdAt: dateAt(at), amount: cents(Math.min(totalCents, first.subtotal)), reason: 'Item damaged in transit' }];
      updatedMs = at;
    }

    // Notes: the status history as approved order notes, sometimes a customer-visible note, an unapproved note or a
    // note of another comment type (neither is ever served).
    const notes: OrderNote[] = [];
    notesOut = notes;
    if (status !== 'pending') {
      const first = status === 'failed' || status === 'cancelled' ? status : 'processing';
      note(paidAt?.getTime() ?? createdMs, statusNote('pending', first));
      if (status !== first) note(updatedMs === createdMs ? createdMs : Math.max(createdMs, (completedAt?.getTime() ?? updatedMs)), statusNote(first, status === 'refunded' ? 'completed' : status));
      if (status === 'refunded') note(updatedMs, statusNote('completed', 'refunded'));
    }
    const r = rnd();
    if (r < 0.08) note(Math.min(nowMs, createdMs + 3600_000), 'Your order has been dispatched. Tracking number: 00340434161094045123', true);
    else if (r < 0.11) note(createdMs, 'Fraud check pending (internal, not approved).', false, false);
    else if (r < 0.12) note(createdMs, 'Webhook delivered.', false, true, 'webhook_delivery');
    for (const n of notes) updatedMs = Math.max(updatedMs, n.createdAt.getTime());

    orders.push({
      id,
      number: String(id),
      createdAt,
      updatedAt: dateAt(updatedMs),
      completedAt,
      status,
      currency: 'EUR',
      total: cents(totalCents),
      cartTax: cents(cartTax),
      shippingTotal: cents(shippingCents),
      shippingTax: cents(shippingTax),
      cartDiscount: cents(discount),
      orderDiscount: cents(0),
      payment: paidAt === null ? (paymentsUnpaid[paymentIndex] as (typeof paymentsUnpaid)[number]) : { ...(paymentsUnpaid[paymentIndex] as (typeof paymentsUnpaid)[number]), paidAt },
      billing: address.billing,
      shipping: address.shipping,
      customerNote: pick(CUSTOMER_NOTES),
      customerIp: ips[(id * 7) % 250] as string,
      customerUserAgent: pick(USER_AGENTS),
      customerId,
      lineItems,
      shippingLines,
      taxLines,
      feeLines,
      couponLines,
      refunds,
      notes,
    });
  }

  // Coupons, created over the two years before now (ascending with id); the duplicate code is the newer one.
  const mugIds = products.filter((p) => p.name.includes('Mug')).map((p) => p.id);
  const bookIds = products.filter((p) => p.name.includes('book')).map((p) => p.id);
  const coupons: Coupon[] = couponSeeds.map((c, i) => {
    const createdMs = nowMs - 730 * DAY + Math.floor(((i + 0.5) / Math.max(1, couponSeeds.length)) * 700 * DAY);
    const percentType = c.type === 'percent' || c.type === 'percent_product';
    return {
      id: 501 + i,
      code: c.code,
      type: c.type,
      status: c.status,
      description: c.description,
      createdAt: new Date(createdMs),
      updatedAt: new Date(createdMs + int(0, 30) * DAY),
      amount: percentType ? new Decimal(c.amount) : cents(c.amount),
      individualUse: i % 4 === 0,
      productIds: c.type === 'fixed_product' ? mugIds : c.type === 'percent_product' ? bookIds : EMPTY,
      excludeProductIds: c.type === 'percent' && i % 3 === 0 && products[0] ? [products[0].id] : EMPTY,
      usageLimit: c.usageLimit,
      usageLimitPerUser: c.usageLimitPerUser,
      limitUsageToXItems: c.type === 'fixed_product' ? 3 : 0,
      usageCount: couponUses[i] ?? 0,
      expiresAt: c.expiresInDays === undefined ? null : new Date(Math.floor((nowMs + c.expiresInDays * DAY) / DAY) * DAY),
      freeShipping: c.freeShipping ?? false,
      productCategoryIds: c.type === 'percent_product' ? [15, 16] : EMPTY,
      excludeProductCategoryIds: i % 5 === 1 ? [20] : EMPTY,
      excludeSaleItems: i % 3 === 1,
      minimumAmount: cents(c.minimumCents ?? 0),
      customerEmails: c.customerEmails ?? EMPTY,
    };
  });

  return { store, products, customers, coupons, orders };
}

/** Mostly completed; recent orders are still open (processing, on-hold, pending); the first seven cover every status. */
function orderStatusFor(index: number, ageDays: number, r: number): OrderStatus {
  const all: readonly OrderStatus[] = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'];
  if (index < all.length) return all[index] as OrderStatus;
  if (ageDays < 7) {
    if (r < 0.5) return 'processing';
    if (r < 0.62) return 'on-hold';
    if (r < 0.74) return 'pending';
    if (r < 0.8) return 'failed';
    return 'completed';
  }
  if (r < 0.72) return 'completed';
  if (r < 0.8) return 'processing';
  if (r < 0.84) return 'on-hold';
  if (r < 0.88) return 'pending';
  if (r < 0.93) return 'cancelled';
  if (r < 0.97) return 'refunded';
  return 'failed';
}

function asciiSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
