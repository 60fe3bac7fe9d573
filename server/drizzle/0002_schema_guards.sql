CREATE TABLE "row_counts" (
	"counter" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_counter_shard_pk" PRIMARY KEY("counter","shard")
);
--> statement-breakpoint
DROP INDEX "friend_requests_pair_key";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_online_idx";--> statement-breakpoint
DELETE FROM "likes" a USING "likes" b WHERE a."user_id" = b."user_id" AND a."target_type" = b."target_type" AND a."target_id" = b."target_id" AND a."id" > b."id";--> statement-breakpoint
DELETE FROM "friend_requests" a USING "friend_requests" b WHERE least(a."sender_id", a."receiver_id") = least(b."sender_id", b."receiver_id") AND greatest(a."sender_id", a."receiver_id") = greatest(b."sender_id", b."receiver_id") AND a."id" > b."id";--> statement-breakpoint
DELETE FROM "friend_requests" WHERE "sender_id" = "receiver_id";--> statement-breakpoint
DELETE FROM "follows" WHERE "follower_id" = "following_id";--> statement-breakpoint
ALTER TABLE "login_attempts" ALTER COLUMN "ip_address" SET DATA TYPE inet USING "ip_address"::inet;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "ip_address" SET DATA TYPE inet USING "ip_address"::inet;--> statement-breakpoint
ALTER TABLE "geolocations" ALTER COLUMN "ip_address" SET DATA TYPE inet USING "ip_address"::inet;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "ip_address" SET DATA TYPE inet USING "ip_address"::inet;--> statement-breakpoint
ALTER TABLE "blocked_ips" ALTER COLUMN "ip_address" SET DATA TYPE cidr USING "ip_address"::cidr;--> statement-breakpoint
ALTER TABLE "security_events" ALTER COLUMN "ip_address" SET DATA TYPE inet USING "ip_address"::inet;--> statement-breakpoint
ALTER TABLE "system_logs" ALTER COLUMN "ip_address" SET DATA TYPE inet USING "ip_address"::inet;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blocked_ips_range_idx" ON "blocked_ips" USING gist ("ip_address" inet_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "likes_user_target_key" ON "likes" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("deleted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_requests_pair_key" ON "friend_requests" USING btree (least("sender_id", "receiver_id"),greatest("sender_id", "receiver_id"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_online_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."is_online" and "users"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "geolocations" ADD CONSTRAINT "geolocations_location_type_check" CHECK ("geolocations"."location_type" in ('gps', 'ip_address', 'network'));--> statement-breakpoint
ALTER TABLE "geolocations" ADD CONSTRAINT "geolocations_latitude_check" CHECK ("geolocations"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "geolocations" ADD CONSTRAINT "geolocations_longitude_check" CHECK ("geolocations"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "geolocations" ADD CONSTRAINT "geolocations_accuracy_check" CHECK ("geolocations"."accuracy" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_message_type_check" CHECK ("messages"."message_type" in ('text', 'image', 'audio', 'video'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length_check" CHECK (char_length("messages"."content") <= 1000);--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_report_type_check" CHECK ("user_reports"."report_type" in ('harassment', 'spam', 'inappropriate_content', 'fake_profile'));--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_status_check" CHECK ("user_reports"."status" in ('pending', 'reviewed', 'resolved', 'dismissed'));--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_event_type_check" CHECK ("security_events"."event_type" in ('login_failed', 'suspicious_activity', 'rate_limit_exceeded', 'unauthorized_access', 'refresh_token_reuse', 'ip_blocked'));--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_severity_check" CHECK ("security_events"."severity" in ('critical', 'high', 'medium', 'low'));--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follow_type_check" CHECK ("follows"."follow_type" in ('user', 'creator'));--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."following_id");--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_status_check" CHECK ("friend_requests"."status" in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_not_self_check" CHECK ("friend_requests"."sender_id" <> "friend_requests"."receiver_id");--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_target_type_check" CHECK ("likes"."target_type" in ('profile', 'message', 'call', 'post'));--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_status_check" CHECK ("backups"."status" in ('running', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_trigger_check" CHECK ("backups"."trigger" in ('manual', 'scheduled'));--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_size_bytes_check" CHECK ("backups"."size_bytes" >= 0);--> statement-breakpoint
ALTER TABLE "system_logs" ADD CONSTRAINT "system_logs_level_check" CHECK ("system_logs"."level" in ('DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'));