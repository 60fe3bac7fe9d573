ALTER TABLE "call_daily_stats" ADD COLUMN "poor_quality_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Poor-quality calls (rated below 3) join the daily rollup, so the admin stats never range-scan calls.
CREATE OR REPLACE FUNCTION call_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO call_daily_stats AS s
      (day, type, status, call_count, total_duration, revenue, coins_used, quality_sum, quality_count,
       poor_quality_count, updated_at)
    SELECT day, type, status, sum(n), sum(duration), sum(cost), sum(coins_used), sum(quality), sum(rated), sum(poor), now()
    FROM (%s) d
    GROUP BY day, type, status
    ON CONFLICT (day, type, status) DO UPDATE SET
      call_count = s.call_count + excluded.call_count,
      total_duration = s.total_duration + excluded.total_duration,
      revenue = s.revenue + excluded.revenue,
      coins_used = s.coins_used + excluded.coins_used,
      quality_sum = s.quality_sum + excluded.quality_sum,
      quality_count = s.quality_count + excluded.quality_count,
      poor_quality_count = s.poor_quality_count + excluded.poor_quality_count,
      updated_at = excluded.updated_at
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_calls' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_calls' END,
      $c$(started_at AT TIME ZONE 'UTC')::date AS day, type, status, 1 AS n, duration, cost, coins_used,
         coalesce(quality, 0)::float8 AS quality, (quality IS NOT NULL)::int AS rated,
         coalesce((quality < 3)::int, 0) AS poor$c$,
      $c$(started_at AT TIME ZONE 'UTC')::date AS day, type, status, -1 AS n, -duration AS duration, -cost AS cost,
         -coins_used AS coins_used, -coalesce(quality, 0)::float8 AS quality, -(quality IS NOT NULL)::int AS rated,
         -coalesce((quality < 3)::int, 0) AS poor$c$));
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE call_daily_stats s SET poor_quality_count = d.n
FROM (SELECT (started_at AT TIME ZONE 'UTC')::date AS day, type, status, count(*) AS n
      FROM calls WHERE quality < 3 GROUP BY 1, 2, 3) d
WHERE s.day = d.day AND s.type = d.type AND s.status = d.status;
