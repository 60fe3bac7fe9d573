import type { CoinTransaction as CoinTransactionView, ListCoinsQuery } from '@switchboard/contract/coins';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.ts';
import { literalPageOf, queryListPage } from '../../db/named-statement.ts';
import { queryRows } from '../../db/query-rows.ts';
import { COUNT_CAP, counterSum } from '../../db/row-counts.ts';
import { coinTransactions } from '../../db/schema/coins.ts';
import {
  containsTerm,
  type KnownSearch,
  knownSearch,
  pageForCount,
  type SearchForm,
  withSearchCount,
} from '../../db/search-filter.ts';
import { searchTotal } from '../../db/search-totals.ts';
import {
  type LedgerSummary,
  type SummaryRecord,
  summaryColumns,
  toSummary,
} from './coins-stats.repository.ts';

const COLUMNS = sql.raw(`id, user_id, username, amount, transaction_type, description, balance_after,
  created_at, reference_id, reference_type, reverses_id, created_at::text as sort_key`);
/**
 * Whether a reversal of the page row p exists, looked up per row after the LIMIT: written as EXISTS,
 * PostgreSQL hashes the whole reverses_id index (every ledger entry) on each request instead.
 */
const REVERSED = sql.raw(
  'coalesce((select true from coin_transactions r where r.reverses_id = p.id limit 1), false) as reversed',
);
/**
 * Spelled as the indexes are declared (Drizzle's desc() indexes are NULLS LAST, while ORDER BY ... DESC
 * means NULLS FIRST): otherwise PostgreSQL sorts the whole table instead of reading the index.
 */
const NEWEST_FIRST = sql.raw('created_at desc nulls last, id desc nulls last');

interface RawTransaction {
  id: string | number;
  user_id: string | null;
  username: string;
  amount: number;
  transaction_type: CoinTransactionView['transaction_type'];
  description: string;
  balance_after: string | number;
  created_at: string | Date;
  reference_id: string | null;
  reference_type: string | null;
  reverses_id: string | number | null;
  reversed: boolean;
  sort_key: string;
}

const toView = ({ sort_key: _, ...row }: RawTransaction): CoinTransactionView => ({
  ...row,
  id: Number(row.id),
  balance_after: Number(row.balance_after),
  reverses_id: row.reverses_id === null ? null : Number(row.reverses_id),
  created_at: new Date(row.created_at).toISOString(),
});

const afterCursor = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const [sortKey, id] = decodeCursor(cursor);
  return sql`(${coinTransactions.createdAt}, ${coinTransactions.id}) < (${sortKey}::timestamptz, ${id}::bigint)`;
};

/** `searchForm`: how the search matches (containsTerm). */
function listFilter(
  { search, type, user }: Pick<ListCoinsQuery, 'search' | 'type' | 'user'>,
  searchForm: SearchForm = 'rare',
): SQL | undefined {
  // Both columns live on the ledger row (username is a snapshot), so the OR is two trigram index scans, no join.
  const matchesSearch = search
    ? containsTerm(
        [sql`${coinTransactions.username}`, sql`${coinTransactions.description}`],
        search,
        searchForm,
      )
    : undefined;
  return and(
    matchesSearch,
    type === 'all' ? undefined : eq(coinTransactions.transactionType, type),
    user ? eq(coinTransactions.userId, user) : undefined,
  );
}

const whereOf = (...parts: (SQL | undefined)[]) => and(...parts) ?? sql`true`;

const nextCursorOf = (rows: RawTransaction[], limit: number) => {
  const last = rows.length === limit ? rows.at(-1) : undefined;
  return last ? encodeCursor(last.sort_key, String(last.id)) : null;
};

/**
 * The list's total without counting the ledger: the type's counter when nothing else narrows it,
 * else the matches counted up to COUNT_CAP + 1.
 */
function totalOf(query: ListCoinsQuery): SQL {
  if (!query.search && !query.user)
    return counterSum(`coin_transactions.${query.type === 'all' ? 'total' : query.type}`);
  return sql`(select count(*) from (select 1 from ${coinTransactions} where ${whereOf(listFilter(query))}
    limit ${COUNT_CAP + 1}) m)`;
}

