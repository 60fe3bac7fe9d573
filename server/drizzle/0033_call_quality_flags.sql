CREATE TABLE "call_quality_crossings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_quality_crossings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"call_id" bigint NOT NULL,
	"side" text NOT NULL,
	"flag" text NOT NULL,
	"value" real NOT NULL,
	"crossed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_quality_crossings_side_check" CHECK (side in ('caller', 'callee')),
	CONSTRAINT "call_quality_crossings_flag_check" CHECK (flag in ('high_rtt', 'high_jitter', 'high_loss', 'low_mos'))
);
--> statement-breakpoint
ALTER TABLE "call_daily_stats" ADD COLUMN "flagged_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_totals" ADD COLUMN "flagged_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "quality_flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "call_quality_crossings" ADD CONSTRAINT "call_quality_crossings_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_quality_crossings_call_idx" ON "call_quality_crossings" USING btree ("call_id","crossed_at");--> statement-breakpoint
CREATE INDEX "calls_quality_flagged_idx" ON "calls" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "calls"."quality_flags" <> '{}'::text[];--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_quality_flags_check" CHECK (quality_flags <@ array['high_rtt', 'high_jitter', 'high_loss', 'low_mos']::text[]);--> statement-breakpoint
-- Flagged calls (any quality flag) join both rollups, so Call statistics count poor calls without a scan.
-- A flag written onto a live call moves its row from flagged 0 to 1 through the update branch.
CREATE OR REPLACE FUNCTION call_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH d AS (%s),
    daily AS (
      INSERT INTO call_daily_stats AS s
        (day, type, status, call_count, total_duration, revenue, coins_used, quality_sum, quality_count,
         poor_quality_count, flagged_count, updated_at)
      SELECT day, type, status, sum(n), sum(duration), sum(cost), sum(coins_used), sum(quality), sum(rated), sum(poor),
             sum(flagged), now()
      FROM d
      GROUP BY day, type, status
      ON CONFLICT (day, type, status) DO UPDATE SET
        call_count = s.call_count + excluded.call_count,
        total_duration = s.total_duration + excluded.total_duration,
        revenue = s.revenue + excluded.revenue,
        coins_used = s.coins_used + excluded.coins_used,
        quality_sum = s.quality_sum + excluded.quality_sum,
        quality_count = s.quality_count + excluded.quality_count,
        poor_quality_count = s.poor_quality_count + excluded.poor_quality_count,
        flagged_count = s.flagged_count + excluded.flagged_count,
        updated_at = excluded.updated_at)
    INSERT INTO call_totals AS t
      (type, status, call_count, total_duration, revenue, coins_used, quality_sum, quality_count, flagged_count,
       updated_at)
    SELECT type, status, sum(n), sum(duration), sum(cost), sum(coins_used), sum(quality), sum(rated), sum(flagged), now()
    FROM d
    GROUP BY type, status
    ORDER BY type, status
    ON CONFLICT (type, status) DO UPDATE SET
      call_count = t.call_count + excluded.call_count,
      total_duration = t.total_duration + excluded.total_duration,
      revenue = t.revenue + excluded.revenue,
      coins_used = t.coins_used + excluded.coins_used,
      quality_sum = t.quality_sum + excluded.quality_sum,
      quality_count = t.quality_count + excluded.quality_count,
      flagged_count = t.flagged_count + excluded.flagged_count,
      updated_at = excluded.updated_at
    $q$, transition_rows(
      CASE WHEN TG_OP <> 'DELETE' THEN 'new_calls' END,
      CASE WHEN TG_OP <> 'INSERT' THEN 'old_calls' END,
      $c$(started_at AT TIME ZONE 'UTC')::date AS day, type, status, 1 AS n, duration, cost, coins_used,
         coalesce(quality, 0)::float8 AS quality, (quality IS NOT NULL)::int AS rated,
         coalesce((quality < 3)::int, 0) AS poor, (cardinality(quality_flags) > 0)::int AS flagged$c$,
      $c$(started_at AT TIME ZONE 'UTC')::date AS day, type, status, -1 AS n, -duration AS duration, -cost AS cost,
         -coins_used AS coins_used, -coalesce(quality, 0)::float8 AS quality, -(quality IS NOT NULL)::int AS rated,
         -coalesce((quality < 3)::int, 0) AS poor, -(cardinality(quality_flags) > 0)::int AS flagged$c$));
  RETURN NULL;
END
$$;
