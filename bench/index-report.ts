// `node --import tsx bench/index-report.ts postgres://…/db_seeded_with_scale_1m`: for every index the
// migrations after 0001 added, dropped or redefined, the EXPLAIN ANALYZE time of the query it serves with
// the schema as it is now ("after") and as 0001 left it ("before"). "Before" is measured inside a
// transaction that is rolled back: an added index is dropped, a dropped one re-created from 0001, a
// redefined one swapped back to its 0001 definition. Prints a markdown table (docs/index-report.md).
// Each DROP INDEX locks its table until the rollback: run it on a copy, never on a database in use.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const MIGRATIONS = new URL('../server/drizzle/', import.meta.url);
const RUNS = 3;

interface Served {
  /** What the query is, in the screen's words. */
  serves: string;
  sql: string;
  /** One row whose columns, in order, are the query's $1, $2, … (real values from the data set). */
  pick?: string;
  params?: unknown[];
}

const newest = (c = 'created_at') => `order by ${c} desc nulls last, id desc nulls last`;
const usersPage = (where: string) =>
  `select id, username, created_at from users where deleted_at is null${where} ${newest()} limit 10`;

/** The query each index is there for, written as its repository writes it (ORDER BY matching the index). */
const QUERIES: Record<string, Served> = {
  friend_requests_pair_key: {
    serves: 'friend request between two users, either direction (duplicate check)',
    sql: `select id from friend_requests where least(sender_id, receiver_id) = least($1, $2)
      and greatest(sender_id, receiver_id) = greatest($1, $2)`,
    pick: 'select receiver_id, sender_id from friend_requests order by id limit 1 offset 1000',
  },
  users_created_at_idx: { serves: 'users list, first page', sql: usersPage('') },
  users_online_idx: { serves: 'users list, online filter', sql: usersPage(' and is_online') },
  users_deleted_idx: {
    serves: 'users list, deleted filter',
    sql: `select id, username from users where deleted_at is not null ${newest('deleted_at')} limit 10`,
  },
  users_premium_idx: { serves: 'social users tab, premium filter', sql: usersPage(' and is_premium') },
  users_coin_balance_idx: {
    serves: 'richest users (no screen; balances moved to coin_accounts)',
    sql: 'select user_id, balance from coin_accounts order by balance desc limit 10',
  },
  blocked_ips_range_idx: {
    serves: 'is this address blocked (sign-in and every request)',
    sql: `select ip_address from blocked_ips where $1::inet <<= ip_address limit 1`,
    params: ['203.0.113.77'],
  },
  likes_user_target_key: {
    serves: 'has this user liked this target (duplicate check)',
    sql: 'select id from likes where user_id = $1 and target_type = $2 and target_id = $3',
    pick: 'select user_id, target_type, target_id from likes order by id limit 1 offset 5000',
  },
  likes_created_at_idx: {
    serves: 'social likes tab, page 1',
    sql: `select * from likes ${newest()} limit 20`,
  },
  likes_target_type_created_idx: {
    serves: 'social likes tab, call filter',
    sql: `select * from likes where target_type = 'call' ${newest()} limit 20`,
  },
  friend_requests_created_at_idx: {
    serves: 'social friends tab, page 1',
    sql: `select * from friend_requests ${newest()} limit 20`,
  },
  friend_requests_status_idx: {
    serves: 'social friends tab, pending filter',
    sql: `select * from friend_requests where status = 'pending' ${newest()} limit 20`,
  },
  follows_created_at_idx: {
    serves: 'social follows tab, page 1',
    sql: `select * from follows ${newest()} limit 20`,
  },
  geolocations_created_at_idx: {
    serves: 'geolocation recent locations (50)',
    sql: `select * from geolocations ${newest()} limit 50`,
  },
  geolocations_country_created_idx: {
    serves: 'geolocation recent locations, one country',
    sql: `select * from geolocations where country = $1 ${newest()} limit 50`,
    params: ['Japan'],
  },
  geolocations_type_created_idx: {
    serves: 'geolocation recent locations, gps only',
    sql: `select * from geolocations where location_type = 'gps' ${newest()} limit 50`,
  },
  geolocation_places_visits_idx: {
    serves: 'geolocation map: the 500 most visited places',
    sql: 'select * from geolocation_places order by visits desc nulls last, country, city limit 500',
  },
  calls_started_at_idx: {
    serves: 'calls list, first page',
    sql: `select * from calls ${newest('started_at')} limit 20`,
  },
  calls_caller_idx: {
    serves: "calls search: one caller's calls",
    sql: `select * from calls where caller_id = $1 ${newest('started_at')} limit 20`,
    pick: 'select caller_id from calls where caller_id is not null order by id limit 1 offset 1000',
  },
  calls_callee_idx: {
    serves: "calls search: one callee's calls",
    sql: `select * from calls where callee_id = $1 ${newest('started_at')} limit 20`,
    pick: 'select callee_id from calls where callee_id is not null order by id limit 1 offset 1000',
  },
  calls_status_idx: {
    serves: 'calls list, failed filter',
    sql: `select * from calls where status = 'failed' ${newest('started_at')} limit 20`,
  },
  calls_type_idx: {
    serves: 'calls list, video filter',
    sql: `select * from calls where type = 'video' ${newest('started_at')} limit 20`,
  },
  coin_transactions_created_at_idx: {
    serves: 'coins transactions, first page',
    sql: `select * from coin_transactions ${newest()} limit 20`,
  },
  coin_transactions_user_idx: {
    serves: 'coins transactions of one user',
    sql: `select * from coin_transactions where user_id = $1 ${newest()} limit 20`,
    pick: 'select user_id from coin_transactions order by id limit 1 offset 1000',
  },
  coin_transactions_type_idx: {
    serves: 'coins transactions, penalty filter',
    sql: `select * from coin_transactions where transaction_type = 'penalty' ${newest()} limit 20`,
  },
  coin_transactions_username_trgm: {
    serves: 'coins transactions search "ann": capped count',
    sql: `select count(*) from (select 1 from coin_transactions where username ilike '%ann%' limit 10001) m`,
  },
  coin_transactions_idempotency_key: {
    serves: 'idempotent replay lookup of a ledger entry',
    sql: 'select id from coin_transactions where user_id = $1 and idempotency_key = $2',
    pick: `select user_id, idempotency_key from coin_transactions where idempotency_key is not null
      order by id limit 1 offset 100`,
  },
  coin_transactions_user_idempotency_key: {
    serves: 'idempotent replay lookup of a ledger entry',
    sql: 'select id from coin_transactions where user_id = $1 and idempotency_key = $2',
    pick: `select user_id, idempotency_key from coin_transactions where idempotency_key is not null
      order by id limit 1 offset 100`,
  },
  coin_transactions_reverses_id_key: {
    serves: 'has this entry been reversed',
    sql: 'select id from coin_transactions where reverses_id = $1',
    pick: 'select id from coin_transactions order by id limit 1 offset 5000',
  },
  coin_accounts_top_earners_idx: {
    serves: 'coins statistics: top earners',
    sql: `select user_id, total_earned from coin_accounts where total_earned > 0
      order by total_earned desc nulls last, user_id limit 10`,
  },
  coin_accounts_top_spenders_idx: {
    serves: 'coins statistics: top spenders',
    sql: `select user_id, total_spent from coin_accounts where total_spent > 0
      order by total_spent desc nulls last, user_id limit 10`,
  },
  notifications_created_at_idx: {
    serves: 'notifications list, first page',
    sql: `select * from notifications ${newest()} limit 20`,
  },
  notifications_status_idx: {
    serves: 'notifications list, sent filter',
    sql: `select * from notifications where status = 'sent' ${newest()} limit 20`,
  },
  notifications_type_idx: {
    serves: 'notifications list, one type',
    sql: `select * from notifications where type = $1 ${newest()} limit 20`,
    pick: 'select type from notifications order by id limit 1',
  },
  notifications_title_trgm: {
    serves: 'notifications search in titles: capped count',
    sql: `select count(*) from (select 1 from notifications where title ilike '%update%' limit 10001) m`,
  },
  notifications_message_trgm: {
    serves: 'notifications search in messages: capped count',
    sql: `select count(*) from (select 1 from notifications where message ilike '%update%' limit 10001) m`,
  },
  notifications_due_idx: {
    serves: 'scheduler: notifications due now',
    sql: `select id from notifications where status = 'scheduled' and scheduled_at <= now()
      order by scheduled_at, id limit 100`,
  },
  notifications_sent_at_idx: {
    serves: 'notifications, most recently sent',
    sql: `select * from notifications where status = 'sent' ${newest('sent_at')} limit 20`,
  },
  official_messages_created_at_idx: {
    serves: 'official messages list, first page',
    sql: `select * from official_messages ${newest()} limit 20`,
  },
  official_messages_status_idx: {
    serves: 'official messages list, sent filter',
    sql: `select * from official_messages where status = 'sent' ${newest()} limit 20`,
  },
  refresh_tokens_live_family_idx: {
    serves: 'revoke a refresh token family (reuse detection)',
    sql: 'select id from refresh_tokens where family_id = $1 and revoked_at is null',
    pick: 'select family_id from refresh_tokens order by id limit 1',
  },
  user_reports_time_id_idx: {
    serves: 'user reports list, first page',
    sql: `select * from user_reports ${newest()} limit 20`,
  },
  user_reports_status_time_id_idx: {
    serves: 'user reports list, pending filter',
    sql: `select * from user_reports where status = 'pending' ${newest()} limit 20`,
  },
  audit_log_time_id_idx: {
    serves: 'audit log, first page',
    sql: `select * from audit_log ${newest()} limit 20`,
  },
  audit_log_actor_time_id_idx: {
    serves: 'audit log, one actor',
    sql: `select * from audit_log where actor_username = $1 ${newest()} limit 20`,
    pick: 'select actor_username from audit_log order by id limit 1',
  },
  audit_log_action_time_id_idx: {
    serves: 'audit log, one action',
    sql: `select * from audit_log where action = $1 ${newest()} limit 20`,
    pick: 'select action from audit_log order by id limit 1',
  },
  security_events_fold_idx: {
    serves: 'fold a repeated security event into the open one',
    sql: `select id from security_events where event_type = $1 and ip_address = $2::inet and not resolved
      and created_at > now() - make_interval(secs => 300) order by created_at desc limit 1`,
    pick: 'select event_type, host(ip_address) from security_events where ip_address is not null order by id limit 1',
  },
  security_events_severity_id_idx: {
    serves: 'security events, critical filter',
    sql: `select * from security_events where severity = 'critical' order by id desc nulls last limit 20`,
  },
  security_events_resolved_id_idx: {
    serves: 'security events, unresolved filter',
    sql: 'select * from security_events where resolved = false order by id desc nulls last limit 20',
  },
  system_logs_time_id_idx: {
    serves: 'system logs, first page',
    sql: `select * from system_logs ${newest()} limit 20`,
  },
  system_logs_level_time_id_idx: {
    serves: 'system logs, error level',
    sql: `select * from system_logs where level = 'error' ${newest()} limit 20`,
  },
  system_logs_module_time_id_idx: {
    serves: 'system logs, one module',
    sql: `select * from system_logs where module = $1 ${newest()} limit 20`,
    pick: 'select module from system_logs order by id limit 1',
  },
  metric_minutes_minute_idx: {
    serves: 'monitor charts: the last hour of metrics',
    sql: `select * from metric_minutes where minute >= now() - interval '1 hour' and minute < now() order by minute`,
  },
  monitor_alerts_raised_at_idx: {
    serves: 'monitor alerts, newest first',
    sql: `select * from monitor_alerts order by raised_at desc nulls last, id desc nulls last limit 20`,
  },
  monitor_alerts_open_key: {
    serves: 'the open alert of an instance and rule',
    sql: 'select id from monitor_alerts where instance_id = $1 and rule = $2 and cleared_at is null',
    params: ['bench', 'cpu'],
  },
};

