// The calls list and call statistics at `--scale 1m`, each with the SQL its repository runs, for the
// direct-driver comparison. Keep the SQL in step with server/src/modules/calls/calls.repository.ts.
import type { Scenario } from './scenarios.ts';

const COLUMNS = `id, caller_id, callee_id, caller_username, callee_username, status, duration, quality,
  started_at, ended_at, type, is_anonymous, cost, coins_used, created_at, started_at::text as sort_key`;

/** The page and its counter total, as the API reads them (two statements there, run side by side). */
const listSql = (where: string, counter: string, offset = 0) =>
  `select (select sum(n) from row_counts where counter = '${counter}') as total, page.*
   from (select ${COLUMNS} from calls where ${where} order by started_at desc, id desc limit 20 offset ${offset}) page`;

/** A page deep in the list by keyset: rows older than 45 days ago (the data set spans 90). */
const deepSortKey = new Date(Date.now() - 45 * 86_400_000).toISOString();
const deepCursor = Buffer.from(JSON.stringify([deepSortKey, '9223372036854775807'])).toString('base64url');

const SEARCH = 'son';
const side = (column: string) =>
  `(select ${COLUMNS} from calls where ${column} = m.id order by started_at desc, id desc limit 20)`;
const searchSql = `select distinct on (c.started_at, c.id) c.* from
  (select id from users where username ilike '%${SEARCH}%') m
  cross join lateral (${side('caller_id')} union all ${side('callee_id')}) c
  order by c.started_at desc, c.id desc limit 20`;

export const callsScenarios: Scenario[] = [
  {
    name: 'calls: first page',
    path: '/api/v1/admin/public/calls?page=1&limit=20',
    targetP99Ms: 20,
    sql: { text: listSql('true', 'calls.total') },
  },
  {
    name: 'calls: failed video filter',
    path: '/api/v1/admin/public/calls?status=failed&type=video&limit=20',
    targetP99Ms: 20,
    sql: { text: listSql(`status = 'failed' and type = 'video'`, 'calls.failed.video') },
  },
  {
    name: `calls: search "${SEARCH}"`,
    path: `/api/v1/admin/public/calls?search=${SEARCH}&limit=20`,
    targetP99Ms: 20,
    sql: { text: searchSql },
  },
  {
    name: 'calls: deep page (keyset)',
    path: `/api/v1/admin/public/calls?page=2500&limit=20&cursor=${deepCursor}`,
    targetP99Ms: 20,
    sql: {
      text: listSql(`(started_at, id) < ($1::timestamptz, 9223372036854775807::bigint)`, 'calls.total'),
      params: [deepSortKey],
    },
  },
  {
    name: 'calls: statistics',
    path: '/api/v1/admin/calls/statistics',
    targetP99Ms: 20,
    sql: {
      text: `select status, sum(call_count), sum(total_duration), sum(revenue), sum(quality_sum), sum(quality_count)
        from call_daily_stats group by status`,
    },
  },
];
