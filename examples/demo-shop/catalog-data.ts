// The demo shop's fixed vocabulary: names, places, products, shipping and payment methods, coupons and tax rates,
// and the small rules that pick among them.
import type { CouponStatus, CouponType, OrderStatus } from 'wc-legacy-api/shop';

export const FIRST_NAMES = ['Anna', 'Jürgen', 'Zoë', 'Lukas', 'Marie', 'Hans', 'Sophie', 'Émile', 'Mia', 'Noah', 'Lena', 'Felix', 'Ólafur', 'Chloé', 'Paul', 'Emma', 'Ben', 'Hannah', 'Jonas', 'Leonie'];
export const LAST_NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', "O'Brien", 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Dubois', 'Smith', 'Żak'];
export const CITIES: readonly (readonly [string, string, string])[] = [
  ['Berlin', 'BE', '10115'],
  ['Hamburg', 'HH', '20095'],
  ['München', 'BY', '80331'],
  ['Köln', 'NW', '50667'],
  ['Frankfurt am Main', 'HE', '60311'],
  ['Stuttgart', 'BW', '70173'],
  ['Leipzig', 'SN', '04109'],
  ['Dresden', 'SN', '01067'],
];
export const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße', 'Lindenallee', 'Am Markt'];
export const COMPANIES = ['', '', '', '', 'Acme GmbH', 'Weber & Söhne KG', 'Müller_Tech AG', 'Café 100% Bio'];
export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
];
export const CUSTOMER_NOTES = ['', '', '', '', '', '', 'Please leave the parcel with the neighbour.', 'Gift wrap, please!', 'Bitte nicht klingeln.', 'Deliver after 6 pm \\ back door'];
export const PRODUCT_KINDS: readonly (readonly [string, number, string])[] = [
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
export const ADJECTIVES = ['Classic', 'Organic', '100% Cotton', 'Deluxe', 'Vintage', 'Eco', 'Limited_Edition', 'Café'];
export const VARIATION_OPTIONS = ['Blue, M', 'Black, L', 'Grün, S'];

/** Shipping methods: id, title, net cost in cents. */
export const SHIPPING_METHODS: readonly (readonly [string, string, number])[] = [
  ['flat_rate', 'Flat Rate', 490],
  ['flat_rate', 'Flat Rate', 490],
  ['free_shipping', 'Free Shipping', 0],
  ['local_pickup', 'Local Pickup', 0],
  ['international_delivery', 'International Flat Rate', 1490],
];
export const PAYMENT_METHODS: readonly (readonly [string, string])[] = [
  ['paypal', 'PayPal'],
  ['stripe', 'Credit Card (Stripe)'],
  ['bacs', 'Direct Bank Transfer'],
  ['cod', 'Cash on Delivery'],
];

export interface CouponSeed {
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

export const COUPON_SEEDS: readonly CouponSeed[] = [
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

export const TAX_STANDARD = { code: 'DE-MWST-1', title: 'MwSt. 19%', percent: 19 } as const;
export const TAX_REDUCED = { code: 'DE-MWST-ERM-1', title: 'MwSt. 7%', percent: 7 } as const;

export const DAY = 86_400_000;
export const EMPTY: readonly never[] = Object.freeze([]);

/** Mostly completed; recent orders are still open (processing, on-hold, pending); the first seven cover every status. */
export function orderStatusFor(index: number, ageDays: number, r: number): OrderStatus {
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

export function asciiSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
