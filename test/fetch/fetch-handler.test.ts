// What only the fetch adapter can get wrong (the conformance suite covers the API itself through it): the body limit
// on every way a body arrives, `secure`, getCaller, headers in and out, and a handler that never rejects.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, createShopApi, DEFAULT_MAX_BODY_BYTES, type Authenticate, type ShopApi } from 'wc-legacy-api/shop';
import { createFetchHandler } from 'wc-legacy-api/fetch';
import { CALLERS, fixtureApi, fixtureSnapshot } from '../shop/conformance/fixture';
import type { ConformanceTarget } from '../shop/conformance/targets';
import { honoApp, honoTarget } from './fetch-targets';

const ORIGIN = 'http://shop.test';
type RequestBody = NonNullable<RequestInit['body']>;
const manager = { 'x-test-caller': 'manager' };
const envelope = (code: string, message: string) => ({ errors: [{ code, message }] });
const tooLarge = (max: number) => envelope('shop_api_body_too_large', `The request body is larger than ${max} bytes`);

/** A PUT body of exactly `size` bytes that completes an order (JSON padded with spaces). */
function completeBody(size: number): string {
  const json = '{"status":"completed"}';
  expect(size).toBeGreaterThanOrEqual(json.length);
  return json + ' '.repeat(size - json.length);
}

/** A request body stream handing out `text` in pieces of `piece` bytes. */
function pieces(text: string, piece: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.slice(at, (at += piece)));
    },
  });
}

const put = (path: string, body: RequestBody, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { method: 'PUT', headers: { ...manager, ...headers }, body, duplex: 'half' } as RequestInit);

async function json(res: Response): Promise<unknown> {
  return JSON.parse(await res.text());
}

/** A chunked PUT (no Content-Length) over real HTTP, written in pieces. */
function sendChunked(port: number, path: string, text: string, piece: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path, headers: manager }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (let at = 0; at < text.length; at += piece) req.write(text.slice(at, at + piece));
    req.end();
  });
}

describe('fetch adapter: the body limit', () => {
  const MAX = 64;

  it('accepts a body of exactly maxBodyBytes and answers one byte more with 413, however the body is handed over', async () => {
    const handler = createFetchHandler(fixtureApi(), { maxBodyBytes: MAX });
    const ways: [string, (text: string) => RequestBody][] = [
      ['a string', (text) => text],
      ['a stream of 1-byte chunks', (text) => pieces(text, 1)],
      ['a stream of 50-byte chunks', (text) => pieces(text, 50)],
    ];
    for (const [way, bodyOf] of ways) {
      const ok = await handler(put('/wc-api/v1/orders/1003', bodyOf(completeBody(MAX))));
      expect({ way, status: ok.status }).toEqual({ way, status: 200 });
      expect(await json(ok)).toMatchObject({ order: { id: 1003, status: 'completed' } });
      const over = await handler(put('/wc-api/v1/orders/1004', bodyOf(completeBody(MAX + 1))));
      expect({ way, status: over.status }).toEqual({ way, status: 413 });
      expect(over.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(await json(over)).toEqual(tooLarge(MAX));
    }
  });

  it('defaults to the limit the API declares, else the core default, as the Express and Koa adapters', async () => {
    const api = fixtureApi();
    const limited: ShopApi & { maxBodyBytes: number } = { handle: (request) => api.handle(request), maxBodyBytes: 100 };
    const undeclared: ShopApi = { handle: (request) => api.handle(request) };
    for (const [target, limit] of [[limited, 100], [undeclared, DEFAULT_MAX_BODY_BYTES], [api, api.maxBodyBytes ?? Number.NaN]] as const) {
      const handler = createFetchHandler(target);
      expect((await handler(put('/wc-api/v1/orders/1003', completeBody(limit)))).status).toBe(200);
      const over = await handler(put('/wc-api/v1/orders/1004', completeBody(limit + 1)));
      expect(await json(over)).toEqual(tooLarge(limit));
    }
    // The adapter's own option wins.
    const own = await createFetchHandler(limited, { maxBodyBytes: 200 })(put('/wc-api/v1/orders/1003', completeBody(150)));
    expect(own.status).toBe(200);
  });

  it('stops reading a body stream that never ends at the limit, and cancels it', async () => {
    const max = 64 * 1024;
    const chunk = 1024;
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    const res = await createFetchHandler(fixtureApi(), { maxBodyBytes: max })(put('/wc-api/v1/orders/1003', endless));
    expect(await json(res)).toEqual(tooLarge(max));
    expect(cancelled).toBe(true);
    // Read up to the chunk that crossed the limit, plus at most the one chunk the stream queues ahead.
    expect(pulled).toBeLessThanOrEqual(max + 2 * chunk);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16));
      },
      cancel() {
        cancelled = true;
      },
    });
    const res = await createFetchHandler(fixtureApi(), { maxBodyBytes: MAX })(put('/wc-api/v1/orders/1003', stream, { 'content-length': String(MAX + 1) }));
    expect(await json(res)).toEqual(tooLarge(MAX));
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(1); // at most what the stream queued on its own when it was made
  });

  describe('over real HTTP, served by Hono', () => {
    let target: ConformanceTarget;
    let port: number;
    let server: http.Server;
    beforeAll(async () => {
      target = await honoTarget(fixtureApi(), '', { maxBodyBytes: MAX });
      server = http.createServer(getRequestListener(honoApp(fixtureApi(), '', { maxBodyBytes: MAX }).fetch));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await target.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('with Content-Length: exactly the limit accepted, one byte more 413', async () => {
      const ok = await target.send({ method: 'PUT', path: '/wc-api/v1/orders/1003', headers: manager, body: completeBody(MAX) });
      expect(ok.status).toBe(200);
      const over = await target.send({ method: 'PUT', path: '/wc-api/v1/orders/1004', headers: manager, body: completeBody(MAX + 1) });
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body)).toEqual(tooLarge(MAX));
    });

    it('chunked: exactly the limit accepted, one byte more 413', async () => {
      const ok = await sendChunked(port, '/wc-api/v1/orders/1003', completeBody(MAX), 7);
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body)).toMatchObject({ order: { status: 'completed' } });
      const over = await sendChunked(port, '/wc-api/v1/orders/1004', completeBody(MAX + 1), 7);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body)).toEqual(tooLarge(MAX));
    });

    it('answers a body the API does not need as if it were absent, within the same limit', async () => {
      // A GET's body never reaches the handler: a Request for GET or HEAD has none (Hono's Node server leaves it).
      const count = await target.send({ method: 'GET', path: '/wc-api/v1/orders/count', headers: manager });
      for (const body of ['{"ignored":true}', 'x'.repeat(MAX + 1)]) {
        const withBody = await target.send({ method: 'GET', path: '/wc-api/v1/orders/count', headers: manager, body });
        expect(withBody.status).toBe(200);
        expect(withBody.body).toBe(count.body);
      }
      // Any other method's body is read, within the limit, even where the route takes none.
      const noRoute = await target.send({ method: 'DELETE', path: '/wc-api/v1/orders/1001', headers: manager });
      expect(noRoute.status).toBe(404);
      const withBody = await target.send({ method: 'DELETE', path: '/wc-api/v1/orders/1001', headers: manager, body: '{"force":true}' });
      expect({ status: withBody.status, body: withBody.body }).toEqual({ status: 404, body: noRoute.body });
      const tooBig = await target.send({ method: 'DELETE', path: '/wc-api/v1/orders/1001', headers: manager, body: 'x'.repeat(MAX + 1) });
      expect(JSON.parse(tooBig.body)).toEqual(tooLarge(MAX));
    });
  });
});

