import type { CoinTransaction as CoinTransactionView, ListCoinsQuery } from '@switchboard/contract/coins';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { COUNT_CAP } from '../../db/row-counts.ts';
import { coinAccounts, coinDailyStats, coinTransactions } from '../../db/schema/coins.ts';
import { rowCounts } from '../../db/schema/counters.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../http/http-error.ts';

export type CoinTransaction = typeof coinTransactions.$inferSelect;
export type NewCoinTransaction = typeof coinTransactions.$inferInsert;

export interface LockedAccount {
  userId: string;
  username: string;
  balance: number;
}

/**
 * Creates the user's account if it is missing, then locks it until the transaction ends: every
 * ledger write for one user goes through this row, so their entries are appended one at a time.
 */
export async function lockAccount(tx: Executor, userId: string): Promise<LockedAccount | undefined> {
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  await tx.insert(coinAccounts).values({ userId }).onConflictDoNothing();
  const [account] = await tx
    .select({ balance: coinAccounts.balance })
    .from(coinAccounts)
    .where(eq(coinAccounts.userId, userId))
    .for('update');
  return account && { userId, username: user.username, balance: account.balance };
}

export async function findByIdempotencyKey(
  tx: Executor,
  userId: string,
  key: string,
): Promise<CoinTransaction | undefined> {
  const [row] = await tx
    .select()
    .from(coinTransactions)
    .where(and(eq(coinTransactions.userId, userId), eq(coinTransactions.idempotencyKey, key)));
  return row;
}

export async function findTransaction(tx: Executor, id: number): Promise<CoinTransaction | undefined> {
  const [row] = await tx.select().from(coinTransactions).where(eq(coinTransactions.id, id));
  return row;
}

export async function findReversalOf(tx: Executor, id: number): Promise<CoinTransaction | undefined> {
  const [row] = await tx.select().from(coinTransactions).where(eq(coinTransactions.reversesId, id));
  return row;
}

export async function insertEntry(tx: Executor, entry: NewCoinTransaction): Promise<CoinTransaction> {
  const [row] = await tx.insert(coinTransactions).values(entry).returning();
  if (!row) throw new Error('ledger insert returned no row');
  return row;
}

/** Credits count toward total_earned and debits toward total_spent, so both equal sums over the ledger. */
export async function addToAccount(tx: Executor, userId: string, amount: number): Promise<void> {
  await tx
    .update(coinAccounts)
    .set({
      balance: sql`${coinAccounts.balance} + ${amount}`,
      totalEarned: sql`${coinAccounts.totalEarned} + ${Math.max(amount, 0)}`,
      totalSpent: sql`${coinAccounts.totalSpent} + ${Math.max(-amount, 0)}`,
      updatedAt: sql`now()`,
    })
    .where(eq(coinAccounts.userId, userId));
}

/** Sets every account from the ledger in one pass (the demo seed writes the ledger in bulk first). */
export async function rebuildAccountsFromLedger(tx: Executor): Promise<void> {
  await tx.execute(sql`
    insert into ${coinAccounts} (user_id, balance, total_earned, total_spent)
    select user_id, sum(amount), sum(greatest(amount, 0)), -sum(least(amount, 0))
    from ${coinTransactions} where user_id is not null group by user_id
    on conflict (user_id) do update set
      balance = excluded.balance, total_earned = excluded.total_earned,
      total_spent = excluded.total_spent, updated_at = now()`);
}

