-- The calls counters a row belongs to: the total, its status, its type, and its status within its type,
-- so the calls list reads any status/type filter's total without counting calls.
CREATE FUNCTION calls_counter_names(status text, type text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['calls.total', 'calls.status.' || status, 'calls.type.' || type, 'calls.' || status || '.' || type];
$$;--> statement-breakpoint
-- One grouped bump per counter per statement, so a bulk insert of calls costs one pass over its rows.
CREATE FUNCTION calls_row_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO row_counts AS r (counter, shard, n)
    SELECT name, floor(random() * 16)::smallint, sum(delta)
    FROM (%s) d, unnest(calls_counter_names(d.status, d.type)) AS name
    GROUP BY name HAVING sum(delta) <> 0
    ON CONFLICT (counter, shard) DO UPDATE SET n = r.n + excluded.n
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_calls' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_calls' END,
      'status, type, 1 AS delta',
      'status, type, -1 AS delta'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER calls_row_counts_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION calls_row_counts_apply();--> statement-breakpoint
CREATE TRIGGER calls_row_counts_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION calls_row_counts_apply();--> statement-breakpoint
CREATE TRIGGER calls_row_counts_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_calls
  FOR EACH STATEMENT EXECUTE FUNCTION calls_row_counts_apply();--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT name, 0, count(*) FROM calls, unnest(calls_counter_names(status, type)) AS name
GROUP BY name
ON CONFLICT (counter, shard) DO UPDATE SET n = row_counts.n + excluded.n;