type Change = 'added' | 'dropped' | 'redefined';
interface IndexChange {
  name: string;
  migration: string;
  change: Change;
  /** The CREATE INDEX of 0001, for a dropped or redefined index. */
  original?: string;
}

/** Every index a migration after 0001 created or dropped, with its 0001 definition when it had one. */
function indexChanges(): IndexChange[] {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort();
  const statements = (file: string) =>
    readFileSync(new URL(file, MIGRATIONS), 'utf8')
      .split(/--> statement-breakpoint|;\s*\n/)
      .map((s) => s.trim());
  const original = new Map<string, string>();
  for (const file of files.filter((f) => f.slice(0, 4) <= '0001')) {
    for (const s of statements(file)) {
      const m = /^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"?(\w+)"?/i.exec(s);
      if (m?.[1]) original.set(m[1], s.replace(/;$/, ''));
    }
  }
  const changes = new Map<string, IndexChange>();
  for (const file of files.filter((f) => f.slice(0, 4) > '0001')) {
    const migration = file.slice(0, 4);
    for (const s of statements(file)) {
      const created = /^CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"?(\w+)"?/i.exec(s)?.[1];
      const dropped = /^DROP INDEX (?:IF EXISTS )?"?(\w+)"?/i.exec(s)?.[1];
      const name = created ?? dropped;
      if (!name) continue;
      const before = original.get(name);
      const existing = changes.get(name);
      const change: Change = created ? (before || existing ? 'redefined' : 'added') : 'dropped';
      changes.set(name, { name, migration: existing?.migration ?? migration, change, original: before });
    }
  }
  return [...changes.values()];
}

