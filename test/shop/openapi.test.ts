// The OpenAPI 3.1 document: valid for a maintained OpenAPI validator, and true to the handler: every endpoint's live
// answers (bodies, headers, the error envelope) validate against it on the conformance fixture shop, every route and
// method it lists is one the index lists, and every query parameter it documents is one the endpoint reads.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createOpenApiDocument,
  createShopApi,
  shopErrorResponse,
  type OpenApiDocument,
  type ShopRepository,
  type ShopResponse,
} from 'wc-legacy-api/shop';
import { FIXTURE_NOW, fixtureApi, fixtureSnapshot, testAuthenticate } from './conformance/fixture';

type Json = Record<string, unknown>;
type AddFormats = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS; depending on the loader its default export arrives wrapped once more.
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const BASE = '/wc-api/v1';
const doc = await createOpenApiDocument();
const DOC_ID = 'https://wc-legacy-api.test/openapi.json';

// Strict ajv: an unknown keyword or a misspelt one in the document's schemas fails the compile. The component schemas
// become $defs of one schema, and every $ref into components points there.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
// A `fields` projection answers any part of the full shape: the "partial" copy has no `required` anywhere.
const PARTIAL_ID = 'https://wc-legacy-api.test/openapi-partial.json';
const toDefs = (value: unknown, id = DOC_ID): Json =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${id}#/$defs/`)) as Json;
ajv.addSchema({ $id: DOC_ID, $defs: toDefs((doc.components as Json).schemas) });
ajv.addSchema({ $id: PARTIAL_ID, $defs: toDefs(partial((doc.components as Json).schemas), PARTIAL_ID) });
const validators = new Map<unknown, ValidateFunction>();
const partialValidators = new Map<unknown, ValidateFunction>();
function validatorFor(schema: Json, projected = false): ValidateFunction {
  const cache = projected ? partialValidators : validators;
  let validate = cache.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(projected ? toDefs(partial(schema), PARTIAL_ID) : toDefs(schema));
    cache.set(schema, validate);
  }
  return validate;
}

/** Follows a local `$ref` of the document. */
function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) target = (target as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return resolve(target as Json);
}

/** The document's path template for a request path below the base path: literal paths before templated ones. */
function pathTemplate(path: string): string {
  const templates = Object.keys(doc.paths).sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')));
  const decoded = decodeURIComponent(path);
  const found = templates.find((t) => new RegExp(`^${t.replace(/\{[a-z]+\}/g, '[^/]+')}$`, 'i').test(decoded));
  if (found === undefined) throw new Error(`no path of the document matches ${path}`);
  return found;
}

/** Removes `required` everywhere: what a `fields` projection answers is any part of the full shape. */
function partial(schema: unknown): Json {
  if (Array.isArray(schema)) return schema.map(partial) as unknown as Json;
  if (typeof schema !== 'object' || schema === null) return schema as Json;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'required').map(([k, v]) => [k, partial(v)]));
}

