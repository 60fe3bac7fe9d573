import type { CallRange } from '@switchboard/contract/calls';
import { type SQL, sql } from 'drizzle-orm';

/** The range fields of the list, CSV and statistics queries (the contract has checked them). */
export interface CallRangeQuery {
  range: CallRange;
  from?: string | undefined;
  to?: string | undefined;
}

/** Each preset as a PostgreSQL interval: fixed text, so a preset's statement is one plan whatever the hour. */
const PRESET_INTERVALS: Record<Exclude<CallRange, 'all' | 'custom'>, string> = {
  '15m': '15 minutes',
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
};

/**
 * The range as conditions on started_at: a range over whichever (…, started_at desc, id desc) index
 * serves the rest of the filter. A preset counts back from the statement's now(), so the page and its
 * total in one statement agree to the microsecond; a custom range takes its bounds ([from, to)).
 */
export function rangeConditions(query: CallRangeQuery): SQL[] {
  if (query.range === 'all') return [];
  if (query.range !== 'custom')
    return [sql`started_at >= now() - interval ${sql.raw(`'${PRESET_INTERVALS[query.range]}'`)}`];
  const parts: SQL[] = [];
  if (query.from) parts.push(sql`started_at >= ${new Date(query.from).toISOString()}::timestamptz`);
  if (query.to) parts.push(sql`started_at < ${new Date(query.to).toISOString()}::timestamptz`);
  return parts;
}
