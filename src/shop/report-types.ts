import type Decimal from 'decimal.js';

/** How a sales report groups its totals. */
export type ReportGrouping = 'day' | 'month';

/** The `filter` keys a report reads, as raw strings from the query. */
export interface ReportFilter {
  readonly period?: string;
  readonly date_min?: string;
  readonly date_max?: string;
  readonly limit?: string;
}

/**
 * A resolved report range: the instants it covers, how it groups, and every period label in order.
 */
export interface ReportRange {
  /** First instant inside the range. */
  readonly start: Date;
  /** First instant after the range (exclusive end). */
  readonly end: Date;
  readonly grouping: ReportGrouping;
  /** `YYYY-MM-DD` (day) or `YYYY-MM` (month) labels, in the store's time zone, from start through end. */
  readonly labels: readonly string[];
  /** IANA zone the labels are computed in. */
  readonly timeZone: string;
}

/** Totals of one period of a sales report, exact. */
export interface PeriodTotals {
  readonly sales: Decimal;
  readonly orders: number;
  readonly items: number;
  /** Tax plus shipping tax. */
  readonly tax: Decimal;
  readonly shipping: Decimal;
  readonly discount: Decimal;
  readonly refunds: Decimal;
  readonly customers: number;
}
