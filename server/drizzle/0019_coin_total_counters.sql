-- All-time coins earned and spent as counters beside the daily rollup: the Coin statistics read two
-- counters instead of summing a row per day on every transactions page (1.3 ms of a 1.9 ms statement
-- on PGlite at --scale 1m, and growing by a row a day). Kept in the same statement trigger.
CREATE OR REPLACE FUNCTION coin_transactions_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO coin_daily_stats AS s (day, earned, spent, transaction_count, updated_at)
  SELECT (created_at AT TIME ZONE 'UTC')::date, sum(greatest(amount, 0)), -sum(least(amount, 0)), count(*), now()
  FROM new_entries GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET
    earned = s.earned + excluded.earned,
    spent = s.spent + excluded.spent,
    transaction_count = s.transaction_count + excluded.transaction_count,
    updated_at = excluded.updated_at;
  PERFORM bump_row_count(name, n) FROM (
    SELECT 'coin_transactions.' || transaction_type AS name, count(*) AS n FROM new_entries GROUP BY 1
    UNION ALL SELECT 'coin_transactions.total', count(*) FROM new_entries
    UNION ALL SELECT 'coins.earned', sum(greatest(amount, 0)) FROM new_entries
    UNION ALL SELECT 'coins.spent', -sum(least(amount, 0)) FROM new_entries) c
  WHERE n > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT 'coins.earned', 0, coalesce(sum(earned), 0) FROM coin_daily_stats
UNION ALL SELECT 'coins.spent', 0, coalesce(sum(spent), 0) FROM coin_daily_stats;
