// The conformance suite through the Web-standard fetch adapter (wc-legacy-api/fetch): called directly with `Request`
// objects, and served by Hono on a real Node server (@hono/node-server, 127.0.0.1 port 0) under /shop.
import { createFetchHandler } from 'wc-legacy-api/fetch';
import { describeShopApiConformance } from '../shop/conformance/suite';
import { directFetchTarget, honoTarget } from './fetch-targets';

describeShopApiConformance('fetch adapter called with Request objects', async (api) => directFetchTarget(createFetchHandler(api)));

describeShopApiConformance('fetch adapter served by Hono under /shop', async (api) => honoTarget(api, '/shop'));
