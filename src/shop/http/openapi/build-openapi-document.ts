// The OpenAPI document's builder, loaded by the first createOpenApiDocument call only (create-openapi-document.ts),
// so that importing the shop entry does not parse it.
import { API_ERROR_CODES, apiError, type ApiErrorCode } from '../api-error';
import { API_VERSION } from '../index-document';
import { normaliseBasePath } from '../request-target';
import { PATH_PARAMETERS, ROUTES, type KnownMethod, type RouteDefinition } from '../route';
import { pathParameter, queryParameters } from './openapi-parameters';
import type { JsonObject, OpenApiDocument, OpenApiDocumentOptions } from './openapi-types';
import { resourceSchemas, schemaRef } from './resource-schemas';

const DESCRIPTION = `A shop data API compatible with the legacy WooCommerce REST API v1, served by wc-legacy-api.

- HEAD answers like GET without a body. The effective method is the query parameter \`_method\`, else the header
  \`X-HTTP-Method-Override\`, else the request's; a method other than HEAD, GET, POST, PUT, PATCH or DELETE is 400, a
  known method a route does not take is 404 \`shop_api_no_route\`.
- Paths match case-insensitively; a trailing slash is another path (404).
- The query string is read as PHP fills \`$_GET\`: \`filter[limit]=5\` nests, the last duplicate wins, values are
  percent-decoded once and \`+\` is a space. Unknown parameters are ignored; a nested value where text belongs (or
  text where \`filter\` belongs) is 400 \`shop_api_invalid_query_parameter\`.
- Money is a decimal string with exactly two decimals (the sales report's top-level totals are JSON numbers);
  timestamps are \`YYYY-MM-DDTHH:mm:ssZ\` in UTC.
- Every failure answers the error envelope \`{"errors":[{"code","message"}]}\` with its real HTTP status.
- Every answer is \`application/json; charset=UTF-8\`.`;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated, or not allowed',
  404: 'No such record, or no such route',
  413: 'Request body too large',
  500: 'Internal error (never described)',
  503: 'The repository cannot answer now (time budget, busy pool, unreachable or read-only database); retry later',
};

/** Builds the document {@link createOpenApiDocument} answers with (loaded only when it is first asked for). */
export function buildOpenApiDocument(options: OpenApiDocumentOptions): OpenApiDocument {
  const basePath = normaliseBasePath(options.basePath ?? '/wc-api/v1');
  const serverUrl = `${(options.serverUrl ?? '').replace(/\/+$/, '')}${basePath}`;
  const secured = (options.security ?? 'consumer-key') === 'consumer-key';
  const parameters = queryParameters();
  const paths: Record<string, JsonObject> = {};
  for (const route of ROUTES) paths[openApiPath(route.template)] = pathItem(route, parameters, secured);
  const components: JsonObject = {
    schemas: { ...resourceSchemas(), ...requestSchemas(), ...errorSchemas() },
    responses: errorResponses(),
    headers: paginationHeaders(),
  };
  if (secured) components.securitySchemes = securitySchemes();
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'wc-legacy-api shop API (WooCommerce legacy REST API v1)',
      version: API_VERSION,
      description: DESCRIPTION,
    },
    servers: [{ url: serverUrl === '' ? '/' : serverUrl }],
    tags: ['index', 'orders', 'coupons', 'reports'].map((name) => ({ name })),
    paths,
    components,
  };
  return secured ? { ...document, security: securityRequirements() } : document;
}

/** `/orders/<id>` -> `/orders/{id}`. */
function openApiPath(template: string): string {
  return template.replace(/<([a-z]+)>/g, '{$1}');
}

type QueryParameters = ReturnType<typeof queryParameters>;

function pathItem(route: RouteDefinition, parameters: QueryParameters, secured: boolean): JsonObject {
  const item: JsonObject = {};
  const param = /<([a-z]+)>/.exec(route.template)?.[1] as keyof typeof PATH_PARAMETERS | undefined;
  if (param !== undefined) item.parameters = [pathParameter(param)];
  for (const method of route.methods) item[method.toLowerCase()] = operation(route, method, parameters, secured);
  return item;
}

