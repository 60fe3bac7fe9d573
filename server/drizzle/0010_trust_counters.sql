-- List totals for the trust-and-safety tables (see server/src/db/schema/counters.ts): '<prefix>.total'
-- and, when a column is named, '<prefix>.<value of that column>' (severity, level, status).
CREATE FUNCTION categorised_row_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  prefix text := TG_ARGV[0];
  col text := TG_ARGV[1];
  old_cat text;
  new_cat text;
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM bump_row_count(prefix || '.total', 1); END IF;
  IF TG_OP = 'DELETE' THEN PERFORM bump_row_count(prefix || '.total', -1); END IF;
  IF col IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_cat := to_jsonb(OLD) ->> col; END IF;
  IF TG_OP <> 'DELETE' THEN new_cat := to_jsonb(NEW) ->> col; END IF;
  IF old_cat IS NOT DISTINCT FROM new_cat THEN RETURN NULL; END IF;
  IF old_cat IS NOT NULL THEN PERFORM bump_row_count(prefix || '.' || old_cat, -1); END IF;
  IF new_cat IS NOT NULL THEN PERFORM bump_row_count(prefix || '.' || new_cat, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER security_events_row_counts AFTER INSERT OR DELETE OR UPDATE OF severity
ON security_events FOR EACH ROW EXECUTE FUNCTION categorised_row_counts('security_events', 'severity');--> statement-breakpoint
CREATE TRIGGER security_events_open_counts AFTER INSERT OR DELETE OR UPDATE OF resolved
ON security_events FOR EACH ROW EXECUTE FUNCTION categorised_row_counts('security_events.resolved', 'resolved');--> statement-breakpoint
CREATE TRIGGER blocked_ips_row_counts AFTER INSERT OR DELETE
ON blocked_ips FOR EACH ROW EXECUTE FUNCTION categorised_row_counts('blocked_ips');--> statement-breakpoint
CREATE TRIGGER system_logs_row_counts AFTER INSERT OR DELETE OR UPDATE OF level
ON system_logs FOR EACH ROW EXECUTE FUNCTION categorised_row_counts('system_logs', 'level');--> statement-breakpoint
CREATE TRIGGER user_reports_row_counts AFTER INSERT OR DELETE OR UPDATE OF status
ON user_reports FOR EACH ROW EXECUTE FUNCTION categorised_row_counts('user_reports', 'status');--> statement-breakpoint
CREATE TRIGGER audit_log_row_counts AFTER INSERT OR DELETE
ON audit_log FOR EACH ROW EXECUTE FUNCTION categorised_row_counts('audit_log');--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove a row.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE
ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT c.name, 0, c.n FROM (
  SELECT 'security_events.total' AS name, count(*) AS n FROM security_events
  UNION ALL SELECT 'security_events.' || severity, count(*) FROM security_events GROUP BY severity
  UNION ALL SELECT 'security_events.resolved.' || resolved::text, count(*) FROM security_events GROUP BY resolved
  UNION ALL SELECT 'blocked_ips.total', count(*) FROM blocked_ips
  UNION ALL SELECT 'system_logs.total', count(*) FROM system_logs
  UNION ALL SELECT 'system_logs.' || level, count(*) FROM system_logs GROUP BY level
  UNION ALL SELECT 'user_reports.total', count(*) FROM user_reports
  UNION ALL SELECT 'user_reports.' || status, count(*) FROM user_reports GROUP BY status
  UNION ALL SELECT 'audit_log.total', count(*) FROM audit_log
) c WHERE c.n > 0
ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
