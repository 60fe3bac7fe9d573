-- Issue #29 (Calls screen and moderation). The Reports screen filters by type and searches either party by
-- username; the Security screen filters events by type and finds an address or a range (<<=, GiST). A block
-- that expires must expire after it was made (the guard and the list treat a past expiry as no block).
CREATE INDEX "user_reports_type_time_id_idx" ON "user_reports" USING btree ("report_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_type_id_idx" ON "security_events" USING btree ("event_type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_ip_id_idx" ON "security_events" USING gist ("ip_address" inet_ops);--> statement-breakpoint
ALTER TABLE "blocked_ips" ADD CONSTRAINT "blocked_ips_expiry_after_block" CHECK ("blocked_ips"."expires_at" is null or "blocked_ips"."expires_at" > "blocked_ips"."created_at");
