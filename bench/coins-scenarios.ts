import type { Scenario } from './scenarios.ts';

const TX_COLUMNS = `id, user_id, username, amount, transaction_type, description, balance_after, created_at,
  reference_id, reference_type, reverses_id,
  exists (select 1 from coin_transactions r where r.reverses_id = t.id) as reversed`;

/**
 * What GET /admin/public/coins runs, in one statement: the page over the (created_at desc, id desc)
 * index (or the type's), its total from the counter (or a capped count for a search), and the statistics
 * from coin_daily_stats, the counters and the accounts' top indexes.
 */
const coinsListSql = (where: string, offset: number, total: string) =>
  `select
     (select json_agg(p) from (select ${TX_COLUMNS} from coin_transactions t ${where}
        order by created_at desc nulls last, id desc nulls last limit 20 offset ${offset}) p) as coins,
     (${total}) as total,
     (select sum(earned) from coin_daily_stats) as earned,
     (select sum(spent) from coin_daily_stats) as spent,
     (select sum(n) from row_counts where counter = 'coin_transactions.total') as transactions,
     (select sum(n) from row_counts where counter = 'users.total') as users,
     (select json_agg(e) from (select u.username, a.total_earned from coin_accounts a join users u on u.id = a.user_id
        where a.total_earned > 0 order by a.total_earned desc nulls last, a.user_id limit 5) e) as top_earners,
     (select json_agg(s) from (select u.username, a.total_spent from coin_accounts a join users u on u.id = a.user_id
        where a.total_spent > 0 order by a.total_spent desc nulls last, a.user_id limit 5) s) as top_spenders`;
const counter = (name: string) => `select sum(n) from row_counts where counter = '${name}'`;
const cappedCount = (where: string) =>
  `select count(*) from (select 1 from coin_transactions t ${where} limit 10001) m`;
const search = `where (username ilike '%ann%' or description ilike '%ann%')`;

/** The transactions list at `--scale 1m`: first page, a type filter, a search and a deep page. */
export const coinsScenarios: Scenario[] = [
  {
    name: 'coins: first page + statistics',
    path: '/api/v1/admin/public/coins?page=1&limit=20',
    targetP99Ms: 20,
    sql: { text: coinsListSql('', 0, counter('coin_transactions.total')) },
  },
  {
    name: 'coins: penalty filter',
    path: '/api/v1/admin/public/coins?type=penalty&limit=20',
    targetP99Ms: 20,
    sql: {
      text: coinsListSql("where transaction_type = 'penalty'", 0, counter('coin_transactions.penalty')),
    },
  },
  {
    name: 'coins: search "ann"',
    path: '/api/v1/admin/public/coins?search=ann&limit=20',
    targetP99Ms: 50,
    sql: { text: coinsListSql(search, 0, cappedCount(search)) },
  },
  {
    name: 'coins: page 50',
    path: '/api/v1/admin/public/coins?page=50&limit=20',
    targetP99Ms: 20,
    sql: { text: coinsListSql('', 980, counter('coin_transactions.total')) },
  },
];
