-- The ledger is append-only: a mistake is undone by a compensating entry (reverses_id), never by editing history.
CREATE FUNCTION coin_transactions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'coin_transactions is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER coin_transactions_append_only BEFORE UPDATE OR DELETE ON coin_transactions
  FOR EACH ROW EXECUTE FUNCTION coin_transactions_refuse_change();--> statement-breakpoint

-- Transition tables exist only for the events a trigger names, so each event reads its own (added rows count +1,
-- removed rows -1); both column lists carry the same aliases, as either may stand alone.
CREATE FUNCTION transition_rows(added text, removed text, columns text, negated text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' UNION ALL ',
    CASE WHEN added IS NOT NULL THEN format('SELECT %s FROM %I', columns, added) END,
    CASE WHEN removed IS NOT NULL THEN format('SELECT %s FROM %I', negated, removed) END)
$$;--> statement-breakpoint

-- call_daily_stats follows calls with one grouped upsert per statement, so a bulk insert costs one pass.
CREATE FUNCTION call_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO call_daily_stats AS s
      (day, type, status, call_count, total_duration, revenue, coins_used, quality_sum, quality_count, updated_at)
    SELECT day, type, status, sum(n), sum(duration), sum(cost), sum(coins_used), sum(quality), sum(rated), now()
    FROM (%s) d
    GROUP BY day, type, status
    ON CONFLICT (day, type, status) DO UPDATE SET
      call_count = s.call_count + excluded.call_count,
      total_duration = s.total_duration + excluded.total_duration,
      revenue = s.revenue + excluded.revenue,
      coins_used = s.coins_used + excluded.coins_used,
      quality_sum = s.quality_sum + excluded.quality_sum,
      quality_count = s.quality_count + excluded.quality_count,
      updated_at = excluded.updated_at
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_calls' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_calls' END,
      $c$(started_at AT TIME ZONE 'UTC')::date AS day, type, status, 1 AS n, duration, cost, coins_used,
         coalesce(quality, 0)::float8 AS quality, (quality IS NOT NULL)::int AS rated$c$,
      $c$(started_at AT TIME ZONE 'UTC')::date AS day, type, status, -1 AS n, -duration AS duration, -cost AS cost,
         -coins_used AS coins_used, -coalesce(quality, 0)::float8 AS quality, -(quality IS NOT NULL)::int AS rated$c$));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER calls_daily_stats_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();--> statement-breakpoint
CREATE TRIGGER calls_daily_stats_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();--> statement-breakpoint
CREATE TRIGGER calls_daily_stats_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_daily_stats_apply();--> statement-breakpoint
INSERT INTO call_daily_stats
  (day, type, status, call_count, total_duration, revenue, coins_used, quality_sum, quality_count)
SELECT (started_at AT TIME ZONE 'UTC')::date, type, status, count(*), sum(duration), sum(cost), sum(coins_used),
       coalesce(sum(quality), 0), count(quality)
FROM calls GROUP BY 1, 2, 3;--> statement-breakpoint

-- Recipient counters on the message rows, so lists with read counts never join the recipient tables.
CREATE FUNCTION notification_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    UPDATE notifications n SET total_recipients = n.total_recipients + d.total, read_count = n.read_count + d.reads
    FROM (SELECT notification_id, sum(total) AS total, sum(reads) AS reads FROM (%s) r GROUP BY notification_id) d
    WHERE n.id = d.notification_id AND (d.total <> 0 OR d.reads <> 0)
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_recipients' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_recipients' END,
      'notification_id, 1 AS total, (read_at IS NOT NULL)::int AS reads',
      'notification_id, -1 AS total, -(read_at IS NOT NULL)::int AS reads'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_insert AFTER INSERT ON notification_recipients
  REFERENCING NEW TABLE AS new_recipients FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_apply();--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_update AFTER UPDATE ON notification_recipients
  REFERENCING OLD TABLE AS old_recipients NEW TABLE AS new_recipients FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_apply();--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_delete AFTER DELETE ON notification_recipients
  REFERENCING OLD TABLE AS old_recipients FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_apply();--> statement-breakpoint
UPDATE notifications n SET total_recipients = r.total, read_count = r.reads
FROM (SELECT notification_id, count(*) AS total, count(read_at) AS reads FROM notification_recipients GROUP BY 1) r
WHERE n.id = r.notification_id;--> statement-breakpoint

CREATE FUNCTION official_message_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    UPDATE official_messages m SET total_recipients = m.total_recipients + d.total,
      read_count = m.read_count + d.reads, acknowledged_count = m.acknowledged_count + d.acks
    FROM (SELECT message_id, sum(total) AS total, sum(reads) AS reads, sum(acks) AS acks FROM (%s) r GROUP BY message_id) d
    WHERE m.id = d.message_id AND (d.total <> 0 OR d.reads <> 0 OR d.acks <> 0)
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_recipients' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_recipients' END,
      'message_id, 1 AS total, (read_at IS NOT NULL)::int AS reads, (acknowledged_at IS NOT NULL)::int AS acks',
      'message_id, -1 AS total, -(read_at IS NOT NULL)::int AS reads, -(acknowledged_at IS NOT NULL)::int AS acks'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER official_message_recipients_counts_insert AFTER INSERT ON official_message_recipients
  REFERENCING NEW TABLE AS new_recipients FOR EACH STATEMENT EXECUTE FUNCTION official_message_counts_apply();--> statement-breakpoint
CREATE TRIGGER official_message_recipients_counts_update AFTER UPDATE ON official_message_recipients
  REFERENCING OLD TABLE AS old_recipients NEW TABLE AS new_recipients FOR EACH STATEMENT EXECUTE FUNCTION official_message_counts_apply();--> statement-breakpoint
CREATE TRIGGER official_message_recipients_counts_delete AFTER DELETE ON official_message_recipients
  REFERENCING OLD TABLE AS old_recipients FOR EACH STATEMENT EXECUTE FUNCTION official_message_counts_apply();--> statement-breakpoint
UPDATE official_messages m SET total_recipients = r.total, read_count = r.reads, acknowledged_count = r.acks
FROM (SELECT message_id, count(*) AS total, count(read_at) AS reads, count(acknowledged_at) AS acks
      FROM official_message_recipients GROUP BY 1) r
WHERE m.id = r.message_id;
