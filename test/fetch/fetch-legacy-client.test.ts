/**
 * The real `woocommerce-api` 1.5.0 client (legacy mode, version v1) against the fetch adapter served by Hono on a
 * Node server (@hono/node-server, 127.0.0.1 port 0), authenticated by createConsumerKeyAuth: signed OAuth 1.0a over
 * plain HTTP, and HTTP Basic over HTTPS where TLS ends at a proxy in front of Hono that sets `X-Forwarded-Proto:
 * https` (the adapter's `trustProxy`). Expected data comes from the same repository read through `api.handle` with a
 * trusted caller, so the only thing under test between the two is the transport and the authentication path.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import WooCommerceAPI from 'woocommerce-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConsumerKeyAuth,
  createMemoryKeyStore,
  createMemoryRepository,
  createShopApi,
  SHOP_MANAGER_CAPABILITIES,
  type ConsumerKeyPair,
  type ShopApi,
  type ShopRepository,
} from 'wc-legacy-api/shop';
import type { FetchHandlerOptions } from 'wc-legacy-api/fetch';
import { generateDemoShop } from '../../examples/demo-shop';
import { makeSelfSignedCertificate } from '../shop/auth/self-signed-cert';
import { honoApp } from './fetch-targets';

const manager = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const tls = makeSelfSignedCertificate();
const httpsAgent = new https.Agent({ ca: tls.cert });

interface Running {
  /** The URL clients use (the proxy's, when there is one). */
  readonly url: string;
  /** The server's own plain-HTTP URL. */
  readonly direct: string;
  close(): Promise<void>;
}

