// A TypeScript user's CommonJS code against the PACKED package (see esm.mts): checked under node16 and nodenext,
// where `require` resolves the `.d.cts` declarations.
import { Decimal } from 'decimal.js';
import shop = require('wc-legacy-api/shop');
import everything = require('wc-legacy-api');
import expressAdapter = require('wc-legacy-api/express');
import koaAdapter = require('wc-legacy-api/koa');
import fetchAdapter = require('wc-legacy-api/fetch');
import cloudConfig = require('wc-legacy-api/cloud-config');

type IsAny<T> = 0 extends 1 & T ? true : false;

declare const order: shop.Order;
export const total: Decimal = order.total.plus(order.shippingTax);
export const totalIsNotAny: IsAny<shop.Order['total']> = false;
// @ts-expect-error -- an order total is a Decimal, not a number
export const orderTotalAsNumber: number = order.total;

export const sameClass: typeof shop.SnapshotImportError = everything.SnapshotImportError;
export const adapters = [expressAdapter.createMiddleware, koaAdapter.createMiddleware] as const;
declare const api: shop.ShopApi;
export const fetchHandler: (request: Request) => Promise<Response> = fetchAdapter.createFetchHandler(api, { trustProxy: true });
export const valid: boolean = cloudConfig.validateCloudConfig('#cloud-config\n', { maxBytes: undefined }).valid;
export const networkValid: boolean = cloudConfig.validateNetworkConfig('version: 1\nconfig: []\n', { maxDepth: undefined }).valid;