function operation(route: RouteDefinition, method: KnownMethod, parameters: QueryParameters, secured: boolean): JsonObject {
  const reading = method === 'GET' || method === 'HEAD';
  const op: JsonObject = {
    operationId: camel(`${method.toLowerCase()}_${route.name}`),
    summary: route.summary,
    tags: [route.name === 'index' ? 'index' : route.template.split('/')[1]],
  };
  if (reading && route.query.length > 0) op.parameters = route.query.map((id) => parameters[id]);
  if (!reading) {
    op.requestBody = { required: true, content: { 'application/json': { schema: schemaRef('OrderEditRequest') } } };
  }
  const ok: JsonObject = { description: reading ? route.summary : 'The order as after the change (all fields).' };
  if (method !== 'HEAD') ok.content = { 'application/json': { schema: successSchema(route) } };
  if (reading && route.paginated) {
    ok.headers = {
      'X-WC-Total': { $ref: '#/components/headers/X-WC-Total' },
      'X-WC-TotalPages': { $ref: '#/components/headers/X-WC-TotalPages' },
      Link: { $ref: '#/components/headers/Link' },
    };
  }
  const responses: JsonObject = { '200': ok };
  // The index is answered before authentication: no key; only the parameter cap and a failure to read the store can
  // go wrong. Every other route reads the repository, which may be unavailable for a while (503).
  const statuses = route.name === 'index' ? [400, 500] : reading ? [400, 401, 404, 500, 503] : [400, 401, 404, 413, 500, 503];
  for (const status of statuses) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  op.responses = responses;
  if (route.name === 'index' && secured) op.security = [];
  return op;
}

function successSchema(route: RouteDefinition): JsonObject {
  const { member, schema, list } = route.response;
  const value = list ? { type: 'array', items: schemaRef(schema) } : schemaRef(schema);
  if (member === null) return value;
  return { type: 'object', properties: { [member]: value }, required: [member], additionalProperties: false };
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function requestSchemas(): Record<string, JsonObject> {
  const nullableText = (description: string) => ({ type: ['string', 'null'], description });
  const edit = {
    status: nullableText(
      'The new status (trimmed, case-insensitive); empty, null or absent changes nothing. An unknown one is 400 ' +
        'shop_api_invalid_order_status.',
    ),
    note: nullableText('A note recorded with the status change (default empty).'),
  };
  return {
    OrderEdit: { type: 'object', description: 'A status change.', properties: edit },
    OrderEditRequest: {
      type: 'object',
      description:
        'The bare {"status","note"} or the wrapped {"order":{"status","note"}}; when an order member is present, it ' +
        'is used. Read as JSON whatever the Content-Type. Other members are ignored.',
      properties: { ...edit, order: schemaRef('OrderEdit') },
      examples: [{ status: 'completed', note: 'Shipped.' }],
    },
  };
}

function errorSchemas(): Record<string, JsonObject> {
  return {
    ErrorCode: { type: 'string', enum: [...API_ERROR_CODES] },
    Error: {
      type: 'object',
      description: 'The error envelope every failure answers with.',
      properties: {
        errors: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { code: schemaRef('ErrorCode'), message: { type: 'string' } },
            required: ['code', 'message'],
            additionalProperties: false,
          },
        },
      },
      required: ['errors'],
      additionalProperties: false,
    },
  };
}

/** One response per error status, naming the codes answered with it (from the error table). */
function errorResponses(): JsonObject {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of API_ERROR_CODES) {
    const { status } = apiError(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: JsonObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[`Error${status}`] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}.`,
      ...(status === 503 ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } } } : {}),
      content: { 'application/json': { schema: schemaRef('Error') } },
    };
  }
  return responses;
}

function paginationHeaders(): JsonObject {
  const count = (description: string) => ({ description, required: true, schema: { type: 'integer', minimum: 0 } });
  return {
    'X-WC-Total': count('Matching records the caller may read, whatever the page.'),
    'X-WC-TotalPages': count('Pages of that many records, at the page size served (after clamping).'),
    Link: {
      description:
        'RFC 8288 links first, prev, next and last that apply, comma-joined in one header, on the store\'s public ' +
        'origin; absent when none applies or filter[offset] is given. Credentials are never copied into a link.',
      schema: { type: 'string' },
    },
  };
}

function securitySchemes(): JsonObject {
  const https = 'Over HTTPS only.';
  const oauth =
    'Over plain HTTP only: one-legged OAuth 1.0a, every parameter in the query string: oauth_consumer_key, ' +
    'oauth_timestamp (Unix seconds), oauth_nonce, oauth_signature_method (HMAC-SHA1 or HMAC-SHA256), oauth_signature ' +
    '(and optionally oauth_version); the signing rules are in docs/authentication.md.';
  const query = (name: string, description: string) => ({ type: 'apiKey', in: 'query', name, description });
  return {
    basicAuth: {
      type: 'http',
      scheme: 'basic',
      description: `${https} The consumer key as user name, the consumer secret as password.`,
    },
    consumerKey: query('consumer_key', `${https} With consumer_secret.`),
    consumerSecret: query('consumer_secret', `${https} With consumer_key.`),
    oauthConsumerKey: query('oauth_consumer_key', oauth),
    oauthSignature: query('oauth_signature', oauth),
  };
}

function securityRequirements(): JsonObject[] {
  return [{ basicAuth: [] }, { consumerKey: [], consumerSecret: [] }, { oauthConsumerKey: [], oauthSignature: [] }];
}