describe('fetch adapter: headers, HEAD and mounting, served by Hono', () => {
  let target: ConformanceTarget;
  const api = fixtureApi();
  beforeAll(async () => {
    target = await honoTarget(api, '/shop');
  });
  afterAll(() => target.close());

  it('writes every header of the core answer (X-WC-Total, X-WC-TotalPages, Link once) and its body', async () => {
    const path = '/wc-api/v1/orders?fields=id&filter[limit]=5&page=2';
    const core = await api.handle({ method: 'GET', url: `/shop${path}`, headers: manager });
    const res = await target.send({ method: 'GET', path, headers: manager });
    expect(res.status).toBe(core.status);
    expect(res.body).toBe(core.body);
    for (const [name, value] of Object.entries(core.headers)) expect({ name, value: res.headers[name.toLowerCase()] }).toEqual({ name, value });
    expect(res.headers['x-wc-total']).toBe('12');
    expect(res.headers['x-wc-totalpages']).toBe('3');
    expect(res.headers.link).toContain('<https://shop.example.com:8443/shop/wc-api/v1/orders?fields=id&filter[limit]=5&page=3>; rel="next"');
    expect(res.headerNames.filter((n) => n === 'link')).toHaveLength(1);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await target.send({ method: 'GET', path: '/wc-api/v1/orders', headers: manager });
    const head = await target.send({ method: 'HEAD', path: '/wc-api/v1/orders', headers: manager });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'x-wc-total', 'x-wc-totalpages', 'link']) expect(head.headers[name]).toBe(get.headers[name]);
  });

  it('passes the raw path and query: percent-encoding and brackets reach the core as sent', async () => {
    const res = await target.send({ method: 'GET', path: '/wc-api/v1/orders?filter%5Blimit%5D=1&fields=id', headers: manager });
    expect(JSON.parse(res.body)).toEqual({ orders: [{ id: 1012 }] });
    expect(res.headers.link).toContain('?filter%5Blimit%5D=1&fields=id&page=2>; rel="next"');
  });
});