interface Timing {
  ms: number;
  indexes: string[];
}

async function explain(client: pg.PoolClient, sql: string, params: unknown[]): Promise<Timing> {
  const times: number[] = [];
  let indexes: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await client.query(`explain (analyze, format json) ${sql}`, params);
    const [plan] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }];
    times.push(plan['Execution Time']);
    indexes = [...new Set(indexNames(plan.Plan))];
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)] ?? 0, indexes };
}

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexNames = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexNames),
];

async function measure(pool: pg.Pool, change: IndexChange) {
  const served = QUERIES[change.name];
  if (!served) return { change, served, note: 'no query listed in bench/index-report.ts' };
  const client = await pool.connect();
  try {
    const sample = served.pick ? (await client.query(served.pick)).rows[0] : undefined;
    if (served.pick && !sample) return { change, served, note: 'no sample row in this data set' };
    const params = sample ? Object.values(sample) : (served.params ?? []);
    const after = await explain(client, served.sql, params);
    await client.query('begin');
    let note = '';
    try {
      await client.query(`drop index if exists "${change.name}"`);
      if (change.original) {
        await client.query('savepoint original');
        try {
          await client.query(change.original);
        } catch (err) {
          await client.query('rollback to savepoint original');
          note = `0001 definition no longer applies (${(err as Error).message})`;
        }
      }
      const before = await explain(client, served.sql, params);
      return { change, served, before, after, note };
    } finally {
      await client.query('rollback');
    }
  } finally {
    client.release();
  }
}

