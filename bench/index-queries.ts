// The query each index is there for, written as its repository writes it (ORDER BY matching the index),
// keyed by index name. bench/index-report.ts times them before and after the migrations that made the index.

export interface Served {
  /** What the query is, in the screen's words. */
  serves: string;
  sql: string;
  /** One row whose columns, in order, are the query's $1, $2, … (real values from the data set). */
  pick?: string;
  params?: unknown[];
}

const newest = (c = 'created_at') => `order by ${c} desc nulls last, id desc nulls last`;

/** A list screen's page: newest first by `order`, optionally filtered. */
const page = (
  serves: string,
  table: string,
  {
    where = '',
    order = 'created_at',
    limit = 20,
    pick,
  }: { where?: string; order?: string; limit?: number; pick?: string } = {},
): Served => ({
  serves,
  sql: `select * from ${table}${where ? ` where ${where}` : ''} ${newest(order)} limit ${limit}`,
  ...(pick ? { pick } : {}),
});

/** A search's total, counted up to the cap over the trigram index on `column`. */
const cappedSearch = (serves: string, table: string, column: string, term: string): Served => ({
  serves,
  sql: `select count(*) from (select 1 from ${table} where ${column} ilike '%${term}%' limit 10001) m`,
});

/** One sample row of `columns` from `table`, `offset` rows in by id. */
const sample = (columns: string, table: string, offset?: number, where = '') =>
  `select ${columns} from ${table}${where ? ` where ${where}` : ''} order by id limit 1${offset ? ` offset ${offset}` : ''}`;

const usersPage = (where: string) =>
  `select id, username, created_at from users where deleted_at is null${where} ${newest()} limit 10`;

const ledgerReplay: Served = {
  serves: 'idempotent replay lookup of a ledger entry',
  sql: 'select id from coin_transactions where user_id = $1 and idempotency_key = $2',
  pick: `select user_id, idempotency_key from coin_transactions where idempotency_key is not null
      order by id limit 1 offset 100`,
};

