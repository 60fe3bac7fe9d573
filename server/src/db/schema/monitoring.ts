import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, oneOf, tstz } from './columns.ts';

/** One row per running server instance; its heartbeat shows which instances still report. */
export const monitorInstances = pgTable('monitor_instances', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: tstz('started_at').notNull(),
  lastSeenAt: tstz('last_seen_at').notNull(),
  latest: jsonb('latest'),
});

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

/** A threshold alert: raised once while its condition lasts (one open row per instance and rule), cleared when it ends. */
export const monitorAlerts = pgTable(
  'monitor_alerts',
  {
    id: bigId(),
    instanceId: text('instance_id').notNull(),
    rule: text('rule').notNull(),
    severity: text('severity', { enum: ALERT_SEVERITIES }).notNull(),
    message: text('message').notNull(),
    raisedAt: tstz('raised_at').notNull().defaultNow(),
    clearedAt: tstz('cleared_at'),
  },
  (t) => [
    index('monitor_alerts_raised_at_idx').on(t.raisedAt.desc(), t.id.desc()),
    uniqueIndex('monitor_alerts_open_key').on(t.instanceId, t.rule).where(sql`${t.clearedAt} is null`),
    check('monitor_alerts_severity_check', oneOf(t.severity, ALERT_SEVERITIES)),
  ],
);

/** Each instance's measurements summarised per minute, so the last hour's chart survives a restart. */
export const metricMinutes = pgTable(
  'metric_minutes',
  {
    instanceId: text('instance_id').notNull(),
    minute: tstz('minute').notNull(),
    cpuUsage: doublePrecision('cpu_usage').notNull(),
    memoryUsage: doublePrecision('memory_usage').notNull(),
    p95: doublePrecision('p95').notNull(),
    errorRate: doublePrecision('error_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.minute] }), index('metric_minutes_minute_idx').on(t.minute)],
);
