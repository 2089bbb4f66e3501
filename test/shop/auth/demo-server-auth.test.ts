// `npm start` with its demo key: spawned as a user runs it, then used with what it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WooCommerceRestApi, { type WooCommerceRestApiVersion } from '@woocommerce/woocommerce-rest-api';
import WooCommerceAPI from 'woocommerce-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOAuthUrl } from 'wc-legacy-api/shop';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let child: ChildProcess;
let printed = '';

beforeAll(async () => {
  child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['examples/server.ts'], { cwd: root, env: { ...process.env, PORT: '0' } });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      printed += d.toString();
      if (/Or from Node: .*\n/.test(printed)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`demo server exited with ${code}`)));
  });
}, 60_000);

afterAll(() => {
  child.kill('SIGTERM');
});

function printedValue(pattern: RegExp): string {
  const match = pattern.exec(printed);
  if (match?.[1] === undefined) throw new Error(`not printed: ${pattern}\n${printed}`);
  return match[1];
}

describe('demo server (npm start) with its demo key', () => {
  it('prints a read/write key pair, and a signed curl line that works exactly once', async () => {
    const consumerKey = printedValue(/consumer key:\s+(ck_[0-9a-f]{40})\n/);
    const consumerSecret = printedValue(/consumer secret:\s+(cs_[0-9a-f]{40})\n/);
    expect(consumerKey).not.toBe(consumerSecret);
    const url = printedValue(/Try: curl -s -g '([^']+)'/);
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { orders: { id: number; status: string; total: string }[] };
    expect(body.orders).toHaveLength(2);
    for (const order of body.orders) expect(order).toEqual({ id: expect.any(Number), status: 'completed', total: expect.any(String) });
    const replay = await fetch(url);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ errors: [{ code: 'shop_api_authentication_error', message: 'Invalid nonce - nonce has already been used.' }] });
  });

  it('serves the printed key to the woocommerce-api client, and a PUT with it (read_write)', async () => {
    const siteUrl = printedValue(/at (http:\/\/localhost:\d+)\/wc-api\/v1\//);
    const client = new WooCommerceAPI({
      url: siteUrl,
      consumerKey: printedValue(/consumer key:\s+(ck_\w+)/),
      consumerSecret: printedValue(/consumer secret:\s+(cs_\w+)/),
      version: 'v1',
    });
    const list = await client.getAsync('orders?filter[limit]=3&status=processing');
    expect(list.statusCode).toBe(200);
    const orders = (JSON.parse(list.body) as { orders: { id: number; status: string }[] }).orders;
    expect(orders).toHaveLength(3);
    const target = orders[0]!;
    const put = await client.putAsync(`orders/${target.id}`, { status: 'on-hold' });
    expect(put.statusCode).toBe(200);
    expect(JSON.parse(put.body)).toMatchObject({ order: { id: target.id, status: 'on-hold' } });
  });

  it('serves the printed key to @woocommerce/woocommerce-rest-api over http (it signs with secret&)', async () => {
    const client = new WooCommerceRestApi({
      url: printedValue(/at (http:\/\/localhost:\d+)\/wc-api\/v1\//),
      consumerKey: printedValue(/consumer key:\s+(ck_\w+)/),
      consumerSecret: printedValue(/consumer secret:\s+(cs_\w+)/),
      wpAPIPrefix: 'wc-api',
      version: 'v1' as WooCommerceRestApiVersion,
    });
    const list = await client.get('orders', { filter: { limit: 2 }, status: 'completed', fields: 'id,status' });
    expect(list.status).toBe(200);
    expect((list.data as { orders: { status: string }[] }).orders).toEqual([
      { id: expect.any(Number), status: 'completed' },
      { id: expect.any(Number), status: 'completed' },
    ]);
    const count = await client.get('coupons/count');
    expect(count.data).toEqual({ count: expect.any(Number) });
  });

  it('refuses requests without the key, signed with another secret, and keeps the index public', async () => {
    const siteUrl = printedValue(/at (http:\/\/localhost:\d+)\/wc-api\/v1\//);
    const bare = await fetch(`${siteUrl}/wc-api/v1/orders`);
    expect(bare.status).toBe(401);
    const forged = signOAuthUrl({
      method: 'GET',
      url: `${siteUrl}/wc-api/v1/orders`,
      consumerKey: printedValue(/consumer key:\s+(ck_\w+)/),
      consumerSecret: 'cs_guessed',
    });
    const wrong = await fetch(forged);
    expect(wrong.status).toBe(401);
    // The message shows the URL the server signed (the printed site URL) and points to the troubleshooting guide.
    expect(await wrong.json()).toEqual({
      errors: [
        {
          code: 'shop_api_authentication_error',
          message: expect.stringMatching(
            new RegExp(`^Invalid signature - provided signature does not match\\. The server signed GET ${siteUrl}/wc-api/v1/orders; .*docs/troubleshooting\\.md#invalid-signature$`),
          ),
        },
      ],
    });
    expect((await fetch(`${siteUrl}/wc-api/v1/`)).status).toBe(200);
  });
});