export const QUERIES: Record<string, Served> = {
  friend_requests_pair_key: {
    serves: 'friend request between two users, either direction (duplicate check)',
    sql: `select id from friend_requests where least(sender_id, receiver_id) = least($1, $2)
      and greatest(sender_id, receiver_id) = greatest($1, $2)`,
    pick: sample('receiver_id, sender_id', 'friend_requests', 1000),
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
    pick: sample('user_id, target_type, target_id', 'likes', 5000),
  },
  likes_created_at_idx: page('social likes tab, page 1', 'likes'),
  likes_target_type_created_idx: page('social likes tab, call filter', 'likes', {
    where: "target_type = 'call'",
  }),
  friend_requests_created_at_idx: page('social friends tab, page 1', 'friend_requests'),
  friend_requests_status_idx: page('social friends tab, pending filter', 'friend_requests', {
    where: "status = 'pending'",
  }),
  follows_created_at_idx: page('social follows tab, page 1', 'follows'),
  geolocations_created_at_idx: page('geolocation recent locations (50)', 'geolocations', { limit: 50 }),
  geolocations_country_created_idx: {
    ...page('geolocation recent locations, one country', 'geolocations', {
      where: 'country = $1',
      limit: 50,
    }),
    params: ['Japan'],
  },
  geolocations_type_created_idx: page('geolocation recent locations, gps only', 'geolocations', {
    where: "location_type = 'gps'",
    limit: 50,
  }),
  geolocation_places_visits_idx: {
    serves: 'geolocation map: the 500 most visited places',
    sql: 'select * from geolocation_places order by visits desc nulls last, country, city limit 500',
  },
  calls_started_at_idx: page('calls list, first page', 'calls', { order: 'started_at' }),
  calls_caller_idx: page("calls search: one caller's calls", 'calls', {
    where: 'caller_id = $1',
    order: 'started_at',
    pick: sample('caller_id', 'calls', 1000, 'caller_id is not null'),
  }),
  calls_callee_idx: page("calls search: one callee's calls", 'calls', {
    where: 'callee_id = $1',
    order: 'started_at',
    pick: sample('callee_id', 'calls', 1000, 'callee_id is not null'),
  }),
  calls_status_idx: page('calls list, failed filter', 'calls', {
    where: "status = 'failed'",
    order: 'started_at',
  }),
  calls_type_idx: page('calls list, video filter', 'calls', { where: "type = 'video'", order: 'started_at' }),
  coin_transactions_created_at_idx: page('coins transactions, first page', 'coin_transactions'),
  coin_transactions_user_idx: page('coins transactions of one user', 'coin_transactions', {
    where: 'user_id = $1',
    pick: sample('user_id', 'coin_transactions', 1000),
  }),
  coin_transactions_grants_idx: page(
    'dashboard recent activity: the newest coin grants',
    'coin_transactions',
    {
      where: 'created_by is not null',
      limit: 10,
    },
  ),
  coin_transactions_type_idx: page('coins transactions, penalty filter', 'coin_transactions', {
    where: "transaction_type = 'penalty'",
  }),
  coin_transactions_username_trgm: cappedSearch(
    'coins transactions search "ann": capped count',
    'coin_transactions',
    'username',
    'ann',
  ),
  coin_transactions_idempotency_key: ledgerReplay,
  coin_transactions_user_idempotency_key: ledgerReplay,
  coin_transactions_reverses_id_key: {
    serves: 'has this entry been reversed',
    sql: 'select id from coin_transactions where reverses_id = $1',
    pick: sample('id', 'coin_transactions', 5000),
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
  notifications_created_at_idx: page('notifications list, first page', 'notifications'),
  notifications_status_idx: page('notifications list, sent filter', 'notifications', {
    where: "status = 'sent'",
  }),
  notifications_type_idx: page('notifications list, one type', 'notifications', {
    where: 'type = $1',
    pick: sample('type', 'notifications'),
  }),
  notifications_title_trgm: cappedSearch(
    'notifications search in titles: capped count',
    'notifications',
    'title',
    'update',
  ),
  notifications_message_trgm: cappedSearch(
    'notifications search in messages: capped count',
    'notifications',
    'message',
    'update',
  ),
  notifications_due_idx: {
    serves: 'scheduler: notifications due now',
    sql: `select id from notifications where status = 'scheduled' and scheduled_at <= now()
      order by scheduled_at, id limit 100`,
  },
  notifications_sent_at_idx: page('notifications, most recently sent', 'notifications', {
    where: "status = 'sent'",
    order: 'sent_at',
  }),
  official_messages_created_at_idx: page('official messages list, first page', 'official_messages'),
  official_messages_status_idx: page('official messages list, sent filter', 'official_messages', {
    where: "status = 'sent'",
  }),
  refresh_tokens_live_family_idx: {
    serves: 'revoke a refresh token family (reuse detection)',
    sql: 'select id from refresh_tokens where family_id = $1 and revoked_at is null',
    pick: sample('family_id', 'refresh_tokens'),
  },
  user_reports_time_id_idx: page('user reports list, first page', 'user_reports'),
  user_reports_status_time_id_idx: page('user reports list, pending filter', 'user_reports', {
    where: "status = 'pending'",
  }),
  audit_log_time_id_idx: page('audit log, first page', 'audit_log'),
  audit_log_actor_time_id_idx: page('audit log, one actor', 'audit_log', {
    where: 'actor_username = $1',
    pick: sample('actor_username', 'audit_log'),
  }),
  audit_log_action_time_id_idx: page('audit log, one action', 'audit_log', {
    where: 'action = $1',
    pick: sample('action', 'audit_log'),
  }),
  security_events_fold_idx: {
    serves: 'fold a repeated security event into the open one',
    sql: `select id from security_events where event_type = $1 and ip_address = $2::inet and not resolved
      and created_at > now() - make_interval(secs => 300) order by created_at desc limit 1`,
    pick: sample('event_type, host(ip_address)', 'security_events', undefined, 'ip_address is not null'),
  },
  security_events_severity_id_idx: {
    serves: 'security events, critical filter',
    sql: `select * from security_events where severity = 'critical' order by id desc nulls last limit 20`,
  },
  security_events_resolved_id_idx: {
    serves: 'security events, unresolved filter',
    sql: 'select * from security_events where resolved = false order by id desc nulls last limit 20',
  },
  system_logs_time_id_idx: page('system logs, first page', 'system_logs'),
  system_logs_level_time_id_idx: page('system logs, error level', 'system_logs', {
    where: "level = 'error'",
  }),
  system_logs_module_time_id_idx: page('system logs, one module', 'system_logs', {
    where: 'module = $1',
    pick: sample('module', 'system_logs'),
  }),
  metric_minutes_minute_idx: {
    serves: 'monitor charts: the last hour of metrics',
    sql: `select * from metric_minutes where minute >= now() - interval '1 hour' and minute < now() order by minute`,
  },
  monitor_alerts_raised_at_idx: page('monitor alerts, newest first', 'monitor_alerts', {
    order: 'raised_at',
  }),
  monitor_alerts_open_key: {
    serves: 'the open alert of an instance and rule',
    sql: 'select id from monitor_alerts where instance_id = $1 and rule = $2 and cleared_at is null',
    params: ['bench', 'cpu'],
  },
};
