import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export interface CoinDay {
  day: string;
  earned: number;
  spent: number;
}

/**
 * Coins credited and debited per UTC day over the last `days` days. Reads the created_at index range
 * of the ledger (no daily rollup of the ledger exists yet).
 */
export async function coinDailyTotals(db: Executor, days: number): Promise<CoinDay[]> {
  const result = (await db.execute(sql`
    select to_char((created_at at time zone 'utc')::date, 'YYYY-MM-DD') as day,
           coalesce(sum(amount) filter (where amount > 0), 0) as earned,
           coalesce(-sum(amount) filter (where amount < 0), 0) as spent
    from coin_transactions
    where created_at >= (now() at time zone 'utc')::date - ${days - 1}::int
    group by 1 order by 1`)) as unknown as { rows: { day: string; earned: string; spent: string }[] };
  return result.rows.map((r) => ({ day: r.day, earned: Number(r.earned), spent: Number(r.spent) }));
}

/** The latest coin grants made by admins (entries with a creator), newest first. */
export async function recentCoinGrants(db: Executor, limit: number) {
  const result = (await db.execute(sql`
    select id, username, amount, created_at from coin_transactions
    where created_by is not null order by created_at desc, id desc limit ${limit}`)) as unknown as {
    rows: { id: number; username: string; amount: number; created_at: string }[];
  };
  return result.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
