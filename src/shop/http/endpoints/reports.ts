import { apiError, isApiError } from '../api-error';
import { applyFields } from '../../resources/apply-fields';
import { can } from '../../model/caller';
import { fieldsOf, ok, type EndpointResult, type RequestContext } from '../endpoint-context';
import { queryMap, queryString } from '../parse-query';
import { resolveReportRange } from '../../reports/report-range';
import type { ReportFilter } from '../../reports/report-types';
import { salesReportFor, serializeSalesReport } from '../../reports/sales-report';
import { parseTopSellersLimit, serializeTopSellers, topSellersFor } from '../../reports/top-sellers';

/** `GET /reports`: the list of reports. */
export function listReports(): EndpointResult {
  return ok({ reports: ['sales', 'sales/top_sellers'] });
}

/** `GET /reports/sales`. */
export async function salesReport(rc: RequestContext): Promise<EndpointResult> {
  const report = await reportRequest(rc, ['period', 'date_min', 'date_max']);
  if (isApiError(report)) return report;
  const sales = await salesReportFor(rc.ctx.repository, report.range);
  return ok({ sales: applyFields(serializeSalesReport(sales), report.fields) });
}

/** `GET /reports/sales/top_sellers`. */
export async function topSellersReport(rc: RequestContext): Promise<EndpointResult> {
  const report = await reportRequest(rc, ['period', 'date_min', 'date_max', 'limit']);
  if (isApiError(report)) return report;
  const rows = await topSellersFor(rc.ctx.repository, report.range, parseTopSellersLimit(report.filter.limit));
  return ok({ top_sellers: serializeTopSellers(rows).map((row) => applyFields(row, report.fields)) });
}

/** What both reports check and read first: the permission (before any report work, as the spec says), then `fields`
 * and the range, which is refused (before any report work too) when it has more periods than `maxReportPeriods`.
 * Only the `filter` keys the report uses are read (`limit` is the top sellers' only), as the route table says. */
async function reportRequest(rc: RequestContext, keys: readonly (keyof ReportFilter)[]) {
  if (!can(rc.caller, 'view_shop_reports')) return apiError('shop_api_user_cannot_read_report');
  const fields = fieldsOf(rc.query);
  if (isApiError(fields)) return fields;
  const filterMap = queryMap(rc.query, 'filter');
  if (filterMap === null) {
    return apiError('shop_api_invalid_query_parameter', 'filter must be a map of refinements, e.g. filter[period]=week');
  }
  const filter: { -readonly [K in keyof ReportFilter]: ReportFilter[K] } = {};
  for (const key of keys) {
    const value = queryString(filterMap, key);
    if (value === null) return apiError('shop_api_invalid_query_parameter', `filter[${key}] must be text`);
    if (value !== undefined) filter[key] = value;
  }
  const store = await rc.ctx.store();
  const resolved = resolveReportRange(filter, { now: rc.ctx.now(), timeZone: store.timeZone }, { maxPeriods: rc.ctx.maxReportPeriods });
  if (!resolved.ok) {
    const code = resolved.error.code === 'report_range_too_large' ? 'shop_api_report_range_too_large' : 'shop_api_invalid_report_date';
    return apiError(code, resolved.error.message);
  }
  return { range: resolved.range, filter, fields };
}
