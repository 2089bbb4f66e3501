// Body parsers mounted in front of the adapters, on real Express 5 and Koa 3 servers: express.json(),
// express.urlencoded(), express.text() (alone and together), koa-bodyparser and @koa/bodyparser, each mounted before
// the shop API and after it. Every PUT either applies the client's JSON or answers the error envelope; none answers
// 200 while changing nothing, and none gets a framework's own error page, except where docs/authentication.md says
// so (a Koa parser mounted before the API that throws on invalid JSON).
import { createServer } from 'node:http';
import { bodyParser as koaBodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import express from 'express';
import Koa from 'koa';
import legacyKoaBodyParser from 'koa-bodyparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createMiddleware as expressMiddleware } from 'wc-legacy-api/express';
import { createMiddleware as koaMiddleware } from 'wc-legacy-api/koa';
import { fixtureApi } from '../conformance/fixture';
import { httpTarget, type ConformanceResponse, type ConformanceTarget } from '../conformance/targets';

type Order = 'parser first' | 'api first';

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
const TEXT_TYPE = { 'content-type': 'text/plain' };

const targets: ConformanceTarget[] = [];
afterAll(async () => {
  await Promise.all(targets.splice(0).map((t) => t.close()));
});

async function expressServer(parsers: express.RequestHandler[], order: Order): Promise<ConformanceTarget> {
  const app = express();
  if (order === 'parser first') app.use(...parsers);
  app.use('/shop', expressMiddleware(fixtureApi()));
  if (order === 'api first') app.use(...parsers);
  const t = await httpTarget(createServer(app), '/shop');
  targets.push(t);
  return t;
}

async function koaServer(parser: Koa.Middleware, order: Order): Promise<ConformanceTarget> {
  const app = new Koa();
  const router = new Router();
  router.all('/shop{/*rest}', koaMiddleware(fixtureApi()));
  if (order === 'parser first') app.use(parser);
  app.use(router.routes());
  if (order === 'api first') app.use(parser);
  const t = await httpTarget(createServer(app.callback()), '/shop');
  targets.push(t);
  return t;
}

const put = (t: ConformanceTarget, id: number, headers: Record<string, string>, body?: string) =>
  t.send({ method: 'PUT', path: `/wc-api/v1/orders/${id}`, headers: { 'x-test-caller': 'manager', ...headers }, ...(body === undefined ? {} : { body }) });
const statusOf = async (t: ConformanceTarget, id: number) =>
  JSON.parse((await t.send({ method: 'GET', path: `/wc-api/v1/orders/${id}?fields=status`, headers: { 'x-test-caller': 'manager' } })).body).order.status;

function expectEnvelope(res: ConformanceResponse, status: number, code: string): void {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(JSON.parse(res.body)).toEqual({ errors: [{ code, message: expect.any(String) }] });
}

/** The requests every combination is put through; `formGone` marks a server whose form parser ate form bodies. */
function describeBodies(make: () => Promise<ConformanceTarget>, options: { formGone?: boolean; koaParserThrows?: boolean } = {}) {
  let t: ConformanceTarget;
  it('applies JSON sent as application/json', async () => {
    t = await make();
    const res = await put(t, 1003, JSON_TYPE, '{"status":"completed","note":"a+b"}');
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).order.status).toBe('completed');
  });

  it('applies JSON sent as text/plain', async () => {
    const res = await put(t, 1005, TEXT_TYPE, '{"status":"refunded"}');
    expect(res.status, res.body).toBe(200);
    expect(await statusOf(t, 1005)).toBe('refunded');
  });

  it(options.formGone ? 'answers JSON sent as a form with 400 (the form parser kept no text), changing nothing' : 'applies JSON sent as a form (what curl -d sends)', async () => {
    const res = await put(t, 1004, FORM_TYPE, '{"status":"processing"}');
    if (options.formGone) {
      expectEnvelope(res, 400, 'shop_api_invalid_body');
      expect(JSON.parse(res.body).errors[0].message).toMatch(/body parser .* before the shop API/);
      expect(await statusOf(t, 1004)).toBe('pending');
    } else {
      expect(res.status, res.body).toBe(200);
      expect(await statusOf(t, 1004)).toBe('processing');
    }
  });

  it('answers an empty or missing body with 400 shop_api_missing_body, changing nothing', async () => {
    expectEnvelope(await put(t, 1002, JSON_TYPE, ''), 400, 'shop_api_missing_body');
    expectEnvelope(await put(t, 1002, FORM_TYPE, ''), 400, 'shop_api_missing_body');
    expectEnvelope(await put(t, 1002, {}), 400, 'shop_api_missing_body');
    expect(await statusOf(t, 1002)).toBe('processing');
  });

  it(
    options.koaParserThrows
      ? 'leaves invalid JSON sent as application/json to the parser (its own 400: mount the API first), changing nothing'
      : 'answers invalid or non-object JSON with the 400 envelope, changing nothing',
    async () => {
      for (const [headers, body] of [
        [JSON_TYPE, '{"status":'],
        [JSON_TYPE, '"completed"'],
        [TEXT_TYPE, '{oops'],
        [FORM_TYPE, '{oops'],
      ] as const) {
        const res = await put(t, 1002, headers, body);
        if (options.koaParserThrows && headers === JSON_TYPE) {
          expect(res.status).toBe(400);
          continue;
        }
        expect([res.status, body]).toEqual([400, body]);
        expectEnvelope(res, 400, 'shop_api_invalid_body');
      }
      expect(await statusOf(t, 1002)).toBe('processing');
    },
  );
}