// Written out: inside the subquery the outer table must be named in full, or "id" would bind to r.
const reversedColumn = sql<boolean>`exists (select 1 from coin_transactions r where r.reverses_id = "coin_transactions"."id")`;
const listColumns = {
  id: coinTransactions.id,
  user_id: coinTransactions.userId,
  username: coinTransactions.username,
  amount: coinTransactions.amount,
  transaction_type: coinTransactions.transactionType,
  description: coinTransactions.description,
  balance_after: coinTransactions.balanceAfter,
  created_at: coinTransactions.createdAt,
  reference_id: coinTransactions.referenceId,
  reference_type: coinTransactions.referenceType,
  reverses_id: coinTransactions.reversesId,
  reversed: reversedColumn,
  sort_key: sql<string>`${coinTransactions.createdAt}::text`,
};
type ListedRecord = Omit<CoinTransactionView, 'created_at'> & { created_at: Date; sort_key: string };
/**
 * Spelled as the indexes are declared (Drizzle's desc() indexes are NULLS LAST, while ORDER BY ... DESC
 * means NULLS FIRST): otherwise PostgreSQL sorts the whole table instead of reading the index.
 */
const NEWEST_FIRST = [
  sql`${coinTransactions.createdAt} desc nulls last`,
  sql`${coinTransactions.id} desc nulls last`,
] as const;

const toView = ({ sort_key: _, created_at, ...row }: ListedRecord): CoinTransactionView => ({
  ...row,
  created_at: created_at.toISOString(),
});

/** `%term%` for ILIKE, with the user's own % and _ matched literally. */

const encodeCursor = (sortKey: string, id: number) =>
  Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');
function decodeCursor(cursor: string): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isSafeInteger(value[1]))
      return [value[0], value[1] as number];
  } catch {}
  throw new HttpError(400, 'Invalid cursor', {
    field: 'cursor',
    detail: 'Use next_cursor from the previous page',
  });
}
const afterCursor = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const [sortKey, id] = decodeCursor(cursor);
  return sql`(${coinTransactions.createdAt}, ${coinTransactions.id}) < (${sortKey}::timestamptz, ${id})`;
};

function listFilter({
  search,
  type,
  user,
}: Pick<ListCoinsQuery, 'search' | 'type' | 'user'>): SQL | undefined {
  const pattern = containsPattern(search);
  // Both columns live on the ledger row (username is a snapshot), so the OR is two trigram index scans, no join.
  const matchesSearch = search
    ? or(ilike(coinTransactions.username, pattern), ilike(coinTransactions.description, pattern))
    : undefined;
  return and(
    matchesSearch,
    type === 'all' ? undefined : eq(coinTransactions.transactionType, type),
    user ? eq(coinTransactions.userId, user) : undefined,
  );
}

/**
 * One page, newest first, as a LIMIT over the (created_at desc, id desc) index (or the type's or the
 * user's index that ends the same way): after the cursor when there is one, else at an OFFSET.
 */
