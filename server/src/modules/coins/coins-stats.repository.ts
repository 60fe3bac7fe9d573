import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { counterSum } from '../../db/row-counts.ts';
import { coinAccounts, coinDailyStats } from '../../db/schema/coins.ts';
import { users } from '../../db/schema/users.ts';

export interface LedgerSummary {
  earned: number;
  spent: number;
  transactions: number;
  users: number;
  topEarners: { username: string; total_earned: number }[];
  topSpenders: { username: string; total_spent: number }[];
}

/** The biggest earners or spenders over the accounts' (total desc nulls last, user_id) indexes. */
const topAccounts = (column: 'total_earned' | 'total_spent', limit: number) =>
  sql`(select coalesce(json_agg(json_build_object('username', t.username, ${column}::text, t.amount)), '[]'::json)
     from (select u.username, a.${sql.raw(column)} as amount from ${coinAccounts} a join ${users} u on u.id = a.user_id
       where a.${sql.raw(column)} > 0 order by a.${sql.raw(column)} desc nulls last, a.user_id limit ${limit}) t)`;

/**
 * The Coin statistics' columns for one SELECT: counters for the all-time totals (kept beside the daily
 * rollup by the same trigger, migration 0019), entries and users, and the top accounts over their indexes.
 */
export const summaryColumns = (topLimit: number) => sql`
  ${counterSum('coins.earned')}::bigint as earned,
  ${counterSum('coins.spent')}::bigint as spent,
  ${counterSum('coin_transactions.total')}::bigint as transactions,
  ${counterSum('users.total')}::bigint as users,
  ${topAccounts('total_earned', topLimit)} as top_earners,
  ${topAccounts('total_spent', topLimit)} as top_spenders`;

export interface SummaryRecord {
  earned: string | number;
  spent: string | number;
  transactions: string | number;
  users: string | number;
  top_earners: LedgerSummary['topEarners'] | string;
  top_spenders: LedgerSummary['topSpenders'] | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const amounts = <T extends Record<string, unknown>>(list: T[]) =>
  list.map(
    (entry) =>
      Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, k === 'username' ? v : Number(v)])) as T,
  );

export const toSummary = (row: SummaryRecord): LedgerSummary => ({
  earned: Number(row.earned),
  spent: Number(row.spent),
  transactions: Number(row.transactions),
  users: Number(row.users),
  topEarners: amounts(json(row.top_earners)),
  topSpenders: amounts(json(row.top_spenders)),
});

/** The Coin statistics in one round trip. */
export async function ledgerSummary(db: Executor, topLimit: number): Promise<LedgerSummary> {
  const result = (await db.execute(sql`select ${summaryColumns(topLimit)}`)) as unknown as {
    rows: SummaryRecord[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('ledger summary returned no row');
  return toSummary(row);
}

/** Coins credited and debited per UTC day over the last `days` days (today included), oldest first. */
export async function dailyTotals(
  db: Executor,
  days: number,
): Promise<{ day: string; earned: number; spent: number; transactions: number }[]> {
  const rows = await db
    .select({
      day: coinDailyStats.day,
      earned: coinDailyStats.earned,
      spent: coinDailyStats.spent,
      transactions: coinDailyStats.transactionCount,
    })
    .from(coinDailyStats)
    .where(sql`${coinDailyStats.day} > (now() at time zone 'UTC')::date - ${days}::int`)
    .orderBy(asc(coinDailyStats.day));
  return rows;
}

export interface RecentGrantRecord {
  id: string | number;
  user_id: string | null;
  username: string;
  amount: number;
  created_at: string;
}

/** The latest coin grants made by admins (entries with a creator) as a JSON array, over the created_at index. */
export const recentCoinGrantsJson = (limit: number) =>
  jsonRows(sql`select id, user_id, username, amount, created_at from coin_transactions
    where created_by is not null order by created_at desc nulls last, id desc nulls last limit ${limit}`);

/** Credits and debits per UTC day from `sinceDay` on, one row per day with entries. */
export const coinDaysQuery = (sinceDay: string) =>
  sql`select day::text as day, earned, spent from coin_daily_stats where day >= ${sinceDay}::date`;
