import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../../db/client.ts';

export interface LedgerCheck {
  /** Accounts whose balance is not the sum of their entries. */
  mismatched: number;
  /** Entries with a balance_after below zero. */
  negative: number;
  /** Entries whose balance_after is not the running sum of the user's entries up to them. */
  not_running: number;
  entries: number;
  /** The coin_transactions.total counter. */
  counted: number;
  /** How far the coins.earned and coins.spent counters are from the ledger's credits and debits. */
  earned_off: number;
  spent_off: number;
}

/** What must hold for the whole ledger after any mix of writes; all zero but entries = counted. */
export async function checkLedger(db: Executor): Promise<LedgerCheck | undefined> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from coin_accounts a left join (
          select user_id, sum(amount) as balance from coin_transactions group by user_id) l on l.user_id = a.user_id
        where a.balance <> coalesce(l.balance, 0)) as mismatched,
      (select count(*)::int from coin_transactions where balance_after < 0) as negative,
      (select count(*)::int from (
          select balance_after, sum(amount) over (partition by user_id order by id) as running
          from coin_transactions) x where x.balance_after <> x.running) as not_running,
      (select count(*)::int from coin_transactions) as entries,
      (select coalesce(sum(n), 0)::int from row_counts where counter = 'coin_transactions.total') as counted,
      ((select coalesce(sum(greatest(amount, 0)), 0) from coin_transactions)
        - (select coalesce(sum(n), 0) from row_counts where counter = 'coins.earned'))::int as earned_off,
      ((select coalesce(-sum(least(amount, 0)), 0) from coin_transactions)
        - (select coalesce(sum(n), 0) from row_counts where counter = 'coins.spent'))::int as spent_off`)) as unknown as {
    rows: LedgerCheck[];
  };
  return result.rows[0];
}

/** Every account equals its entries, none below zero, running balances exact, counters equal to the ledger. */
export async function expectConsistentLedger(db: Executor): Promise<void> {
  const check = await checkLedger(db);
  expect(check).toMatchObject({ mismatched: 0, negative: 0, not_running: 0, earned_off: 0, spent_off: 0 });
  expect(check?.counted).toBe(check?.entries);
}
