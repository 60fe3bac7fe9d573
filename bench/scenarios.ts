import type { SqlTwin } from './repository-sql.ts';

/** What `npm run bench` measures, each with the p99 latency it should stay under on this 2-core machine. */
export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  authenticated?: boolean;
  connections?: number;
  durationSeconds?: number;
  targetP99Ms: number;
  /**
   * The SQL the endpoint runs, executed straight on the driver at the same concurrency in the same run,
   * so the report can say what share of the database's own throughput the API keeps: the statements one
   * request runs, one after another. Prefer taking them from the repository (repository-sql.ts) to
   * copying them, so they cannot drift.
   */
  sql?: SqlTwin;
}

const USER_COLUMNS =
  'id, username, email, full_name, is_online, is_admin, is_root_admin, is_active, coin_balance, created_at, last_login';

/** The users list as the repository writes it: the page and its total in one statement. */
const usersListSql = (where: string, offset: number) =>
  `select totals.total, page.* from (select count(*) as total from users ${where}) totals
   left join lateral (select ${USER_COLUMNS} from users ${where}
     order by created_at desc, id asc limit 10 offset ${offset}) page on true`;

export const scenarios: Scenario[] = [
  { name: 'readiness (database ping)', path: '/api/v1/health/ready', authenticated: false, targetP99Ms: 50 },
  {
    name: 'users: first page',
    path: '/api/v1/admin/public/users?page=1&limit=10',
    targetP99Ms: 100,
    sql: [{ text: usersListSql('', 0) }],
  },
  {
    name: 'users: search "son"',
    path: '/api/v1/admin/public/users?search=son&limit=10',
    targetP99Ms: 150,
    sql: [
      {
        text: usersListSql('where username ilike $1 or email ilike $1 or full_name ilike $1', 0),
        params: ['%son%'],
      },
    ],
  },
  {
    name: 'users: admins filter',
    path: '/api/v1/admin/public/users?status=admin&limit=10',
    targetP99Ms: 100,
    sql: [{ text: usersListSql('where is_admin = true', 0) }],
  },
  {
    name: 'users: page 150',
    path: '/api/v1/admin/public/users?page=150&limit=10',
    targetP99Ms: 150,
    sql: [{ text: usersListSql('', 1490) }],
  },
  {
    name: 'sign-in (argon2id)',
    path: '/api/v1/auth/login',
    method: 'POST',
    body: { username: 'admin', password: 'Admin123!' },
    authenticated: false,
    connections: 4,
    targetP99Ms: 500,
  },
];
