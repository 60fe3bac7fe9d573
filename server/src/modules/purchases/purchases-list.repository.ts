import type { ListPurchasesQuery, Purchase } from '@switchboard/contract/purchases';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { countUpToCap } from '../../db/row-counts.ts';
import { coinPurchases } from '../../db/schema/coins.ts';
import { type PurchaseRecord, toPurchase } from './purchases.repository.ts';

export type PurchaseFilter = Pick<ListPurchasesQuery, 'search' | 'provider' | 'status' | 'start' | 'end'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Purchases view's filters: a provider, a status, a time range on created_at, and a search that
 * matches the buyer's name (trigram index), the provider's transaction id exactly, or the buyer's id.
 */
export function purchaseFilter({ search, provider, status, start, end }: PurchaseFilter): SQL | undefined {
  const term = search.trim();
  const matches = term
    ? or(
        ilike(coinPurchases.username, containsPattern(term)),
        eq(coinPurchases.providerTransactionId, term),
        UUID.test(term) ? eq(coinPurchases.userId, term.toLowerCase()) : undefined,
      )
    : undefined;
  return and(
    matches,
    provider === 'all' ? undefined : eq(coinPurchases.provider, provider),
    status === 'all' ? undefined : eq(coinPurchases.status, status),
    start ? gte(coinPurchases.createdAt, new Date(start)) : undefined,
    end ? lt(coinPurchases.createdAt, new Date(end)) : undefined,
  );
}

const afterCursor = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const [sortKey, id] = decodeCursor(cursor);
  return sql`(${coinPurchases.createdAt}, ${coinPurchases.id}) < (${sortKey}::timestamptz, ${id}::bigint)`;
};

const NEWEST_FIRST = sql.raw('created_at desc nulls last, id desc nulls last');

/** A page newest first over the (created_at desc, id desc) indexes: by cursor, or at an OFFSET for numbered pages. */
export async function listPurchases(
  db: Executor,
  query: ListPurchasesQuery,
): Promise<{ rows: Purchase[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const filter = purchaseFilter(query);
  const where = and(filter, afterCursor(query.cursor));
  const offset = query.cursor ? 0 : (query.page - 1) * query.limit;
  const [rows, count] = await Promise.all([
    db
      .select({
        purchase: coinPurchases,
        sortKey: sql<string>`${coinPurchases.createdAt}::text`.as('sort_key'),
      })
      .from(coinPurchases)
      .where(where)
      .orderBy(NEWEST_FIRST)
      .limit(query.limit)
      .offset(offset),
    countUpToCap(db, coinPurchases, filter),
  ]);
  const last = rows.length === query.limit ? rows.at(-1) : undefined;
  return {
    rows: rows.map((r) => toPurchase(r.purchase)),
    ...count,
    nextCursor: last ? encodeCursor(last.sortKey, String(last.purchase.id)) : null,
  };
}

/** The CSV export's batches: keyset, newest first, after `last`. */
export async function purchasesBatch(
  db: Executor,
  filter: PurchaseFilter,
  last: { sortKey: string; id: number } | undefined,
  size: number,
): Promise<{ rows: PurchaseRecord[]; last: { sortKey: string; id: number } | undefined }> {
  const rows = await db
    .select({
      purchase: coinPurchases,
      sortKey: sql<string>`${coinPurchases.createdAt}::text`.as('sort_key'),
    })
    .from(coinPurchases)
    .where(
      and(
        purchaseFilter(filter),
        last
          ? sql`(${coinPurchases.createdAt}, ${coinPurchases.id}) < (${last.sortKey}::timestamptz, ${last.id}::bigint)`
          : undefined,
      ),
    )
    .orderBy(NEWEST_FIRST)
    .limit(size);
  const end = rows.at(-1);
  return { rows: rows.map((r) => r.purchase), last: end && { sortKey: end.sortKey, id: end.purchase.id } };
}

/** Paid revenue per UTC day and currency over the last `days` days: purchases still credited, demo excluded. */
export async function revenueByDay(db: Executor, days: number) {
  const result = (await db.execute(sql`
    select to_char(date_trunc('day', credited_at at time zone 'UTC'), 'YYYY-MM-DD') as day, currency,
      sum(price_cents)::bigint as revenue_cents, count(*)::int as purchases, sum(coins)::bigint as coins
    from ${coinPurchases}
    where status = 'credited' and provider <> 'demo'
      and credited_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${days - 1})
    group by 1, 2 order by 1, 2`)) as unknown as {
    rows: {
      day: string;
      currency: string;
      revenue_cents: string | number;
      purchases: number;
      coins: string | number;
    }[];
  };
  return result.rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    revenue_cents: Number(r.revenue_cents),
    purchases: Number(r.purchases),
    coins: Number(r.coins),
  }));
}