/** Every problem of an answer against the document's response for that route, method and status; [] when none. */
function problems(method: string, path: string, res: ShopResponse, options: { projected?: boolean } = {}): string[] {
  const template = pathTemplate(path.split('?')[0]!);
  const operation = doc.paths[template]![method.toLowerCase()] as Json | undefined;
  if (operation === undefined) return [`${method} ${template} is not in the document`];
  const declared = (operation.responses as Json)[String(res.status)];
  if (declared === undefined) return [`${method} ${template}: status ${res.status} is not in the document`];
  const response = resolve(declared as Json);
  const out: string[] = [];
  const headers = (response.headers ?? {}) as Json;
  for (const [name, value] of Object.entries(res.headers)) {
    if (name.toLowerCase() === 'content-type') continue;
    const header = headers[name];
    if (header === undefined) {
      out.push(`header ${name} is not in the document`);
      continue;
    }
    const schema = resolve(header as Json).schema as Json;
    const parsed = schema.type === 'integer' && /^[0-9]+$/.test(value) ? Number(value) : value;
    if (!validatorFor(schema)(parsed)) out.push(`header ${name}: ${JSON.stringify(value)} does not match`);
  }
  for (const [name, header] of Object.entries(headers)) {
    if (resolve(header as Json).required === true && res.headers[name] === undefined) out.push(`header ${name} is missing`);
  }
  const content = response.content as Json | undefined;
  if (res.body === null) {
    if (content !== undefined && method !== 'HEAD') out.push('no body, but the document has one');
    return out;
  }
  if (content === undefined) return [...out, 'a body, but the document has none'];
  const full = (content['application/json'] as Json).schema as Json;
  const validate = validatorFor(full, options.projected);
  if (!validate(JSON.parse(res.body))) out.push(...validate.errors!.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`));
  return out;
}

type Who = 'manager' | 'customer' | 'reporter' | null;
async function send(method: string, path: string, who: Who = 'manager', body?: string, api = fixtureApi()): Promise<ShopResponse> {
  return api.handle({ method, url: `${BASE}${path}`, headers: who === null ? {} : { 'x-test-caller': who }, body, secure: true });
}

// Every endpoint with the answers worth checking: full bodies, several pages, the report groupings, projections.
const READS: readonly string[] = [
  '/',
  '/orders',
  '/orders?status=completed&filter[limit]=2&page=2',
  '/orders?filter[limit]=-1&filter[q]=charles',
  '/orders?filter[offset]=3',
  '/orders/count?status=completed',
  '/orders/1001',
  '/orders/1008',
  '/orders/1010',
  '/orders/1001/notes',
  '/coupons',
  '/coupons?filter[limit]=1&page=2',
  '/coupons/count',
  '/coupons/500',
  '/coupons/code/Winter%20Deal',
  '/reports',
  '/reports/sales',
  '/reports/sales?filter[period]=week',
  '/reports/sales?filter[date_min]=2023-01-01&filter[date_max]=2024-03-12',
  '/reports/sales/top_sellers?filter[period]=month',
  '/reports/sales/top_sellers?filter[period]=month&filter[limit]=1',
];

describe('createOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    for (const options of [{}, { basePath: '/api/shop/v1', serverUrl: 'https://shop.example.com/shop/', security: 'none' as const }]) {
      const result = await new Validator().validate((await createOpenApiDocument(options)) as unknown as Json);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('has every route and method the index lists, and no other', async () => {
    const index = JSON.parse((await send('GET', '/', null)).body!) as { store: { routes: Record<string, { supports: string[] }> } };
    const fromIndex = Object.entries(index.store.routes).map(([t, r]) => [t.replace(/<([a-z]+)>/g, '{$1}'), r.supports.map((m) => m.toLowerCase())]);
    const fromDoc = Object.entries(doc.paths).map(([t, item]) => [t, Object.keys(item).filter((k) => k !== 'parameters')]);
    expect(fromDoc).toEqual(fromIndex);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => (op as Json).operationId ?? []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts the base path and server URL in servers, declares security only when asked, and builds a new document per call', async () => {
    expect(doc.servers).toEqual([{ url: '/wc-api/v1' }]);
    expect((await createOpenApiDocument({ basePath: 'shop/v1/', serverUrl: 'https://shop.example.com:8443/' })).servers).toEqual([
      { url: 'https://shop.example.com:8443/shop/v1' },
    ]);
    expect((await createOpenApiDocument({ basePath: '/' })).servers).toEqual([{ url: '/' }]);
    expect(Object.keys((doc.components as Json).securitySchemes as Json)).toEqual(['basicAuth', 'consumerKey', 'consumerSecret', 'oauthConsumerKey', 'oauthSignature']);
    expect((doc.paths['/']!.get as Json).security).toEqual([]);
    const open = await createOpenApiDocument({ security: 'none' });
    expect(open.security).toBeUndefined();
    expect((open.components as Json).securitySchemes).toBeUndefined();
    expect((open.paths['/']!.get as Json).security).toBeUndefined();
    (open.paths as Record<string, Json>)['/orders'] = {};
    expect(Object.keys((await createOpenApiDocument()).paths['/orders']!)).toEqual(['head', 'get']);
  });

  it('describes money as two-decimal strings, timestamps as the API prints them, and every error code', () => {
    const schemas = (doc.components as Json).schemas as Record<string, Json>;
    const order = schemas.Order!.properties as Record<string, Json>;
    expect(order.total).toMatchObject({ type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$' });
    expect(order.created_at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schemas.Order!.additionalProperties).toBe(false);
    expect((schemas.ErrorCode!.enum as string[]).length).toBe(22);
    expect(schemas.ErrorCode!.enum).toContain('shop_api_unavailable');
    const names = (op: Json) => ((op.parameters ?? []) as Json[]).map((p) => p.name);
    expect(names(doc.paths['/orders']!.get as Json)).toEqual([
      'status', 'filter[status]', 'filter[created_at_min]', 'filter[created_at_max]', 'filter[updated_at_min]',
      'filter[updated_at_max]', 'filter[q]', 'filter[limit]', 'filter[offset]', 'page', 'fields',
    ]);
    expect(names(doc.paths['/reports/sales/top_sellers']!.get as Json)).toEqual([
      'filter[period]', 'filter[date_min]', 'filter[date_max]', 'filter[limit]', 'fields',
    ]);
  });
});

describe('live answers validate against the document', () => {
  it.each(READS)('GET and HEAD %s', async (path) => {
    const get = await send('GET', path);
    expect(get.status).toBe(200);
    expect(problems('GET', path, get)).toEqual([]);
    const head = await send('HEAD', path);
    expect(head.status).toBe(200);
    expect(problems('HEAD', path, head)).toEqual([]);
  });

  it('answers with pagination headers the document declares (Link included)', async () => {
    const res = await send('GET', '/orders?filter[limit]=2&page=2');
    expect(Object.keys(res.headers)).toEqual(expect.arrayContaining(['X-WC-Total', 'X-WC-TotalPages', 'Link']));
    expect(problems('GET', '/orders', res)).toEqual([]);
  });

  it.each(['PUT', 'POST', 'PATCH'])('%s /orders/<id> (bare and wrapped bodies)', async (method) => {
    const api = fixtureApi();
    for (const body of ['{"status":"completed","note":"Shipped."}', '{"order":{"status":"on-hold"}}', '{}']) {
      const res = await send(method, '/orders/1002', 'manager', body, api);
      expect(res.status).toBe(200);
      expect(problems(method, '/orders/1002', res)).toEqual([]);
    }
  });

  it.each([
    ['/orders?fields=id,total,line_items.quantity,billing_address.email'],
    ['/orders/1001?fields=nothing_matches'],
    ['/orders/1001/notes?fields=note'],
    ['/coupons?fields=code,amount'],
    ['/reports/sales?fields=totals,total_sales'],
    ['/reports/sales/top_sellers?fields=title'],
  ])('GET %s (a fields projection: a part of the documented shape)', async (path) => {
    const res = await send('GET', path);
    expect(res.status).toBe(200);
    expect(problems('GET', path, res, { projected: true })).toEqual([]);
  });

  it.each([
    [400, 'GET', '/orders?page=x', 'manager'],
    [400, 'GET', '/orders?status=shipped', 'manager'],
    [400, 'GET', '/reports/sales?filter[date_min]=someday', 'manager'],
    [400, 'PUT', '/orders/1002', 'manager', '{"status":"shipped"}'],
    [400, 'PUT', '/orders/1002', 'manager', 'not json'],
    [401, 'GET', '/orders', null],
    [401, 'GET', '/orders/count', 'customer'],
    [401, 'GET', '/coupons/500', 'customer'],
    [401, 'GET', '/reports/sales', 'customer'],
    [401, 'PUT', '/orders/1001', 'customer', '{"status":"completed"}'],
    [404, 'GET', '/orders/99999', 'manager'],
    [404, 'GET', '/orders/0', 'manager'],
    [404, 'GET', '/coupons/code/nope', 'manager'],
    [404, 'GET', '/orders/99999/notes', 'manager'],
  ] as const)('%i: %s %s (the error envelope)', async (status, method, path, who, body?: string) => {
    const res = await send(method, path, who, body);
    expect(res.status).toBe(status);
    expect(problems(method, path, res)).toEqual([]);
  });

  it('500 and the adapters\' 413 are the envelope too', async () => {
    const failing = new Proxy(createMemoryRepository(fixtureSnapshot()), {
      get: (target, name) => (name === 'listOrders' || name === 'orderPage' ? () => Promise.reject(new Error('down')) : Reflect.get(target, name)),
    }) as ShopRepository;
    const api = createShopApi({ repository: failing, now: () => FIXTURE_NOW, authenticate: testAuthenticate });
    const res = await send('GET', '/orders', 'manager', undefined, api);
    expect(res.status).toBe(500);
    expect(problems('GET', '/orders', res)).toEqual([]);
    expect(problems('PUT', '/orders/1', shopErrorResponse('shop_api_body_too_large'))).toEqual([]);
  });

  it('fails an answer with a field the document lacks, or without one it requires (the schemas are closed)', async () => {
    const res = await send('GET', '/orders/1001');
    const body = JSON.parse(res.body!) as { order: Json & { line_items: Json[] } };
    const changed = (edit: (order: typeof body.order) => void): ShopResponse => {
      const copy = structuredClone(body);
      edit(copy.order);
      return { ...res, body: JSON.stringify(copy) };
    };
    expect(problems('GET', '/orders/1001', changed((o) => (o.shipping_lines_total = '1.00')))).not.toEqual([]);
    expect(problems('GET', '/orders/1001', changed((o) => (o.line_items[0]!.weight = 1)))).not.toEqual([]);
    expect(problems('GET', '/orders/1001', changed((o) => delete o.note))).not.toEqual([]);
    expect(problems('GET', '/orders/1001', changed((o) => (o.total = 21.5)))).not.toEqual([]);
    expect(problems('GET', '/orders/1001', changed((o) => (o.created_at = '2024-03-01T10:00:00.000Z')))).not.toEqual([]);
    expect(problems('GET', '/orders', { ...res, headers: { ...res.headers, 'X-WC-Extra': '1' } })).not.toEqual([]);
  });
});

describe('the documented query parameters are exactly the ones each endpoint reads', () => {
  // A nested value where text belongs (`page[x]=1`) is refused by an endpoint that reads the parameter, and ignored
  // (like any unknown parameter) by one that does not: so each operation's list can be checked both ways.
  const allNames = new Set(
    Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => ((op as Json).parameters ?? []) as Json[]))
      .filter((p) => p.in === 'query')
      .map((p) => p.name as string),
  );
  const concrete = (template: string) =>
    template.replace(/^\/coupons\/\{id\}/, '/coupons/500').replace('{id}', '1001').replace('{code}', 'spring10');
  const cases = Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters' && method !== 'head')
      .map(([method, op]) => [method.toUpperCase(), template, op as Json] as const),
  );

  it.each(cases)('%s %s', async (method, template, op) => {
    const documented = new Set(((op.parameters ?? []) as Json[]).map((p) => p.name as string));
    const body = method === 'GET' ? undefined : '{}';
    for (const name of allNames) {
      const res = await send(method, `${concrete(template)}?${name}[x]=1`, 'manager', body);
      const read = res.status === 400 && res.body!.includes('shop_api_invalid_query_parameter');
      expect({ name, read }).toEqual({ name, read: documented.has(name) });
      if (!read) expect(res.status).toBe(200);
    }
  });
});

describe('wc-legacy-api openapi', () => {
  const cli = fileURLToPath(new URL('../../src/shop/cli/main.ts', import.meta.url));
  const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, 'openapi', ...args], { encoding: 'utf8', timeout: 60_000 });

  it('prints the document for the given base path and server URL', async () => {
    const r = run(['--base-path', '/api/shop/v1', '--server-url', 'https://shop.example.com']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const printed = JSON.parse(r.stdout) as OpenApiDocument;
    expect(printed).toEqual(await createOpenApiDocument({ basePath: '/api/shop/v1', serverUrl: 'https://shop.example.com' }));
    expect(printed.servers).toEqual([{ url: 'https://shop.example.com/api/shop/v1' }]);
  });

  it('refuses a server URL that is not http(s) and options of other commands (exit 2)', () => {
    const bad = run(['--server-url', 'shop.example.com']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--server-url must be an http\(s\) URL/);
    expect(bad.stdout).toBe('');
    const other = run(['--port', '8080']);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/openapi: unknown option --port \(an option of serve\)/);
  });
});