export async function listTransactions(
  db: Executor,
  query: ListCoinsQuery,
): Promise<{ rows: CoinTransactionView[]; nextCursor: string | null }> {
  const page = await db
    .select(listColumns)
    .from(coinTransactions)
    .where(and(listFilter(query), afterCursor(query.cursor)))
    .orderBy(...NEWEST_FIRST)
    .limit(query.limit)
    .offset(query.cursor ? 0 : (query.page - 1) * query.limit);
  const last = page.length === query.limit ? page.at(-1) : undefined;
  return {
    rows: page.map(toView),
    nextCursor: last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

/** The counter holding the list's total when nothing but the type narrows it; else undefined (count matches). */
export function totalCounter(query: ListCoinsQuery): string | undefined {
  if (query.search || query.user) return undefined;
  return `coin_transactions.${query.type === 'all' ? 'total' : query.type}`;
}

/** A searched (or one user's) total: exact up to COUNT_CAP, then capped. */
export async function countMatches(
  db: Executor,
  query: ListCoinsQuery,
): Promise<{ total: number; totalCapped: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(coinTransactions)
    .where(listFilter(query))
    .limit(COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row?.n ?? 0;
  return { total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

/** A user's entries, newest first, keyset paged over the (user_id, created_at desc, id desc) index. */
export async function listUserTransactions(
  db: Executor,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ rows: CoinTransactionView[]; nextCursor: string | null }> {
  const page = await db
    .select(listColumns)
    .from(coinTransactions)
    .where(and(eq(coinTransactions.userId, userId), afterCursor(cursor)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  const last = page.length === limit ? page.at(-1) : undefined;
  return { rows: page.map(toView), nextCursor: last ? encodeCursor(last.sort_key, last.id) : null };
}

export async function findTransactionView(
  db: Executor,
  id: number,
): Promise<CoinTransactionView | undefined> {
  const [row] = await db.select(listColumns).from(coinTransactions).where(eq(coinTransactions.id, id));
  return row && toView(row);
}

export async function findAccount(
  db: Executor,
  userId: string,
): Promise<{ balance: number; totalEarned: number; totalSpent: number } | undefined> {
  const [row] = await db
    .select({
      balance: coinAccounts.balance,
      totalEarned: coinAccounts.totalEarned,
      totalSpent: coinAccounts.totalSpent,
    })
    .from(coinAccounts)
    .where(eq(coinAccounts.userId, userId));
  return row;
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

export interface LedgerSummary {
  earned: number;
  spent: number;
  transactions: number;
  users: number;
  topEarners: { username: string; total_earned: number }[];
  topSpenders: { username: string; total_spent: number }[];
  /** The named counter's value, when one was asked for (the list's unsearched total). */
  counted: number | null;
}

const counterSum = (name: string) =>
  sql`(select coalesce(sum(${rowCounts.n}), 0) from ${rowCounts} where ${rowCounts.counter} = ${name})`;
/** The biggest earners or spenders over the accounts' (total desc nulls last, user_id) indexes. */
const topAccounts = (column: 'total_earned' | 'total_spent', limit: number) =>
  sql`(select coalesce(json_agg(json_build_object('username', t.username, ${column}::text, t.amount)), '[]'::json)
     from (select u.username, a.${sql.raw(column)} as amount from ${coinAccounts} a join ${users} u on u.id = a.user_id
       where a.${sql.raw(column)} > 0 order by a.${sql.raw(column)} desc nulls last, a.user_id limit ${limit}) t)`;

/**
 * The Coin statistics in one round trip: all-time totals summed over the daily rollup (a row per day),
 * counters for entries and users, the top accounts over their indexes, and optionally one more counter.
 */
export async function ledgerSummary(
  db: Executor,
  topLimit: number,
  counter?: string,
): Promise<LedgerSummary> {
  const result = (await db.execute(sql`
    select
      (select coalesce(sum(${coinDailyStats.earned}), 0) from ${coinDailyStats})::bigint as earned,
      (select coalesce(sum(${coinDailyStats.spent}), 0) from ${coinDailyStats})::bigint as spent,
      ${counterSum('coin_transactions.total')}::bigint as transactions,
      ${counterSum('users.total')}::bigint as users,
      ${topAccounts('total_earned', topLimit)} as top_earners,
      ${topAccounts('total_spent', topLimit)} as top_spenders,
      ${counter ? sql`${counterSum(counter)}::bigint` : sql`null::bigint`} as counted`)) as unknown as {
    rows: {
      earned: string | number;
      spent: string | number;
      transactions: string | number;
      users: string | number;
      top_earners: LedgerSummary['topEarners'] | string;
      top_spenders: LedgerSummary['topSpenders'] | string;
      counted: string | number | null;
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('ledger summary returned no row');
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  const amounts = <T extends Record<string, unknown>>(list: T[]) =>
    list.map(
      (entry) =>
        Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, k === 'username' ? v : Number(v)])) as T,
    );
  return {
    earned: Number(row.earned),
    spent: Number(row.spent),
    transactions: Number(row.transactions),
    users: Number(row.users),
    topEarners: amounts(json(row.top_earners)),
    topSpenders: amounts(json(row.top_spenders)),
    counted: row.counted === null ? null : Number(row.counted),
  };
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
