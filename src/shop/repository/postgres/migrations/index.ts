import { initialSchema } from './0001-initial-schema';
import { customerOrdersAndApiKeys } from './0002-customer-orders-and-api-keys';
import { orderReportAggregates } from './0003-order-report-aggregates';
import { reportDayAggregates } from './0004-report-day-aggregates';
import { changeNotifications } from './0005-change-notifications';

/**
 * One versioned schema change: applied once, in version order, inside the migration transaction.
 *
 * @example
 * ```ts
 * const latest: PostgresMigration = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1]!;
 * console.log(latest.version, latest.name); // 5 'change notifications'
 * ```
 */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Every migration, in version order. SQL lives in TypeScript modules so bundlers ship it with the code.
 *
 * @example
 * ```ts
 * import { POSTGRES_MIGRATIONS } from 'wc-legacy-api/shop';
 * POSTGRES_MIGRATIONS.map((m) => m.version); // [1, 2, 3, 4, 5]
 * ```
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  initialSchema,
  customerOrdersAndApiKeys,
  orderReportAggregates,
  reportDayAggregates,
  changeNotifications,
];
