import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

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
