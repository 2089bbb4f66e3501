// Many parallel PUTs on one order through a real Express server lose no status change and no note.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, createShopApi, SHOP_MANAGER_CAPABILITIES, type OrderStatus } from 'wc-legacy-api/shop';
import { createMiddleware } from 'wc-legacy-api/express';
import { fixtureSnapshot } from './conformance/fixture';

const server = createServer();
let port = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 24 });

beforeAll(async () => {
  const api = createShopApi({ repository: createMemoryRepository(fixtureSnapshot()) });
  const app = express();
  app.use(createMiddleware(api, { getCaller: () => ({ userId: 1, capabilities: SHOP_MANAGER_CAPABILITIES }) }));
  server.on('request', app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function call(method: string, path: string, body?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const r = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

describe('concurrent status changes', () => {
  it('records one consistent chain of changes, one note per real change', async () => {
    const cycle: OrderStatus[] = ['processing', 'completed', 'on-hold', 'cancelled'];
    const n = 120;
    const requests = Array.from({ length: n }, (_, i) => ({ status: cycle[i % cycle.length]!, note: `change-${i}` }));
    const responses = await Promise.all(requests.map((r) => call('PUT', '/wc-api/v1/orders/1001', JSON.stringify(r))));
    responses.forEach((res, i) => {
      expect(res.status).toBe(200);
      // Each answer is the order right after its own change.
      expect(res.body.order.status).toBe(requests[i]!.status);
    });

    const notes = (await call('GET', '/wc-api/v1/orders/1001/notes')).body.order_notes as { id: number; note: string }[];
    const changes = notes
      .filter((n) => n.note.startsWith('change-'))
      .sort((a, b) => a.id - b.id)
      .map((n) => /^change-(\d+) Order status changed from (\S+) to (\S+)\.$/.exec(n.note)!);
    // The chain starts at the original status (completed), each change starts where the previous one ended, and the
    // order ends where the chain ends: no change was lost or applied to a stale status.
    let status = 'completed';
    for (const m of changes) {
      expect(m[2]).toBe(status);
      expect(m[3]).toBe(requests[Number(m[1])]!.status);
      status = m[3]!;
    }
    expect((await call('GET', '/wc-api/v1/orders/1001?fields=status')).body.order.status).toBe(status);
    // Every request either changed the status (exactly one note) or found it already set (no note).
    const noted = new Set(changes.map((m) => Number(m[1])));
    expect(noted.size).toBe(changes.length);
    expect(changes.length).toBeGreaterThan(0);
    // A request without a note found its status already set: its status must have been current at some point.
    const held = new Set(['completed', ...changes.map((m) => m[3]!)]);
    requests.forEach((r, i) => {
      if (!noted.has(i)) expect(held.has(r.status)).toBe(true);
    });
  });
});
