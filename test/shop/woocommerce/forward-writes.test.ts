// Opt-in writes through the store's own REST API (`forwardWritesTo`). A real HTTP peer stands in for WordPress: it
// checks the bridge's OAuth signature (plain HTTP here, allowPlainHttp) and the body, and applies the change to the
// MariaDB store the way WooCommerce writes its own database (the fixture writer rewrites the store from the peer's
// copy of the shop). The bridge itself only reads; its answer is the order read back from the database.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createShopApi,
  oauthBaseString,
  oauthPercentEncode,
  oauthSign,
  OrderChangeRefusedError,
  RepositoryUnavailableError,
  SHOP_MANAGER_CAPABILITIES,
  type Caller,
  type Order,
  type OrderStatus,
  type ShopSnapshot,
} from 'wc-legacy-api/shop';
import { createWooCommerceRepository, type WooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { generateDemoShop } from '../../../examples/demo-shop';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { withWooCommerceIds } from './woocommerce-shape';
import { makeSelfSignedCertificate } from '../auth/self-signed-cert';

const tls = makeSelfSignedCertificate();

// A fetch over node:https trusting the test's own certificate (what a user passes as forwardWritesTo.fetch for a
// store behind a private CA).
const trustingFetch: typeof fetch = (input, init) =>
  new Promise((resolve, reject) => {
    const headers = init?.headers as Record<string, string>;
    const req = https.request(String(input), { method: init?.method, headers, ca: tls.cert }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: { 'content-type': String(res.headers['content-type'] ?? '') } })));
    });
    init?.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
    req.on('error', reject);
    req.end(init?.body as string | undefined);
  });

const manager: Caller = { userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES };
const CONSUMER_KEY = 'ck_0123456789abcdef0123456789abcdef01234567';
const CONSUMER_SECRET = 'cs_fedcba9876543210fedcba9876543210fedcba98';
const LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

type Mode = 'normal' | 'not-found' | 'invalid' | 'unauthorized' | 'hang' | 'garbage' | 'huge' | 'at-limit' | 'redirect' | 'applied-garbage' | 'server-error';
const LIMIT = 4 * 1024 * 1024; // what the bridge reads of an answer at most
// An order answer of exactly `bytes` bytes.
const padded = (id: number, bytes: number) => {
  const head = `{"id":${id},"pad":"`;
  return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
};
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

