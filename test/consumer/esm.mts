// A TypeScript user's ESM code against the PACKED package (scripts/check-packed-package.ts installs the tarball in an
// empty project and type-checks this file with moduleResolution node16, nodenext and bundler, skipLibCheck false,
// exactOptionalPropertyTypes true). Every line must compile, and every `@ts-expect-error` must still be an error:
// if money degraded to `any`, the directive would be unused and the check would fail.
import { Decimal } from 'decimal.js';
import express from 'express';
import Koa from 'koa';
import * as everything from 'wc-legacy-api';
import { validateCloudConfig, validateNetworkConfig, type CloudConfig, type NetworkConfigResult } from 'wc-legacy-api/cloud-config';
import { createMiddleware as expressMiddleware, type MiddlewareOptions as ExpressOptions } from 'wc-legacy-api/express';
import { createMiddleware as koaMiddleware, type MiddlewareOptions as KoaOptions } from 'wc-legacy-api/koa';
import { createFetchHandler, type FetchHandlerOptions } from 'wc-legacy-api/fetch';
import {
  createConsumerKeyAuth,
  createMemoryKeyStore,
  createMemoryRepository,
  createShopApi,
  getShopSnapshotSchema,
  loadShopSnapshot,
  SnapshotImportError,
  type Coupon,
  type LineItem,
  type Order,
  type SalesReport,
  type ShopSnapshotJson,
} from 'wc-legacy-api/shop';

type IsAny<T> = 0 extends 1 & T ? true : false;

// Money is Decimal in every resolution mode, never `any`.
declare const order: Order;
declare const coupon: Coupon;
declare const line: LineItem;
declare const report: SalesReport;
const total: Decimal = order.total.plus(order.cartTax).minus(coupon.amount).plus(line.total);
export const exact: string = total.toFixed(2);
export const totalIsNotAny: IsAny<Order['total']> = false;
export const amountIsNotAny: IsAny<Coupon['amount']> = false;
// @ts-expect-error -- an order total is a Decimal, not a number
export const orderTotalAsNumber: number = order.total;
// @ts-expect-error -- a coupon amount is a Decimal, not a string
export const couponAmountAsString: string = coupon.amount;
// @ts-expect-error -- report totals are Decimals too
export const salesAsNumber: number = report.totals.sales;

// The snapshot's JSON side is typed by zod, which the package depends on.
export const json: ShopSnapshotJson['orders'][number]['total'] = '12.50';
export const parsed = getShopSnapshotSchema().safeParse({});

// One runtime copy of every module: the root and the subpath export the same class.
export const sameClass: typeof SnapshotImportError = everything.SnapshotImportError;

// exactOptionalPropertyTypes: every optional option accepts an explicit `undefined`.
declare const maybeNumber: number | undefined;
declare const maybeBoolean: boolean | undefined;
const loaded = loadShopSnapshot('{"format_version":1}');
if (!loaded.ok) throw new Error(loaded.issues.map((issue) => issue.message).join('\n'));
const keys = createMemoryKeyStore();
keys.createKey({ permissions: 'read', caller: { userId: 1, capabilities: [] }, description: undefined });
const api = createShopApi({
  repository: createMemoryRepository(loaded.snapshot),
  authenticate: createConsumerKeyAuth({
    keys,
    siteUrl: 'http://localhost:8080',
    window: maybeNumber,
    trustForwardedProto: maybeBoolean,
    acceptNewerSigningKey: maybeBoolean,
    nonces: undefined,
  }),
  basePath: undefined,
  pageSize: maybeNumber,
  onError: undefined,
});
export const answer: Promise<{ status: number }> = api.handle({ method: 'GET', url: '/wc-api/v1/', caller: undefined, secure: maybeBoolean });

// The adapters, with their options under exactOptionalPropertyTypes.
const expressOptions: ExpressOptions = { getCaller: undefined, maxBodyBytes: maybeNumber };
const koaOptions: KoaOptions = { getCaller: (ctx) => (ctx.get('x-user') === '1' ? { userId: 1, capabilities: [] } : undefined), maxBodyBytes: maybeNumber };
const app = express();
app.use('/shop', expressMiddleware(api, expressOptions));
app.use(expressMiddleware(api, { getCaller: (req) => (req.get('x-user') ? { userId: 1, capabilities: [] } : undefined) }));
new Koa().use(koaMiddleware(api, koaOptions)).use(koaMiddleware(api));

// The Web-standard adapter: Request in, Response out, the same options plus trustProxy.
const fetchOptions: FetchHandlerOptions = { getCaller: (request) => (request.headers.get('x-user') === '1' ? { userId: 1, capabilities: [] } : undefined), maxBodyBytes: maybeNumber, trustProxy: maybeBoolean };
const handler: (request: Request) => Promise<Response> = createFetchHandler(api, fetchOptions);
export const fetched: Promise<Response> = handler(new Request('http://localhost/wc-api/v1/'));
export const withoutOptions = createFetchHandler(api);

// The cloud-config half.
const result = validateCloudConfig('#cloud-config\nhostname: a\n', { maxBytes: maybeNumber, requireHeader: maybeBoolean, instanceData: undefined });
export const hostname: string | undefined = result.valid ? result.config.hostname : undefined;
export const config: CloudConfig = { hostname: undefined, packages: ['nginx'] };
const network: NetworkConfigResult = validateNetworkConfig('version: 2\n', { maxBytes: maybeNumber, maxIssues: undefined });
export const networkVersion: 1 | 2 | undefined = network.networkVersion;
