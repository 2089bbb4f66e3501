// The shop every conformance run serves: small enough that every expected body is written out by hand.
import {
  createMemoryKeyStore,
  createMemoryNonceStore,
  createMemoryRepository,
  createShopApi,
  SHOP_MANAGER_CAPABILITIES,
  type Authenticate,
  type Caller,
  type ConsumerKeyPair,
  type ConsumerKeyStore,
  type NewKeyOptions,
  type NonceStore,
  type Customer,
  type Order,
  type OrderStatus,
  type ShopApi,
  type ShopApiOptions,
  type ShopRepository,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import {
  at,
  buildBillingAddress,
  buildCoupon,
  buildLineItem,
  buildOrder,
  buildOrderNote,
  buildProduct,
  buildStore,
} from '../builders';

/** "Now" for every conformance run: the report week is 2024-03-06 .. 2024-03-12 (UTC store). */
export const FIXTURE_NOW = at('2024-03-12T18:00:00Z');

/** The public site URL: a non-default port, which links must keep. */
export const SITE_URL = 'https://shop.example.com:8443';

// Order 1000+i is created on 2024-03-i at 10:00Z and last updated a day later.
const STATUSES: Record<number, OrderStatus> = {
  1: 'completed',
  2: 'processing',
  3: 'on-hold',
  4: 'pending',
  5: 'cancelled',
  6: 'refunded',
  7: 'failed',
  8: 'completed',
  9: 'processing',
  10: 'completed',
  11: 'processing',
  12: 'completed',
};

/** The customer caller (user 7) owns these orders. */
export const CUSTOMER_ORDER_IDS = [1002, 1005, 1010];

function day(i: number, hour = 10): Date {
  return at(`2024-03-${String(i).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`);
}

function fixtureOrder(i: number): Order {
  const id = 1000 + i;
  const base = buildOrder({
    id,
    number: String(id),
    createdAt: day(i),
    updatedAt: day(i + 1),
    status: STATUSES[i]!,
    customerId: CUSTOMER_ORDER_IDS.includes(id) ? 7 : 0,
    lineItems: [buildLineItem({ id: id * 10 })],
  });
  switch (i) {
    case 1:
      return {
        ...base,
        completedAt: day(2),
        notes: [
          buildOrderNote({ id: 1, createdAt: day(1, 11), content: 'Payment received.' }),
          buildOrderNote({ id: 2, createdAt: day(1, 12), content: 'Thanks!', customerNote: true }),
          buildOrderNote({ id: 3, createdAt: day(1, 13), content: 'Spam', approved: false }),
          buildOrderNote({ id: 4, createdAt: day(1, 14), content: 'Webhook sent', type: 'webhook' }),
        ],
      };
    case 4:
      return { ...base, billing: buildBillingAddress({ lastName: 'Babbage', email: 'charles@example.com' }) };
    case 8:
      // Two of a variation (102) of product 101.
      return { ...base, lineItems: [buildLineItem({ id: 10080, name: 'Gadget - Blue', productId: 101, variationId: 102, quantity: 2 })] };
    case 9:
      return { ...base, lineItems: [buildLineItem({ id: 10090, quantity: 3 })] };
    case 10:
      // Product 103 no longer exists.
      return { ...base, lineItems: [buildLineItem({ id: 10100, name: 'Old thing', productId: 103 })] };
    case 11:
      // Stored instants keep milliseconds; the API prints seconds (2024-03-11T10:00:00Z).
      return { ...base, createdAt: at('2024-03-11T10:00:00.250Z') };
    case 12:
      return {
        ...base,
        updatedAt: at('2024-03-13T10:00:00.750Z'),
        lineItems: [buildLineItem({ id: 10120, name: 'Gadget', productId: 101 })],
      };
    default:
      return base;
  }
}

function customer(id: number, role: string, registeredAt: Date): Customer {
  return {
    id,
    email: `user${id}@example.com`,
    firstName: 'User',
    lastName: String(id),
    username: `user${id}`,
    role,
    registeredAt,
  };
}

/** The fixture shop: 12 orders, 4 coupons (one a draft), 3 products (103 deleted), 4 users. */
export function fixtureSnapshot(): ShopSnapshot {
  return {
    store: buildStore({ siteUrl: SITE_URL, timeZone: 'UTC', currency: 'EUR', currencySymbol: '€' }),
    products: [
      buildProduct({ id: 100, name: 'Widget', sku: 'WID-100' }),
      buildProduct({ id: 101, name: 'Gadget', sku: 'GAD-101' }),
      buildProduct({ id: 102, name: 'Gadget - Blue', sku: 'GAD-101-B', parentId: 101 }),
    ],
    customers: [
      customer(1, 'administrator', at('2023-01-01T00:00:00Z')),
      customer(7, 'customer', at('2024-03-08T09:00:00Z')),
      customer(8, 'customer', at('2024-03-11T09:00:00Z')),
      customer(9, 'customer', at('2024-02-01T09:00:00Z')),
    ],
    coupons: [
      buildCoupon({ id: 500, code: 'spring10', createdAt: at('2024-01-02T03:04:05Z') }),
      buildCoupon({ id: 501, code: 'summer-sale', status: 'draft', createdAt: at('2024-01-05T00:00:00Z') }),
      buildCoupon({ id: 502, code: 'Winter Deal', type: 'fixed_cart', createdAt: at('2024-01-04T00:00:00Z') }),
      buildCoupon({ id: 503, code: 'vip', createdAt: at('2024-01-03T00:00:00Z'), description: 'For our VIPs' }),
    ],
    orders: Array.from({ length: 12 }, (_, k) => fixtureOrder(k + 1)),
  };
}

/** Callers by the `x-test-caller` header value. */
export const CALLERS: Record<string, Caller> = {
  manager: { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES },
  customer: { userId: 7, capabilities: [] },
  reporter: { userId: 3, capabilities: ['view_shop_reports'] },
  /** A registered user with no capabilities and no orders (what a key with no capabilities acts as). */
  stranger: { userId: 12, capabilities: [] },
};

/** A test authenticator: the caller is named by the `x-test-caller` header; a request without it is refused. */
export const testAuthenticate: Authenticate = async (request) => {
  const raw = request.headers?.['x-test-caller'];
  const name = typeof raw === 'string' ? raw : undefined;
  const caller = name === undefined ? undefined : CALLERS[name];
  return caller === undefined ? { ok: false, message: 'No test caller given.' } : { ok: true, caller };
};

/** A fresh API over a fresh copy of the fixture shop. */
export function fixtureApi(): ShopApi {
  return createShopApi({
    repository: createMemoryRepository(fixtureSnapshot()),
    now: () => FIXTURE_NOW,
    authenticate: testAuthenticate,
  });
}

/**
 * Where a conformance run keeps the fixture shop: the in-memory repository by default; the PostgreSQL test files
 * pass a backend over a fresh schema, so every case also runs through SQL.
 */
export interface ConformanceBackend {
  /** A repository holding `snapshot`, independent of every other one. */
  repository(snapshot: ShopSnapshot): Promise<ShopRepository>;
  /** A fresh key store, and a fresh nonce store with this share of live nonces per key, for the OAuth cases. */
  authStores(options: { readonly maxNoncesPerKey: number }): Promise<{ readonly keys: ConformanceKeyStore; readonly nonces: NonceStore }>;
}

/** A key store the suite can add keys to (the memory store adds at once, the PostgreSQL one asynchronously). */
export interface ConformanceKeyStore extends ConsumerKeyStore {
  addKey(pair: ConsumerKeyPair, options: NewKeyOptions): unknown;
}

export const MEMORY_BACKEND: ConformanceBackend = {
  repository: async (snapshot) => createMemoryRepository(snapshot),
  authStores: async ({ maxNoncesPerKey }) => ({
    keys: createMemoryKeyStore(),
    nonces: createMemoryNonceStore({ maxEntriesPerKey: maxNoncesPerKey }),
  }),
};

/** An API over a fresh copy of the fixture shop in `backend`, with the fixture clock and authenticator. */
export async function fixtureApiOn(backend: ConformanceBackend, options: Partial<ShopApiOptions> = {}): Promise<ShopApi> {
  return createShopApi({
    repository: await backend.repository(fixtureSnapshot()),
    now: () => FIXTURE_NOW,
    authenticate: testAuthenticate,
    ...options,
  });
}