describe.skipIf(MYSQL_URL === undefined).each(['posts', 'hpos'] as const)('forwardWritesTo over a %s store', (storage) => {
  let pool: mysql.Pool;
  let shop: ShopSnapshot;
  let peer: http.Server;
  let tlsPeer: https.Server;
  let tlsUrl: string;
  let restUrl: string;
  let mode: Mode = 'normal';
  const seen: Seen[] = [];
  const hanging: http.ServerResponse[] = [];
  let repository: WooCommerceRepository;
  const errors: unknown[] = [];

  // What WooCommerce does with its own database: the peer's copy of the shop changes, and the store is written anew.
  // One at a time (a request the bridge gave up on may still be writing).
  let writing: Promise<void> = Promise.resolve();
  const rewriteStore = () =>
    (writing = writing.then(async () => {
      const [tables] = await pool.query('SHOW TABLES');
      for (const row of tables as Record<string, string>[]) await pool.query(`DROP TABLE \`${Object.values(row)[0]}\``);
      await writeWooCommerceShop(pool, shop, { storage });
    }));
  const nextNoteId = () => Math.max(0, ...shop.orders.flatMap((o) => o.notes.map((n) => n.id))) + 1;
  const replaceOrder = (next: Order) => {
    shop = { ...shop, orders: shop.orders.map((o) => (o.id === next.id ? next : o)) };
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  // The WooCommerce REST API's OAuth check over plain HTTP: the URL as requested, the query's parameters, `secret&`.
  const verifies = (method: string, url: URL, authorization: string | undefined, secure: boolean) => {
    // HTTPS: HTTP Basic with the key and secret, as WooCommerce's REST API takes them there.
    if (secure) return authorization === `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}` && !url.search.includes('oauth_');
    const pairs = [...url.searchParams].map(([key, value]) => ({ key, value }));
    const given = url.searchParams.get('oauth_signature') ?? '';
    const base = oauthBaseString(method, `${url.origin}${url.pathname}`, pairs);
    return url.searchParams.get('oauth_consumer_key') === CONSUMER_KEY && given === oauthSign('HMAC-SHA256', base, `${oauthPercentEncode(CONSUMER_SECRET)}&`);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
    const url = new URL(req.url!, secure ? tlsUrl : restUrl);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
    seen.push({ method: req.method!, path: url.pathname.replace('/wp-json/wc/v3', ''), query: url.searchParams, body, authorization: req.headers.authorization });
    if (mode === 'unauthorized' || !verifies(req.method!, url, req.headers.authorization, secure)) {
      return send(res, 401, { code: 'woocommerce_rest_authentication_error', message: 'Invalid signature - provided signature does not match.', data: { status: 401 } });
    }
    if (mode === 'hang') return void hanging.push(res);
    if (mode === 'garbage') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Briefly unavailable for scheduled maintenance.</html>');
    if (mode === 'server-error') return void res.writeHead(503, { 'Retry-After': '120' }).end('{"code":"internal_server_error","message":"busy"}');
    if (mode === 'redirect') return void res.writeHead(301, { Location: 'https://elsewhere.example/wp-json/wc/v3/orders' }).end();
    const match = /^\/wp-json\/wc\/v3\/orders\/(\d+)(\/notes(?:\/(\d+))?)?$/.exec(url.pathname);
    const order = shop.orders.find((o) => o.id === Number(match?.[1]));
    if (match === null || order === undefined || mode === 'not-found') {
      return send(res, 404, { code: 'woocommerce_rest_order_invalid_id', message: 'Invalid order ID.', data: { status: 404 } });
    }
    const now = new Date(Math.max(Date.now(), order.updatedAt.getTime() + 1000));
    if (req.method === 'POST' && match[2] !== undefined) {
      expect(Object.keys(body!).sort()).toEqual(['customer_note', 'note']);
      const note = { id: nextNoteId(), createdAt: now, content: String(body!.note), customerNote: body!.customer_note === true, approved: true, type: 'order_note' };
      // As WooCommerce's add_order_note: a comment, the order itself is not saved again.
      replaceOrder({ ...order, notes: [...order.notes, note] });
      await rewriteStore();
      return send(res, 201, { id: note.id, note: note.content, customer_note: note.customerNote });
    }
    if (req.method === 'DELETE' && match[3] !== undefined) {
      expect(url.searchParams.get('force')).toBe('true');
      replaceOrder({ ...order, notes: order.notes.filter((n) => n.id !== Number(match[3])) });
      await rewriteStore();
      return send(res, 200, { id: Number(match[3]) });
    }
    if (req.method === 'PUT' && match[2] === undefined) {
      expect(Object.keys(body!)).toEqual(['status']);
      if (mode === 'huge') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(padded(order.id, LIMIT + 1));
      const status = body!.status as OrderStatus;
      if (mode === 'invalid') return send(res, 400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400 } });
      const transition = { id: nextNoteId(), createdAt: now, content: `Order status changed from ${LABELS[order.status]} to ${LABELS[status]}.`, customerNote: false, approved: true, type: 'order_note' };
      replaceOrder({ ...order, status, updatedAt: now, completedAt: status === 'completed' ? now : order.completedAt, notes: [...order.notes, transition] });
      await rewriteStore();
      if (mode === 'applied-garbage') return void res.writeHead(200).end('Notice: Undefined index in wp-content/plugins/...');
      if (mode === 'at-limit') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(padded(order.id, LIMIT));
      return send(res, 200, { id: order.id, status });
    }
    return send(res, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' });
  };

  beforeAll(async () => {
    shop = withWooCommerceIds(generateDemoShop({ orders: 12, seed: 27 }));
    pool = await emptyDatabase();
    await writeWooCommerceShop(pool, shop, { storage });
    peer = http.createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    tlsPeer = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      handle(req, res).catch(() => res.headersSent || res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => tlsPeer.listen(0, '127.0.0.1', resolve));
    tlsUrl = `https://127.0.0.1:${(tlsPeer.address() as AddressInfo).port}/wp-json/wc/v3`;
    restUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/wp-json/wc/v3`;
    repository = createWooCommerceRepository({
      pool,
      // Generous: the peer rewrites the whole store per change, which takes seconds on a loaded machine.
      forwardWritesTo: { restUrl, consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET, allowPlainHttp: true, timeoutMs: 60_000 },
    });
  }, 120_000);
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await new Promise((resolve) => peer?.close(resolve));
    await new Promise((resolve) => tlsPeer?.close(resolve));
    await repository?.close();
  });
  beforeEach(() => {
    mode = 'normal';
    seen.length = 0;
    errors.length = 0;
  });

  const api = (over = repository) => createShopApi({ repository: over, onError: (e) => errors.push(e) });
  const put = async (id: number, order: Record<string, unknown>, over = repository) => {
    const res = await api(over).handle({ method: 'PUT', url: `/wc-api/v1/orders/${id}`, caller: manager, body: { order } });
    return { status: res.status, headers: res.headers, body: JSON.parse(String(res.body)) as Record<string, any> };
  };
  // Each test takes an order no other test changed, whose status is not `target`.
  const used = new Set<number>();
  const orderWith = (target: OrderStatus) => {
    const found = shop.orders.find((o) => !used.has(o.id) && o.status !== target);
    if (found === undefined) throw new Error(`the demo shop has no more orders to change to ${target}`);
    used.add(found.id);
    return found;
  };
  const stored = async (id: number) => (await repository.getOrder(id))!;
  const expectNoSecrets = (text: string) => {
    expect(text).not.toContain(CONSUMER_SECRET);
    expect(text).not.toContain(CONSUMER_KEY);
  };

  it('forwards a status change as PUT {status} and answers with the order read back from the database', async () => {
    const order = orderWith('completed');
    const res = await put(order.id, { status: 'completed' });
    expect(res.status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`PUT /orders/${order.id}`]);
    expect(seen[0]!.body).toEqual({ status: 'completed' });
    // Plain HTTP: OAuth in the query, never the key and secret themselves.
    expect(seen[0]!.authorization).toBeUndefined();
    expect([...seen[0]!.query.keys()].sort()).toEqual(['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version']);
    expect(res.body.order.status).toBe('completed');
    expect(res.body.order.notes ?? []).toEqual([]); // the legacy order resource has no notes; they are read below
    const after = await stored(order.id);
    expect(after.status).toBe('completed');
    expect(after.notes.at(-1)?.content).toBe(`Order status changed from ${LABELS[order.status]} to Completed.`);
    expect(res.body.order.updated_at).toBe(after.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    // The same status again: nothing is sent, nothing changes.
    seen.length = 0;
    expect((await put(order.id, { status: 'completed' })).status).toBe(200);
    expect(seen).toEqual([]);
  });

  it('over https sends the key and secret as HTTP Basic credentials, and no OAuth', async () => {
    const order = orderWith('on-hold');
    const secure = createWooCommerceRepository({ pool, forwardWritesTo: { restUrl: tlsUrl, consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET, fetch: trustingFetch } });
    const res = await put(order.id, { status: 'on-hold', note: 'Waiting for stock.' }, secure);
    expect(res.status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /orders/${order.id}/notes`, `PUT /orders/${order.id}`]);
    expect(seen.every((s) => s.authorization?.startsWith('Basic ') && [...s.query.keys()].length === 0)).toBe(true);
    expect((await stored(order.id)).status).toBe('on-hold');
  });

  it('sends the note first (POST .../notes {note, customer_note: false}), then the status', async () => {
    const order = orderWith('processing');
    const res = await put(order.id, { status: 'processing', note: '  Paid by bank transfer.  ' });
    expect(res.status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /orders/${order.id}/notes`, `PUT /orders/${order.id}`]);
    expect(seen[0]!.body).toEqual({ note: 'Paid by bank transfer.', customer_note: false });
    const notes = (await api().handle({ method: 'GET', url: `/wc-api/v1/orders/${order.id}/notes`, caller: manager })).body as string;
    const contents = (JSON.parse(notes) as { order_notes: { note: string }[] }).order_notes.map((n) => n.note);
    expect(contents).toContain('Paid by bank transfer.');
    expect(contents).toContain(`Order status changed from ${LABELS[order.status]} to Processing.`);
    expect((await stored(order.id)).status).toBe('processing');
  });

  it('answers 404 when the store does not know the order, and changes nothing', async () => {
    const order = orderWith('cancelled');
    const before = await stored(order.id);
    mode = 'not-found';
    const res = await put(order.id, { status: 'cancelled', note: 'Never paid.' });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('shop_api_invalid_order');
    expect(await stored(order.id)).toEqual(before);
  });

  it('answers 400 shop_api_invalid_order_status when the store refuses the status, and removes the note it took', async () => {
    const order = orderWith('refunded');
    const before = await stored(order.id);
    mode = 'invalid';
    const res = await put(order.id, { status: 'refunded', note: 'Refund requested.' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ code: 'shop_api_invalid_order_status', message: 'The store refused the status change (rest_invalid_param).' });
    expect(errors[0]).toBeInstanceOf(OrderChangeRefusedError);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(await stored(order.id)).toEqual(before);
  });

  it("answers 503 when the store refuses the bridge's credentials, echoing none of them", async () => {
    const order = orderWith('cancelled');
    const before = await stored(order.id);
    mode = 'unauthorized';
    const res = await put(order.id, { status: 'cancelled' });
    expect(res.status).toBe(503);
    expect(res.headers['Retry-After']).toBe('300');
    expect(res.body.errors[0].code).toBe('shop_api_unavailable');
    expect(res.body.errors[0].message).toMatch(/refused this server's credentials/);
    expect((errors[0] as RepositoryUnavailableError).code).toBe('store-refused');
    expectNoSecrets(JSON.stringify(res) + String((errors[0] as Error).message));
    expect(await stored(order.id)).toEqual(before);
  });

  it('answers 503 with Retry-After when the store does not answer in time, and changes nothing', { timeout: 30_000 }, async () => {
    const order = orderWith('completed');
    const before = await stored(order.id);
    mode = 'hang';
    const impatient = createWooCommerceRepository({
      pool,
      forwardWritesTo: { restUrl, consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET, allowPlainHttp: true, timeoutMs: 300 },
    });
    const res = await put(order.id, { status: 'completed' }, impatient);
    expect(res.status).toBe(503);
    expect(res.headers['Retry-After']).toBe('5');
    expect((errors[0] as RepositoryUnavailableError).code).toBe('store-unreachable');
    expect((errors[0] as Error).message).toMatch(/no answer within 300 ms/);
    expect(await stored(order.id)).toEqual(before);
    // A store that answers 503 is the same condition; its Retry-After is passed on.
    mode = 'server-error';
    const busy = await put(order.id, { status: 'completed' });
    expect(busy.status).toBe(503);
    expect(busy.headers['Retry-After']).toBe('120');
    expect(await stored(order.id)).toEqual(before);
  });

  it('answers 503 when the store answers with something that is not its REST API', async () => {
    const order = orderWith('processing');
    const before = await stored(order.id);
    mode = 'garbage';
    const res = await put(order.id, { status: 'processing', note: 'Checked.' });
    expect(res.status).toBe(503);
    expect(res.headers['Retry-After']).toBe('60');
    expect((errors[0] as RepositoryUnavailableError).code).toBe('store-invalid-answer');
    expect(await stored(order.id)).toEqual(before);
    // An answer one byte over 4 MB, and a redirect (never followed), are not the store's REST API either.
    for (const next of ['huge', 'redirect'] as const) {
      mode = next;
      errors.length = 0;
      seen.length = 0;
      expect((await put(order.id, { status: 'processing' })).status, next).toBe(503);
      expect((errors[0] as RepositoryUnavailableError).code, next).toBe('store-invalid-answer');
      expect(seen.map((s) => s.method)).toEqual(['PUT']);
    }
    expect(String((errors[0] as Error).message)).toMatch(/redirected/);
    expect(await stored(order.id)).toEqual(before);
    // Exactly 4 MB is still read.
    mode = 'at-limit';
    expect((await put(order.id, { status: 'processing' })).status).toBe(200);
    expect((await stored(order.id)).status).toBe('processing');
  });

  it('lets the database decide when the answer is unreadable but the store applied the change', async () => {
    const order = orderWith('cancelled');
    mode = 'applied-garbage';
    const res = await put(order.id, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
    expect((await stored(order.id)).status).toBe('cancelled');
  });

  it('is read-only without forwardWritesTo, and refuses plain http unless allowed', async () => {
    const readOnly = createWooCommerceRepository({ pool });
    const order = shop.orders.find((o) => o.status !== 'completed')!;
    const res = await createShopApi({ repository: readOnly }).handle({ method: 'PUT', url: `/wc-api/v1/orders/${order.id}`, caller: manager, body: { status: 'completed' } });
    expect(res.status).toBe(503);
    expect(JSON.parse(String(res.body)).errors[0].message).toBe('This shop is served read-only here: changes are not accepted');
    const options = { restUrl, consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET };
    expect(() => createWooCommerceRepository({ pool, forwardWritesTo: options })).toThrow(/plain http: use https, or set allowPlainHttp/);
    expect(() => createWooCommerceRepository({ pool, forwardWritesTo: { ...options, restUrl: 'ftp://store.example/' } })).toThrow(TypeError);
    expect(() => createWooCommerceRepository({ pool, forwardWritesTo: { ...options, restUrl: 'https://store.example/wp-json/wc/v3', consumerSecret: '' } })).toThrow(
      /consumerSecret must be a WooCommerce consumer secret/,
    );
    try {
      createWooCommerceRepository({ pool, forwardWritesTo: { ...options, restUrl: 'https://store.example/x', timeoutMs: 0 } });
    } catch (error) {
      expectNoSecrets(String((error as Error).message));
    }
  });
});
