// Fuzzing the handler: random methods, paths, query strings and bodies never produce a 500, a rejection or a
// non-envelope error body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, createShopApi, SHOP_MANAGER_CAPABILITIES, type ShopRequest } from 'wc-legacy-api/shop';
import { FIXTURE_NOW, fixtureSnapshot } from './conformance/fixture';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary', maxLength: 12 }));
const hugeNumber = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom('1e309', '-0', '0x10', '9007199254740993', 'NaN', 'Infinity', '0000001', '2147483648', '-1'),
);
const encoded = fc.constantFrom('%5B', '%5D', '%2B', '%20', '%25', '%zz', '%E2%82%AC', '%C3', '%00', '+', '%2F', '%3F', '&', '=');
const piece = fc.oneof(text, hugeNumber, encoded, fc.constantFrom('[', ']', '[]', '][', '[[', 'a[b][c]', '__proto__', 'constructor'));
const value = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));

const queryName = fc.oneof(
  fc.constantFrom(
    'page', 'status', 'fields', '_method', 'consumer_key', 'oauth_nonce',
    'filter[limit]', 'filter[offset]', 'filter[q]', 'filter[status]', 'filter[created_at_min]', 'filter[created_at_max]',
    'filter[updated_at_min]', 'filter[updated_at_max]', 'filter[period]', 'filter[date_min]', 'filter[date_max]',
    'filter', 'filter[]', 'filter[limit][x]', 'page[]', 'fields[a]', 'status[0]', 'filter[__proto__]',
  ),
  value,
);
const query = fc
  .array(fc.tuple(fc.boolean(), queryName, fc.oneof(value, hugeNumber, fc.constantFrom('week', 'month', 'last_month', 'year', 'completed', '2024-03-01', '2024-03-01T10:00:00+02:00', 'id,status', '-1', '0'))), { maxLength: 6 })
  .map((pairs) => pairs.map(([raw, k, v]) => (raw ? `${k}=${v}` : `${encodeURIComponentSafe(k)}=${encodeURIComponentSafe(v)}`)).join('&'));

function encodeURIComponentSafe(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s;
  }
}

const segment = fc.oneof(
  fc.constantFrom('orders', 'count', 'coupons', 'code', 'reports', 'sales', 'top_sellers', 'notes', '1001', '500', '0', '', 'ORDERS', '..', '.', 'wc-api', 'v1'),
  hugeNumber,
  value,
);
const path = fc.tuple(fc.constantFrom('/wc-api/v1', '/shop/wc-api/v1', '', '/wc-api/v1/', '/x'), fc.array(segment, { maxLength: 4 })).map(
  ([base, segs]) => `${base}${segs.map((s) => `/${s}`).join('')}`,
);

const method = fc.oneof(
  fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'put', 'TRACE', ''),
  fc.string({ maxLength: 8 }),
);

const body = fc.oneof(
  fc.constant(undefined),
  text,
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.jsonValue(),
  fc.record({ status: fc.oneof(fc.constantFrom('completed', 'pending', 'on-hold', 'bogus', ''), fc.jsonValue()), note: fc.oneof(text, fc.jsonValue()) }, { requiredKeys: [] }),
  fc.record({ order: fc.oneof(fc.record({ status: fc.constantFrom('processing', 'refunded', 'x') }), fc.jsonValue()) }),
  fc.uint8Array({ maxLength: 40 }),
);

const headers = fc.oneof(
  fc.constant({}),
  fc.record({ 'x-http-method-override': fc.oneof(fc.constantFrom('PUT', 'HEAD', 'DELETE', 'patch'), text) }),
);

describe('handler fuzz', () => {
  it('never answers 500, never rejects, and every non-2xx body is the error envelope', async () => {
    const errors: unknown[] = [];
    const api = createShopApi({
      repository: createMemoryRepository(fixtureSnapshot()),
      now: () => FIXTURE_NOW,
      onError: (e) => errors.push(e),
    });
    const caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
    await fc.assert(
      fc.asyncProperty(method, path, query, body, headers, fc.boolean(), async (m, p, q, b, h, withQuery) => {
        const request: ShopRequest = { method: m, url: withQuery ? `${p}?${q}` : p, body: b, headers: h, caller };
        const res = await api.handle(request);
        expect(errors).toEqual([]);
        expect(res.status).not.toBe(500);
        expect(res.headers['Content-Type']).toBe('application/json; charset=UTF-8');
        if (res.body === null) return;
        const parsed = JSON.parse(res.body) as unknown;
        if (res.status >= 200 && res.status < 300) {
          expect(typeof parsed).toBe('object');
          expect(parsed).not.toBeNull();
        } else {
          expect(parsed).toEqual({ errors: [{ code: expect.stringMatching(/^shop_api_/), message: expect.any(String) }] });
        }
      }),
      { numRuns: 4000 },
    );
  }, 120_000);
});
