// The Database Management screen at `--scale 1m`. Keep the SQL in step with
// server/src/modules/database/database.repository.ts.
import { LIST_TARGET, type Scenario } from './scenarios.ts';

const ROWS = 10;

/** `sample()`: the Users and Calls tabs in one statement, totals from the counters. */
const sampleSql = `select
  (select coalesce(sum(n), 0) from row_counts where counter = 'users.total') as users_total,
  (select coalesce(sum(n), 0) from row_counts where counter = 'calls.total') as calls_total,
  (select coalesce(json_agg(u order by u.created_at desc, u.id desc), '[]') from (
    select u.id, u.username, u.full_name, u.email, u.is_active, u.is_admin, u.last_login, u.created_at,
      (select count(*) from calls c where c.caller_id = u.id) + (select count(*) from calls c where c.callee_id = u.id) as call_count,
      a.balance as coin_balance
    from (select * from users where deleted_at is null order by created_at desc nulls last, id desc nulls last limit $1) u
    left join coin_accounts a on a.user_id = u.id) u) as users,
  (select coalesce(json_agg(c order by c.started_at desc, c.id::bigint desc), '[]') from (
    select id::text as id, caller_username as caller, callee_username as callee, type, status, duration,
      coins_used, started_at
    from calls order by calls.started_at desc nulls last, calls.id desc nulls last limit $2) c) as calls`;

export const databaseScenarios: Scenario[] = [
  {
    name: 'database: users and calls tabs',
    path: '/api/v1/database/sample',
    targetP99Ms: LIST_TARGET,
    sql: { text: sampleSql, params: [ROWS, ROWS] },
  },
  // Several catalog statements (tables with exact counts of the small ones, indexes, size, last
  // backup): an admin opens it now and then, so it has a looser target and no single-statement twin.
  {
    name: 'database: overview (catalog)',
    path: '/api/v1/database/overview',
    connections: 2,
    targetP99Ms: 500,
  },
];
