// The longest URL Node's HTTP parser accepts (its default --max-http-header-size, 16 KiB for the request line and
// headers together), full of `[]`, through real servers: the Express and Koa adapters
// (issue 24). Parsing it is linear and bounded by the parameter cap, so it is answered like any small request.
import { createServer, type Server } from 'node:http';
import express from 'express';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERY_PARAMETERS } from 'wc-legacy-api/shop';
import { createMiddleware as expressMiddleware } from 'wc-legacy-api/express';
import { createMiddleware as koaMiddleware } from 'wc-legacy-api/koa';
import { fixtureApi } from '../conformance/fixture';
import { httpTarget, type ConformanceTarget } from '../conformance/targets';

// Node counts the request line and the headers; the test sends Host, Connection and x-test-caller (under 100 bytes).
const NODE_HEADER_LIMIT = 16 * 1024;
const HEADROOM = 200;

/** A path of exactly `length` characters: `base?` then `unit` repeated, padded with `&` (empty parts). */
function pathOf(base: string, unit: string, length: number): string {
  const head = `${base}?`;
  const units = Math.floor((length - head.length) / unit.length);
  return `${head}${unit.repeat(units)}${'&'.repeat(length - head.length - units * unit.length)}`;
}

const servers: Record<string, () => Server> = {
  express: () => {
    const app = express();
    app.use(expressMiddleware(fixtureApi()));
    return createServer(app);
  },
  koa: () => {
    const app = new Koa();
    app.use(koaMiddleware(fixtureApi()));
    return createServer(app.callback());
  },
};

for (const [name, make] of Object.entries(servers)) {
  describe(`the longest URL Node accepts, through the ${name} adapter`, () => {
    let target: ConformanceTarget;
    beforeAll(async () => {
      target = await httpTarget(make(), '');
    });
    afterAll(async () => {
      await target.close();
    });
    const get = (path: string, caller?: string) => target.send({ method: 'GET', path, headers: caller === undefined ? {} : { 'x-test-caller': caller } });
    const longest = NODE_HEADER_LIMIT - HEADROOM;

    it('is the limit: a URL a few hundred bytes longer is refused by Node itself (431)', async () => {
      const res = await get(pathOf('/wc-api/v1/orders', 'a[]&', NODE_HEADER_LIMIT + 1));
      expect(res.status).toBe(431);
    });

    it('full of a[] (4,000 appends), without a key: 400 before authentication, for the index and a route', async () => {
      for (const base of ['/wc-api/v1/', '/wc-api/v1/orders', '/wc-api/v1/nowhere']) {
        const path = pathOf(base, 'a[]&', longest);
        expect(path.length).toBe(longest);
        const res = await get(path);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toEqual({
          errors: [{ code: 'shop_api_invalid_query_parameter', message: 'The query string has more than 1,000 parameters; at most 1,000 are read.' }],
        });
      }
    });

    it('with exactly 1,000 parameters, each appending 6 levels deep: parsed and served', async () => {
      const unit = `a${'[]'.repeat(6)}=1`; // 16 characters with its '&'
      const path = `/wc-api/v1/orders/count?${`${unit}&`.repeat(MAX_QUERY_PARAMETERS - 1)}status=completed`;
      expect(path.length).toBeGreaterThan(longest - 500);
      expect(path.length).toBeLessThanOrEqual(longest);
      const res = await get(path, 'manager');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ count: 4 });
      expect((await get(path)).status).toBe(401);
    });
  });
}