describe('fetch adapter: secure', () => {
  // An authenticator that admits only requests counted as HTTPS: the adapter's `secure` is all it looks at.
  const onlySecure: Authenticate = async (_request, context) =>
    context.secure ? { ok: true, caller: CALLERS.manager! } : { ok: false, message: 'not over HTTPS' };
  const api = createShopApi({ repository: createMemoryRepository(fixtureSnapshot()), authenticate: onlySecure });
  const statusOf = async (trustProxy: boolean, url: string, headers: Record<string, string> = {}) =>
    (await createFetchHandler(api, { trustProxy })(new Request(url, { headers }))).status;

  it('comes from the URL scheme', async () => {
    expect(await statusOf(false, 'https://shop.test/wc-api/v1/orders/count')).toBe(200);
    expect(await statusOf(false, 'http://shop.test/wc-api/v1/orders/count')).toBe(401);
  });

  it('honours X-Forwarded-Proto only with trustProxy, and only its first value', async () => {
    const http = 'http://shop.test/wc-api/v1/orders/count';
    expect(await statusOf(false, http, { 'x-forwarded-proto': 'https' })).toBe(401);
    expect(await statusOf(true, http, { 'x-forwarded-proto': 'https' })).toBe(200);
    expect(await statusOf(true, http, { 'x-forwarded-proto': ' HTTPS , http' })).toBe(200);
    expect(await statusOf(true, http, { 'x-forwarded-proto': 'http, https' })).toBe(401);
    expect(await statusOf(true, http)).toBe(401);
    // An https URL stays secure whatever a client claims.
    expect(await statusOf(true, 'https://shop.test/wc-api/v1/orders/count', { 'x-forwarded-proto': 'http' })).toBe(200);
  });
});

describe('fetch adapter: getCaller and failures', () => {
  const openApi = (): ShopApi => createShopApi({ repository: createMemoryRepository(fixtureSnapshot()) });

  it('passes the caller getCaller derives from the Request when the API has no authenticator', async () => {
    const handler = createFetchHandler(openApi(), {
      getCaller: async (request) => (request.headers.get('x-user') === '7' ? { userId: 7, capabilities: [] } : undefined),
    });
    const own = await handler(new Request(`${ORIGIN}/wc-api/v1/orders/1002?fields=id`, { headers: { 'x-user': '7' } }));
    expect(await json(own)).toEqual({ order: { id: 1002 } });
    expect((await handler(new Request(`${ORIGIN}/wc-api/v1/orders/1002`))).status).toBe(401);
  });

  it('turns a throwing or rejecting getCaller into a 500 envelope that says nothing of the cause', async () => {
    for (const getCaller of [
      () => {
        throw new Error('session store down');
      },
      () => Promise.reject(new Error('session store down')),
    ]) {
      const res = await createFetchHandler(openApi(), { getCaller })(new Request(`${ORIGIN}/wc-api/v1/orders`));
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual(envelope('shop_api_internal_error', 'Internal server error'));
      expect(text).not.toContain('session store down');
    }
  });

  it('turns a body stream that fails half-way into a 500 envelope, and changes nothing', async () => {
    const api = fixtureApi();
    let sent = false;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('connection reset'));
        else controller.enqueue(new TextEncoder().encode('{"status":"comp'));
        sent = true;
      },
    });
    const res = await createFetchHandler(api)(put('/wc-api/v1/orders/1003', failing));
    expect(await json(res)).toEqual(envelope('shop_api_internal_error', 'Internal server error'));
    const order = await api.handle({ method: 'GET', url: '/wc-api/v1/orders/1003?fields=status', headers: manager });
    expect(JSON.parse(order.body!)).toEqual({ order: { status: 'on-hold' } });
  });

  it('answers a body something already read with 400 in the envelope', async () => {
    const request = put('/wc-api/v1/orders/1003', '{"status":"completed"}');
    await request.text();
    const res = await createFetchHandler(fixtureApi())(request);
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual(envelope('shop_api_invalid_body', expect.stringContaining('was read before the shop API')));
  });

  it('refuses a maxBodyBytes that is not a non-negative integer when created', () => {
    for (const maxBodyBytes of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createFetchHandler(fixtureApi(), { maxBodyBytes })).toThrow(RangeError);
    }
    expect(() => createFetchHandler(fixtureApi(), { maxBodyBytes: 0 })).not.toThrow();
  });

  it('answers random requests without a 500 or a rejection, every non-2xx the envelope (fuzz)', async () => {
    const handler = createFetchHandler(fixtureApi(), { maxBodyBytes: 256 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.constantFrom('/wc-api/v1', '/wc-api/v1/orders', '/wc-api/v1/orders/1003', '/wc-api/v1/coupons', '/wc-api/v1/reports/sales', ''),
        fc.webPath({ size: 'small' }),
        fc.webQueryParameters({ size: 'small' }),
        fc.option(fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue().map((v) => JSON.stringify(v))), { nil: undefined }),
        async (method, base, path, query, body) => {
          const withBody = method === 'GET' || method === 'HEAD' ? undefined : body;
          const url = `${ORIGIN}${base}${path}${query === '' ? '' : `?${query}`}`;
          const res = await handler(new Request(url, { method, headers: manager, body: withBody ?? null }));
          expect(res.status).not.toBe(500);
          const text = await res.text();
          if (method === 'HEAD') {
            expect(text).toBe('');
            return;
          }
          const parsed = JSON.parse(text) as unknown;
          if (res.status >= 400) expect(parsed).toEqual({ errors: [{ code: expect.stringMatching(/^shop_api_/), message: expect.any(String) }] });
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
