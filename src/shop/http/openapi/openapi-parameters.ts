/**
 * The OpenAPI Parameter Objects of the query and path parameters the route table names. Keyed by the table's ids, so
 * the compiler refuses a route parameter without a description here, or a description of a parameter no route has.
 * Built on call, never at import.
 */
import { ORDER_STATUSES } from '../../model/order';
import { PATH_PARAMETERS, type QueryParameterId } from '../route';
import type { JsonObject } from './openapi-types';

// The legacy values are MySQL/PHP integers (see list-query.ts).
const MAX_INT = 2_147_483_647;

const DATE_TEXT =
  'YYYY-MM-DD, or YYYY-MM-DDTHH:mm[:ss[.fff]] (T or a space) with an optional zone Z, ±HH:MM, ±HHMM or ±HH; ' +
  'without a zone UTC, a date alone is midnight UTC. Compared in whole seconds; a _max bound takes in its whole ' +
  'second.';

function query(name: string, description: string, schema: JsonObject): JsonObject {
  // `allowReserved`: a bracketed name and a comma list are sent as they are; the server decodes every value once.
  return { name, in: 'query', required: false, description, schema, allowReserved: true };
}

function dateFilter(name: string, what: string): JsonObject {
  const examples = ['2024-03-01', '2024-03-01T10:00:00Z'];
  return query(name, `${what}, inclusive. ${DATE_TEXT}`, { type: 'string', examples });
}

function statusList(name: string, extra: string): JsonObject {
  return query(
    name,
    `Comma-separated order statuses, matched as a set (trimmed, case-insensitive, empty entries ignored); ${extra} ` +
      `Allowed: ${ORDER_STATUSES.join(', ')}; any other is 400 shop_api_invalid_order_status.`,
    { type: 'string', examples: ['completed,on-hold'] },
  );
}

/** Every query parameter of the route table, as an OpenAPI Parameter Object. */
export function queryParameters(): Record<QueryParameterId, JsonObject> {
  return {
    status: statusList('status', 'replaces filter[status] when not empty. Absent: every status.'),
    'filter[status]': statusList('filter[status]', 'used when there is no top-level status.'),
    'filter[created_at_min]': dateFilter('filter[created_at_min]', 'Created at or after'),
    'filter[created_at_max]': dateFilter('filter[created_at_max]', 'Created at or before'),
    'filter[updated_at_min]': dateFilter('filter[updated_at_min]', 'Last modified at or after'),
    'filter[updated_at_max]': dateFilter('filter[updated_at_max]', 'Last modified at or before'),
    'filter[q]': query(
      'filter[q]',
      'Search: whitespace-separated terms that must all occur (ASCII case-insensitive). Orders: id, number, billing ' +
        'name, company, email, phone, customer note, item names. Coupons: code and description.',
      { type: 'string' },
    ),
    'filter[limit]': query(
      'filter[limit]',
      'Rows per page. Absent, empty or 0: the page size (default 10); -1: all, which is the maximum page size ' +
        '(default 100); below -1 its absolute value; above the maximum page size clamped to it.',
      { type: 'integer', minimum: -MAX_INT, maximum: MAX_INT },
    ),
    'filter[offset]': query('filter[offset]', 'Rows to skip; overrides page (and then no Link header is sent).', {
      type: 'integer',
      minimum: 0,
      maximum: MAX_INT,
    }),
    page: query('page', '1-based page, default 1 (0 counts as 1). A count checks it but does not page.', {
      type: 'integer',
      minimum: 0,
      maximum: MAX_INT,
    }),
    fields: query(
      'fields',
      'Comma-separated field names to keep (trimmed); parent.child keeps only that sub-field of an object field, and ' +
        'of every element of a list field. The answer then holds only those fields (nothing matching gives {}).',
      { type: 'string', examples: ['id,total,line_items.quantity'] },
    ),
    'filter[period]': query(
      'filter[period]',
      'week (the last seven days including today), month, last_month or year; any other non-empty value means week. ' +
        'Without it, filter[date_min] and filter[date_max] give the range, and without those it is today, in the ' +
        "store's time zone.",
      { type: 'string', examples: ['week', 'month', 'last_month', 'year'] },
    ),
    'filter[date_min]': query('filter[date_min]', 'First day of a custom range (YYYY-MM-DD, inclusive).', {
      type: 'string',
      examples: ['2024-03-01'],
    }),
    'filter[date_max]': query('filter[date_max]', 'Last day of a custom range (YYYY-MM-DD, inclusive).', {
      type: 'string',
      examples: ['2024-03-31'],
    }),
    'filter[limit]:top_sellers': query(
      'filter[limit]',
      'How many products to rank: default 12, 0 for all; any other value than a non-negative integer means 12.',
      { type: 'integer', minimum: 0 },
    ),
  };
}

/** The Parameter Object of a path parameter of the route table (`<id>`, `<code>`). */
export function pathParameter(name: keyof typeof PATH_PARAMETERS): JsonObject {
  const schemas: Record<keyof typeof PATH_PARAMETERS, JsonObject> = {
    // Decimal digits: an id beyond any record is a 404 of the resource, never a routing failure.
    id: { type: 'integer', minimum: 0 },
    code: { type: 'string', pattern: `^${PATH_PARAMETERS.code}$` },
  };
  const descriptions: Record<keyof typeof PATH_PARAMETERS, string> = {
    id: 'The record id (decimal digits).',
    code: 'The coupon code, exactly (case-sensitive): a word character, then word characters, whitespace or hyphens.',
  };
  return { name, in: 'path', required: true, description: descriptions[name], schema: schemas[name] };
}