const listen = async (server: http.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const closing = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Hono on plain HTTP; the API is built for the URL clients use (known once the port is). */
async function startHono(makeApi: (siteUrl: string) => ShopApi, options?: FetchHandlerOptions, publicUrl?: (port: number) => Promise<string>): Promise<Running> {
  const server = http.createServer();
  const port = await listen(server);
  const direct = `http://127.0.0.1:${port}`;
  const url = publicUrl === undefined ? direct : await publicUrl(port);
  server.on('request', getRequestListener(honoApp(makeApi(url), '', options).fetch));
  return { url, direct, close: closing(server) };
}

/** A TLS-terminating proxy on 127.0.0.1 forwarding to `port` over plain HTTP, as a load balancer does. */
async function startTlsProxy(port: number): Promise<Running> {
  const proxy = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': 'https' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const proxyPort = await listen(proxy);
  return { url: `https://127.0.0.1:${proxyPort}`, direct: `http://127.0.0.1:${port}`, close: closing(proxy) };
}

async function legacyCall(promise: Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) {
  const res = await promise;
  return { status: res.statusCode, body: res.body === '' ? undefined : JSON.parse(res.body), headers: res.headers };
}

describe('the real woocommerce-api client against the fetch adapter under Hono', () => {
  let repository: ShopRepository;
  let referenceApi: ShopApi;
  let rw: ConsumerKeyPair;
  let plain: Running;
  let trusting: Running; // Hono with trustProxy: true, behind the TLS proxy
  let trustingProxy: Running;
  let distrusting: Running; // the same without trustProxy
  let distrustingProxy: Running;

  beforeAll(async () => {
    const shop = generateDemoShop({ orders: 40, seed: 3 });
    const first = shop.coupons[0]!;
    // A coupon whose code has a space: the client sends it as %20, the path is signed decoded.
    repository = createMemoryRepository({ ...shop, coupons: [...shop.coupons, { ...first, id: 520, code: 'summer sale' }] });
    referenceApi = createShopApi({ repository });
    const keys = createMemoryKeyStore();
    rw = keys.createKey({ permissions: 'read_write', caller: manager });
    const api = (siteUrl: string) => createShopApi({ repository, authenticate: createConsumerKeyAuth({ keys, siteUrl }) });
    plain = await startHono(api);
    // The API's siteUrl is the proxy's public https URL; each Hono server learns it once its proxy listens.
    const behindProxy = async (options: FetchHandlerOptions) => {
      let proxy: Running | undefined;
      const server = await startHono(api, options, async (port) => {
        proxy = await startTlsProxy(port);
        return proxy.url;
      });
      return [server, proxy!] as const;
    };
    [trusting, trustingProxy] = await behindProxy({ trustProxy: true });
    [distrusting, distrustingProxy] = await behindProxy({});
  });
  afterAll(async () => {
    await Promise.all([plain, trusting, trustingProxy, distrusting, distrustingProxy].map((r) => r?.close()));
  });

  const client = (url: string, pair: ConsumerKeyPair = rw) =>
    new WooCommerceAPI({ url, consumerKey: pair.consumerKey, consumerSecret: pair.consumerSecret, version: 'v1', ...(url.startsWith('https:') ? { agent: httpsAgent } : {}) });
  const reference = async (path: string) => {
    const res = await referenceApi.handle({ method: 'GET', url: `/wc-api/v1/${path}`, caller: manager });
    expect(res.status).toBe(200);
    return JSON.parse(res.body!) as unknown;
  };

  const READS = [
    { sent: 'orders?filter[limit]=2&page=2', reference: 'orders?filter[limit]=2&page=2' },
    { sent: 'orders?status=completed&filter[limit]=3&fields=id,status', reference: 'orders?status=completed&filter[limit]=3&fields=id,status' },
    { sent: 'orders/count', reference: 'orders/count' },
    { sent: 'orders/1004/notes', reference: 'orders/1004/notes' },
    { sent: 'coupons/code/summer sale', reference: 'coupons/code/summer%20sale' },
    { sent: 'reports/sales?filter[period]=year', reference: 'reports/sales?filter[period]=year' },
  ];

  for (const [name, target] of [
    ['signed OAuth 1.0a over plain HTTP', () => plain.url],
    ['HTTP Basic over HTTPS ended at a trusted proxy (trustProxy: true)', () => trustingProxy.url],
  ] as const) {
    it(`reads every endpoint with ${name}`, async () => {
      for (const read of READS) {
        const answer = await legacyCall(client(target()).getAsync(read.sent));
        expect({ endpoint: read.sent, status: answer.status }).toEqual({ endpoint: read.sent, status: 200 });
        expect(answer.body).toEqual(await reference(read.reference));
      }
      // Pagination headers come through, with no credential in them; links are on the store's URL, with the scheme
      // of the request (so `secure` reached the core: https only through the trusted proxy).
      const page = await legacyCall(client(target()).getAsync('orders?filter[limit]=2&page=2'));
      expect(page.headers['x-wc-total']).toBe('40');
      expect(page.headers['x-wc-totalpages']).toBe('20');
      const link = String(page.headers.link);
      expect(link).toMatch(/page=3>; rel="next"/);
      expect(link.startsWith(`<${target().split(':')[0]}://`)).toBe(true);
      for (const secret of [rw.consumerKey, rw.consumerSecret, 'oauth_']) expect(link).not.toContain(secret);
    });
  }

  it('changes an order with the PUT body the client sends, over both transports', async () => {
    for (const [id, url] of [[1001, plain.url], [1002, trustingProxy.url]] as const) {
      expect(await reference(`orders/${id}`)).not.toMatchObject({ order: { status: 'completed' } });
      const answer = await legacyCall(client(url).putAsync(`orders/${id}`, { order: { status: 'completed', note: 'Packed.' } }));
      expect({ id, status: answer.status }).toEqual({ id, status: 200 });
      expect(await reference(`orders/${id}`)).toMatchObject({ order: { id, status: 'completed' } });
    }
  });

  it('refuses Basic credentials when the adapter does not trust the proxy, echoing none of them', async () => {
    const answer = await legacyCall(client(distrustingProxy.url).getAsync('orders/count'));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errors: [{ code: 'shop_api_authentication_error', message: expect.stringMatching(/^HTTP Basic authentication is refused over plain HTTP/) }] });
    expect(JSON.stringify(answer)).not.toContain(rw.consumerSecret);
  });

  it('refuses Basic credentials sent straight to the trusting server over plain HTTP without the header', async () => {
    const basic = `Basic ${btoa(`${rw.consumerKey}:${rw.consumerSecret}`)}`;
    const res = await fetch(`${trusting.direct}/wc-api/v1/orders/count`, { headers: { authorization: basic } });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(rw.consumerSecret);
  });
});