describe('Express 5 with body parsers', () => {
  const parsers: Record<string, () => express.RequestHandler[]> = {
    'express.json()': () => [express.json()],
    'express.urlencoded()': () => [express.urlencoded()],
    'express.text()': () => [express.text()],
    'json, urlencoded and text': () => [express.json(), express.urlencoded(), express.text()],
  };
  for (const [name, make] of Object.entries(parsers)) {
    for (const order of ['parser first', 'api first'] as const) {
      describe(`${name}, ${order}`, () => {
        describeBodies(() => expressServer(make(), order), { formGone: order === 'parser first' && name !== 'express.json()' && name !== 'express.text()' });
      });
    }
  }
});

describe('Express 5: what a parser mounted first refuses is answered in the envelope', () => {
  it('a body over the parser limit is 413, an unsupported charset 400, and other errors pass on untouched', async () => {
    const app = express();
    app.use(express.json({ limit: 10 }));
    app.get('/shop/boom', () => {
      throw new Error('not a body parser error');
    });
    app.use('/shop', expressMiddleware(fixtureApi()));
    const t = await httpTarget(createServer(app), '/shop');
    targets.push(t);
    const big = await put(t, 1002, JSON_TYPE, JSON.stringify({ status: 'completed', note: 'x'.repeat(100) }));
    expectEnvelope(big, 413, 'shop_api_body_too_large');
    expect(JSON.parse(big.body).errors[0].message).toBe('The request body is larger than 10 bytes');
    const charset = await put(t, 1002, { 'content-type': 'application/json; charset=latin1' }, '{}');
    expectEnvelope(charset, 400, 'shop_api_invalid_body');
    expect(JSON.parse(charset.body).errors[0].message).toBe('The request body could not be read: unsupported charset "LATIN1"');
    expect(await statusOf(t, 1002)).toBe('processing');
    // An error that is not a body parser's is not the adapter's to answer: Express's own handler gets it.
    const other = await t.send({ method: 'GET', path: '/boom' });
    expect(other.status).toBe(500);
    expect(other.headers['content-type']).not.toContain('application/json');
  });
});

describe('Koa 3 with body parsers', () => {
  const parsers: Record<string, () => Koa.Middleware> = {
    'koa-bodyparser': () => legacyKoaBodyParser({ enableTypes: ['json', 'form', 'text'] }) as Koa.Middleware,
    '@koa/bodyparser': () => koaBodyParser({ enableTypes: ['json', 'form', 'text'] }) as unknown as Koa.Middleware,
    'koa-bodyparser (defaults)': () => legacyKoaBodyParser() as Koa.Middleware,
    '@koa/bodyparser (defaults)': () => koaBodyParser() as unknown as Koa.Middleware,
  };
  for (const [name, make] of Object.entries(parsers)) {
    for (const order of ['parser first', 'api first'] as const) {
      describe(`${name}, ${order}`, () => {
        describeBodies(() => koaServer(make(), order), { koaParserThrows: order === 'parser first' });
      });
    }
  }
});
