CREATE TABLE "coin_daily_stats" (
	"day" date NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"transaction_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_daily_stats_day_pk" PRIMARY KEY("day")
);
--> statement-breakpoint
CREATE INDEX "coin_accounts_top_spenders_idx" ON "coin_accounts" USING btree ("total_spent" DESC NULLS LAST,"user_id");--> statement-breakpoint
-- coin_daily_stats and the coin_transactions counters follow the ledger with one grouped pass per insert
-- statement; the ledger refuses UPDATE and DELETE, so inserts are the only change to follow. Credits count
-- as earned and debits as spent by their sign, as coin_accounts does, so a reversal lowers neither total.
CREATE FUNCTION coin_transactions_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UNION ALL SELECT 'coin_transactions.total', count(*) FROM new_entries) c
  WHERE n > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER coin_transactions_rollups AFTER INSERT ON coin_transactions REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION coin_transactions_rollups();--> statement-breakpoint
INSERT INTO coin_daily_stats (day, earned, spent, transaction_count)
SELECT (created_at AT TIME ZONE 'UTC')::date, sum(greatest(amount, 0)), -sum(least(amount, 0)), count(*)
FROM coin_transactions GROUP BY 1;--> statement-breakpoint
INSERT INTO row_counts (counter, shard, n)
SELECT 'coin_transactions.' || transaction_type, 0, count(*) FROM coin_transactions GROUP BY 1
UNION ALL SELECT 'coin_transactions.total', 0, count(*) FROM coin_transactions;
