// The conformance suite through the Koa 3 adapter on a real server (127.0.0.1, port 0), routed by @koa/router under
// /shop; then what only an adapter can get wrong: a body parser before it, stray failures.
import { createServer } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureApi } from '../../test/shop/conformance/fixture';
import { describeShopApiConformance } from '../../test/shop/conformance/suite';
import { httpTarget, type ConformanceTarget } from '../../test/shop/conformance/targets';
import { createMiddleware } from 'wc-legacy-api/koa';

describeShopApiConformance('Koa adapter routed at /shop', async (api) => {
  const router = new Router();
  router.all('/shop{/*rest}', createMiddleware(api));
  const app = new Koa();
  app.use(router.routes());
  return httpTarget(createServer(app.callback()), '/shop');
});

describe('Koa adapter', () => {
  const manager = { 'x-test-caller': 'manager', 'content-type': 'application/json' };
  const targets: ConformanceTarget[] = [];
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.close()));
  });

  it('passes a body that a body parser already put on ctx.request.body', async () => {
    const app = new Koa();
    // A minimal JSON body parser, as koa-bodyparser would do.
    app.use(async (ctx, next) => {
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
      if (chunks.length > 0) (ctx.request as { body?: unknown }).body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      await next();
    });
    app.use(createMiddleware(fixtureApi()));
    const t = await httpTarget(createServer(app.callback()), '');
    targets.push(t);
    const res = await t.send({ method: 'PUT', path: '/wc-api/v1/orders/1003', headers: manager, body: '{"order":{"status":"completed"}}' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).order.status).toBe('completed');
  });

  it('answers a body over the limit with 413 and the envelope', async () => {
    const app = new Koa();
    app.use(createMiddleware(fixtureApi(), { maxBodyBytes: 16 }));
    const t = await httpTarget(createServer(app.callback()), '');
    targets.push(t);
    const res = await t.send({ method: 'PUT', path: '/wc-api/v1/orders/1003', headers: manager, body: JSON.stringify({ status: 'completed', note: 'x'.repeat(100) }) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ code: 'shop_api_body_too_large', message: 'The request body is larger than 16 bytes' }] });
  });

  it('turns a throwing getCaller into a 500 envelope', async () => {
    const app = new Koa();
    app.use(createMiddleware(fixtureApi(), { getCaller: () => { throw new Error('boom'); } }));
    const t = await httpTarget(createServer(app.callback()), '');
    targets.push(t);
    const res = await t.send({ method: 'GET', path: '/wc-api/v1/orders', headers: manager });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ code: 'shop_api_internal_error', message: 'Internal server error' }] });
  });
});