const url = process.argv[2] ?? process.env.INDEX_REPORT_DATABASE_URL;
if (!url) throw new Error('usage: node --import tsx bench/index-report.ts postgres://…/copy_of_a_1m_seed');
const pool = new pg.Pool({ connectionString: url, max: 1 });
try {
  const { rows: version } = await pool.query('show server_version');
  console.log(
    `<!-- ${new Date().toISOString()}, PostgreSQL ${version[0].server_version}, median of ${RUNS} runs -->`,
  );
  console.log('| index | migration | change | query it serves | before | after | plan after |');
  console.log('|---|---|---|---|---|---|---|');
  const fmt = (t?: Timing) => (t ? `${t.ms < 10 ? t.ms.toFixed(2) : Math.round(t.ms)} ms` : '–');
  for (const change of indexChanges()) {
    const r = await measure(pool, change).catch((err: Error) => ({ change, note: `failed: ${err.message}` }));
    const { before, after, served } = r as Partial<Awaited<ReturnType<typeof measure>>>;
    const plan = after ? after.indexes.join(', ') || 'no index' : '';
    const beforePlan = before ? ` (${before.indexes.join(', ') || 'no index'})` : '';
    console.log(
      `| \`${change.name}\` | ${change.migration} | ${change.change} | ${served?.serves ?? ''} | ` +
        `${fmt(before)}${beforePlan} | ${fmt(after)} | ${[plan, r.note].filter(Boolean).join('; ')} |`,
    );
  }
} finally {
  await pool.end();
}
