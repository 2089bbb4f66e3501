// The conformance suite through the Express 5 adapter on a real server (127.0.0.1, port 0), mounted under /shop;
// then what only an adapter can get wrong: body parsers before it, mounting, stray failures.
import { createServer } from 'node:http';
import express from 'express';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApi, type ShopApi } from 'wc-legacy-api/shop';
import { fixtureApi } from '../../test/shop/conformance/fixture';
import { describeShopApiConformance } from '../../test/shop/conformance/suite';
import { httpTarget, type ConformanceTarget } from '../../test/shop/conformance/targets';
import { createMiddleware } from 'wc-legacy-api/express';

describeShopApiConformance('Express adapter mounted at /shop', async (api) => {
  const app = express();
  app.use('/shop', createMiddleware(api));
  return httpTarget(createServer(app), '/shop');
});

async function serve(setup: (app: express.Express) => void, prefix = ''): Promise<ConformanceTarget> {
  const app = express();
  setup(app);
  return httpTarget(createServer(app), prefix);
}

describe('Express adapter', () => {
  const manager = { 'x-test-caller': 'manager', 'content-type': 'application/json' };
  let targets: ConformanceTarget[] = [];
  beforeAll(() => {
    targets = [];
  });
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.close()));
  });
  const track = (t: ConformanceTarget) => {
    targets.push(t);
    return t;
  };

  it('passes a body that express.json() already parsed to the core', async () => {
    const t = track(await serve((app) => app.use(express.json(), createMiddleware(fixtureApi()))));
    const res = await t.send({ method: 'PUT', path: '/wc-api/v1/orders/1003', headers: manager, body: '{"status":"completed"}' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).order.status).toBe('completed');
  });

  it('passes a body that express.text() read as a string, and reports its invalid JSON as 400', async () => {
    const t = track(await serve((app) => app.use(express.text({ type: '*/*' }), createMiddleware(fixtureApi()))));
    const ok = await t.send({ method: 'PUT', path: '/wc-api/v1/orders/1004', headers: manager, body: '{"status":"failed"}' });
    expect(JSON.parse(ok.body).order.status).toBe('failed');
    const bad = await t.send({ method: 'PUT', path: '/wc-api/v1/orders/1004', headers: manager, body: '{oops' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).errors[0].code).toBe('shop_api_invalid_body');
  });

  it('works mounted at the root and under a nested router path, with links on the public URL', async () => {
    const t = track(
      await serve((app) => {
        const router = express.Router();
        router.use('/api', createMiddleware(fixtureApi()));
        app.use('/v2', router);
      }, '/v2/api'),
    );
    const res = await t.send({ method: 'GET', path: '/wc-api/v1/orders?fields=id', headers: manager });
    expect(res.status).toBe(200);
    expect(res.headers.link).toContain('<https://shop.example.com:8443/v2/api/wc-api/v1/orders?fields=id&page=2>; rel="next"');
  });

  it('answers a body over the limit with 413 and the envelope', async () => {
    const t = track(await serve((app) => app.use(createMiddleware(fixtureApi(), { maxBodyBytes: 16 }))));
    const res = await t.send({ method: 'PUT', path: '/wc-api/v1/orders/1003', headers: manager, body: JSON.stringify({ status: 'completed', note: 'x'.repeat(100) }) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ code: 'shop_api_body_too_large', message: 'The request body is larger than 16 bytes' }] });
  });

  it('turns a throwing getCaller into a 500 envelope instead of hanging or crashing', async () => {
    const api: ShopApi = fixtureApi();
    const t = track(await serve((app) => app.use(createMiddleware(api, { getCaller: () => { throw new Error('session store down'); } }))));
    const res = await t.send({ method: 'GET', path: '/wc-api/v1/orders', headers: manager });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ code: 'shop_api_internal_error', message: 'Internal server error' }] });
    expect(res.body).not.toContain('session store down');
  });

  it('passes the caller from getCaller when the API has no authenticator', async () => {
    const { fixtureSnapshot } = await import('../../test/shop/conformance/fixture');
    const { createMemoryRepository } = await import('wc-legacy-api/shop');
    const api = createShopApi({ repository: createMemoryRepository(fixtureSnapshot()) });
    const t = track(
      await serve((app) => app.use('/shop', createMiddleware(api, { getCaller: (req) => (req.get('x-user') === '7' ? { userId: 7, capabilities: [] } : undefined) })), '/shop'),
    );
    const own = await t.send({ method: 'GET', path: '/wc-api/v1/orders/1002?fields=id', headers: { 'x-user': '7' } });
    expect(JSON.parse(own.body)).toEqual({ order: { id: 1002 } });
    const anonymous = await t.send({ method: 'GET', path: '/wc-api/v1/orders/1002' });
    expect(anonymous.status).toBe(401);
  });

  it('answers random valid request targets over HTTP without a 500, non-2xx always the envelope (fuzz)', async () => {
    const t = track(await serve((app) => app.use('/shop', createMiddleware(fixtureApi())), '/shop'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.constantFrom('/wc-api/v1', '/wc-api/v1/orders', '/wc-api/v1/coupons', '/wc-api/v1/reports/sales', ''),
        fc.webPath({ size: 'small' }),
        fc.webQueryParameters({ size: 'small' }),
        fc.option(fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), { nil: undefined }),
        async (method, base, path, query, body) => {
          const res = await t.send({ method, path: `${base}${path}${query === '' ? '' : `?${query}`}`, headers: { 'x-test-caller': 'manager' }, body });
          expect(res.status).not.toBe(500);
          if (method === 'HEAD') return;
          const parsed = JSON.parse(res.body) as unknown;
          if (res.status >= 400) expect(parsed).toEqual({ errors: [{ code: expect.stringMatching(/^shop_api_/), message: expect.any(String) }] });
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
