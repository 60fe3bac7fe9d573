CREATE TABLE "call_daily_stats" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"call_count" bigint DEFAULT 0 NOT NULL,
	"total_duration" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL,
	"coins_used" bigint DEFAULT 0 NOT NULL,
	"quality_sum" double precision DEFAULT 0 NOT NULL,
	"quality_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_daily_stats_day_type_status_pk" PRIMARY KEY("day","type","status")
);
--> statement-breakpoint
CREATE TABLE "coin_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"total_earned" bigint DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_accounts_balance_nonnegative" CHECK (balance >= 0),
	CONSTRAINT "coin_accounts_totals_nonnegative" CHECK (total_earned >= 0 and total_spent >= 0)
);
--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_caller_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_callee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "coin_transactions" DROP CONSTRAINT "coin_transactions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "official_message_recipients" DROP CONSTRAINT "official_message_recipients_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "coin_transactions_idempotency_key";--> statement-breakpoint
DROP INDEX "users_coin_balance_idx";--> statement-breakpoint
DROP INDEX "calls_started_at_idx";--> statement-breakpoint
DROP INDEX "calls_caller_idx";--> statement-breakpoint
DROP INDEX "calls_callee_idx";--> statement-breakpoint
DROP INDEX "calls_status_idx";--> statement-breakpoint
DROP INDEX "coin_transactions_user_idx";--> statement-breakpoint
DROP INDEX "coin_transactions_created_at_idx";--> statement-breakpoint
DROP INDEX "coin_transactions_type_idx";--> statement-breakpoint
DROP INDEX "notifications_status_idx";--> statement-breakpoint
DROP INDEX "notifications_created_at_idx";--> statement-breakpoint
DROP INDEX "official_messages_status_idx";--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD COLUMN "side" text DEFAULT 'caller' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "caller_username" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "callee_username" text;--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD COLUMN "username" text;--> statement-breakpoint
UPDATE "coin_transactions" t SET "username" = coalesce((SELECT u."username" FROM "users" u WHERE u."id" = t."user_id"), 'deleted user');--> statement-breakpoint
ALTER TABLE "coin_transactions" ALTER COLUMN "username" SET NOT NULL;--> statement-breakpoint
UPDATE "calls" c SET "caller_username" = (SELECT u."username" FROM "users" u WHERE u."id" = c."caller_id"), "callee_username" = (SELECT u."username" FROM "users" u WHERE u."id" = c."callee_id");--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "total_recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "official_messages" ADD COLUMN "total_recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "official_messages" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "official_messages" ADD COLUMN "acknowledged_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_accounts" ADD CONSTRAINT "coin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_accounts_top_earners_idx" ON "coin_accounts" USING btree ("total_earned" DESC NULLS LAST,"user_id");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_id_users_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_reverses_id_coin_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."coin_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_message_recipients" ADD CONSTRAINT "official_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_type_idx" ON "calls" USING btree ("type","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_transactions_username_trgm" ON "coin_transactions" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "coin_transactions_user_idempotency_key" ON "coin_transactions" USING btree ("user_id","idempotency_key") WHERE "coin_transactions"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_transactions_reverses_id_key" ON "coin_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "official_messages_created_at_idx" ON "official_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_started_at_idx" ON "calls" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_caller_idx" ON "calls" USING btree ("caller_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_callee_idx" ON "calls" USING btree ("callee_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_status_idx" ON "calls" USING btree ("status","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_transactions_user_idx" ON "coin_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_transactions_created_at_idx" ON "coin_transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coin_transactions_type_idx" ON "coin_transactions" USING btree ("transaction_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_status_idx" ON "notifications" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "official_messages_status_idx" ON "official_messages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "coin_accounts" ("user_id", "balance", "total_earned", "total_spent") SELECT "id", "coin_balance", "total_earned", "total_spent" FROM "users" WHERE "coin_balance" <> 0 OR "total_earned" <> 0 OR "total_spent" <> 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "coin_balance";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_earned";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_spent";--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD CONSTRAINT "call_quality_samples_side_check" CHECK (side in ('caller', 'callee'));--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD CONSTRAINT "call_quality_samples_mos_range" CHECK (mos between 1 and 5);--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD CONSTRAINT "call_quality_samples_metrics_nonnegative" CHECK (jitter_ms >= 0 and packet_loss >= 0 and rtt_ms >= 0 and bitrate_kbps >= 0);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_type_check" CHECK (type in ('voice', 'video', 'group'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_status_check" CHECK (status in ('ringing', 'active', 'ended', 'completed', 'failed', 'missed'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_quality_range" CHECK (quality between 0 and 5);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_duration_range" CHECK (duration between 0 and 3600);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_cost_nonnegative" CHECK (cost >= 0);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_coins_used_nonnegative" CHECK (coins_used >= 0);--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_type_check" CHECK (transaction_type in ('earn', 'spend', 'transfer', 'bonus', 'penalty'));--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_amount_nonzero" CHECK (amount <> 0);--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_balance_after_nonnegative" CHECK (balance_after >= 0);--> statement-breakpoint
ALTER TABLE "coin_transactions" ADD CONSTRAINT "coin_transactions_amount_sign" CHECK (case when reverses_id is null
          then (transaction_type in ('earn', 'bonus') and amount > 0)
            or (transaction_type in ('spend', 'penalty') and amount < 0) or transaction_type = 'transfer'
          else (transaction_type in ('earn', 'bonus') and amount < 0)
            or (transaction_type in ('spend', 'penalty') and amount > 0) or transaction_type = 'transfer' end);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('info', 'warning', 'error', 'success'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_priority_check" CHECK (priority in ('low', 'medium', 'high', 'urgent'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target_audience_check" CHECK (target_audience in ('all', 'premium', 'admin', 'specific'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK (status in ('sent', 'scheduled', 'draft', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_counts_range" CHECK (read_count between 0 and total_recipients);--> statement-breakpoint
ALTER TABLE "official_messages" ADD CONSTRAINT "official_messages_type_check" CHECK (message_type in ('announcement', 'notification', 'update', 'warning', 'maintenance'));--> statement-breakpoint
ALTER TABLE "official_messages" ADD CONSTRAINT "official_messages_priority_check" CHECK (priority in ('low', 'normal', 'high', 'urgent', 'critical'));--> statement-breakpoint
ALTER TABLE "official_messages" ADD CONSTRAINT "official_messages_status_check" CHECK (status in ('draft', 'sending', 'sent', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "official_messages" ADD CONSTRAINT "official_messages_counts_range" CHECK (read_count between 0 and total_recipients and acknowledged_count between 0 and total_recipients);