/**
 * GET /admin/public/coins in one statement: the statistics and the total in a one-row SELECT, joined
 * to the page, newest first, as a LIMIT over the (created_at desc, id desc) index (or the type's or the
 * user's index that ends the same way), after the cursor when there is one, else at an OFFSET. A
 * search's total is `known` when the same search was counted a moment ago (knownSearch);
 * else the statement counts it first and pages in the form the count calls for (pageForCount).
 * bench/coins-scenarios.ts runs this same statement on the driver.
 */
export function coinsPageQuery(query: ListCoinsQuery, topLimit: number, known?: KnownSearch): SQL {
  const offset = query.cursor ? 0 : (query.page - 1) * query.limit;
  const page = (searchForm: SearchForm) => {
    const where = whereOf(listFilter(query, searchForm), afterCursor(query.cursor));
    return offset ? pastOffset(where, query.limit, offset) : firstRows(where, query.limit);
  };
  const statement = (total: SQL, rows: SQL) => sql`select s.*, p.*, ${REVERSED}
    from (select ${total}::bigint as total, ${summaryColumns(topLimit)}) s
    left join (${rows}) p on true
    order by p.created_at desc nulls last, p.id desc nulls last`;
  if (known) return statement(known.total, page(known.form));
  if (query.search)
    return withSearchCount(totalOf(query), (counted) => statement(counted, pageForCount(page)));
  return statement(totalOf(query), page('rare'));
}

/** The first `limit` rows of `where`: the list's start, or the rows after a cursor. */
const firstRows = (where: SQL, limit: number) =>
  sql`select ${COLUMNS} from ${coinTransactions} where ${where} order by ${NEWEST_FIRST} limit ${limit}`;

/**
 * A page at an OFFSET: the ids are walked past the offset on the index alone (index-only), and only
 * the page's rows are read from the table, not every row before them.
 */
const pastOffset = (where: SQL, limit: number, offset: number) =>
  sql`select ${COLUMNS} from (select id from ${coinTransactions} where ${where}
    order by ${NEWEST_FIRST} limit ${limit} offset ${offset}) page join ${coinTransactions} using (id)`;

export interface CoinsPageResult {
  rows: CoinTransactionView[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
  summary: LedgerSummary;
}

export async function listCoinsPage(
  db: Executor,
  query: ListCoinsQuery,
  topLimit: number,
): Promise<CoinsPageResult> {
  const { search, type, user } = query;
  const remembered = searchTotal(db, 'coins', { search, type, user });
  // A user's own ledger is left out: its id would make a statement per user.
  const literal = query.user ? undefined : literalPageOf(query);
  const known = knownSearch(search, remembered.known, literal);
  const raw = await queryListPage<SummaryRecord & { total: string | number } & RawTransaction>(
    db,
    coinsPageQuery(query, topLimit, known),
    { searched: Boolean(search), literal, placeholders: known?.placeholders },
  );
  const first = raw[0];
  if (!first) throw new Error('coins page returned no row');
  // An empty page is the summary row alone, its page columns null.
  const rows = first.id === null ? [] : raw;
  const counted = Number(first.total);
  remembered.counted(counted);
  const capped = Boolean(query.search || query.user) && counted > COUNT_CAP;
  return {
    rows: rows.map(toView),
    nextCursor: nextCursorOf(rows, query.limit),
    total: capped ? COUNT_CAP : counted,
    totalCapped: capped,
    summary: toSummary(first),
  };
}

/** A user's entries, newest first, keyset paged over the (user_id, created_at desc, id desc) index. */
export async function listUserTransactions(
  db: Executor,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ rows: CoinTransactionView[]; nextCursor: string | null }> {
  const rows = await queryRows<RawTransaction>(
    db,
    sql`select p.*, ${REVERSED} from (select ${COLUMNS} from ${coinTransactions}
      where ${whereOf(eq(coinTransactions.userId, userId), afterCursor(cursor))}
      order by ${NEWEST_FIRST} limit ${limit}) p`,
  );
  return { rows: rows.map(toView), nextCursor: nextCursorOf(rows, limit) };
}

export async function findTransactionView(
  db: Executor,
  id: number,
): Promise<CoinTransactionView | undefined> {
  const [row] = await queryRows<RawTransaction>(
    db,
    sql`select p.*, ${REVERSED} from (select ${COLUMNS} from ${coinTransactions}
      where ${coinTransactions.id} = ${id}) p`,
  );
  return row && toView(row);
}
