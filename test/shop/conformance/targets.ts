// Ways to send a conformance request: straight to the core handler, or over real HTTP to a server on 127.0.0.1:0.
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShopApi } from 'wc-legacy-api/shop';

/** A request as the suite sends it; `path` starts at the API's base path (e.g. `/wc-api/v1/orders?page=2`). */
export interface ConformanceRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly body?: string | undefined;
}

/** The answer: header names lowercased, the body as text (`''` when there is none). */
export interface ConformanceResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Every header name as sent, lowercased, repeats included (to check that `Link` is sent once). */
  readonly headerNames: readonly string[];
}

/** A binding of the API under test. `prefix` is the mount path requests are sent under (links include it). */
export interface ConformanceTarget {
  readonly prefix: string;
  send(request: ConformanceRequest): Promise<ConformanceResponse>;
  close(): Promise<void>;
}

/** The core handler itself, no HTTP. */
export function coreTarget(api: ShopApi): ConformanceTarget {
  return {
    prefix: '',
    async send(req) {
      const res = await api.handle({ method: req.method, url: req.path, headers: req.headers ?? {}, body: req.body });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) headers[name.toLowerCase()] = value;
      return { status: res.status, headers, body: res.body ?? '', headerNames: Object.keys(headers) };
    },
    async close() {},
  };
}

/** Starts `server` on 127.0.0.1 port 0 and sends requests to `prefix + path` over HTTP/1.1. */
export async function httpTarget(server: Server, prefix: string): Promise<ConformanceTarget> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    prefix,
    send: (req) => sendHttp(port, { ...req, path: `${prefix}${req.path}` }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One raw HTTP request: the path goes on the wire exactly as given (no URL normalisation). */
export function sendHttp(port: number, req: ConformanceRequest): Promise<ConformanceResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const headerNames = res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('utf8'), headerNames });
      });
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}
