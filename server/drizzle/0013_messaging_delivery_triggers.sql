-- Official messages also count delivered recipients, so the list shows delivered/read/acknowledged without joins.
CREATE OR REPLACE FUNCTION official_message_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    UPDATE official_messages m SET total_recipients = m.total_recipients + d.total,
      delivered_count = m.delivered_count + d.delivered,
      read_count = m.read_count + d.reads, acknowledged_count = m.acknowledged_count + d.acks
    FROM (SELECT message_id, sum(total) AS total, sum(delivered) AS delivered, sum(reads) AS reads, sum(acks) AS acks
          FROM (%s) r GROUP BY message_id) d
    WHERE m.id = d.message_id AND (d.total <> 0 OR d.delivered <> 0 OR d.reads <> 0 OR d.acks <> 0)
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_recipients' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_recipients' END,
      'message_id, 1 AS total, (delivered_at IS NOT NULL)::int AS delivered, (read_at IS NOT NULL)::int AS reads, (acknowledged_at IS NOT NULL)::int AS acks',
      'message_id, -1 AS total, -(delivered_at IS NOT NULL)::int AS delivered, -(read_at IS NOT NULL)::int AS reads, -(acknowledged_at IS NOT NULL)::int AS acks'));
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE official_messages m SET delivered_count = r.delivered
FROM (SELECT message_id, count(delivered_at) AS delivered FROM official_message_recipients GROUP BY 1) r
WHERE m.id = r.message_id;--> statement-breakpoint

-- Notification stat cards read counters: one per status, the total, and the recipients and reads of sent ones
-- (the average read rate), kept in the same transaction as the change.
CREATE FUNCTION notifications_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM bump_row_count('notifications.total', 1); END IF;
  IF TG_OP = 'DELETE' THEN PERFORM bump_row_count('notifications.total', -1); END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.status <> NEW.status) THEN
    PERFORM bump_row_count('notifications.' || OLD.status, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.status <> NEW.status) THEN
    PERFORM bump_row_count('notifications.' || NEW.status, 1);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'sent' THEN
    PERFORM bump_row_count('notifications.sent_recipients', -OLD.total_recipients);
    PERFORM bump_row_count('notifications.sent_reads', -OLD.read_count);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'sent' THEN
    PERFORM bump_row_count('notifications.sent_recipients', NEW.total_recipients);
    PERFORM bump_row_count('notifications.sent_reads', NEW.read_count);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notifications_row_counts AFTER INSERT OR DELETE OR UPDATE OF status, total_recipients, read_count
ON notifications FOR EACH ROW EXECUTE FUNCTION notifications_row_counts();--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT name, 0, sum(n) FROM (
  SELECT 'notifications.total' AS name, count(*) AS n FROM notifications
  UNION ALL SELECT 'notifications.' || status, count(*) FROM notifications GROUP BY status
  UNION ALL SELECT 'notifications.sent_recipients', coalesce(sum(total_recipients), 0) FROM notifications WHERE status = 'sent'
  UNION ALL SELECT 'notifications.sent_reads', coalesce(sum(read_count), 0) FROM notifications WHERE status = 'sent'
) c GROUP BY name
ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
