ALTER TABLE "security_events" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "user_reports_time_id_idx" ON "user_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_reports_status_time_id_idx" ON "user_reports" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_time_id_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_time_id_idx" ON "audit_log" USING btree ("actor_username","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_time_id_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_fold_idx" ON "security_events" USING btree ("event_type","ip_address","created_at" DESC NULLS FIRST) WHERE not "security_events"."resolved";--> statement-breakpoint
CREATE INDEX "security_events_severity_id_idx" ON "security_events" USING btree ("severity","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_resolved_id_idx" ON "security_events" USING btree ("resolved","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_logs_time_id_idx" ON "system_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_logs_level_time_id_idx" ON "system_logs" USING btree ("level","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_logs_module_time_id_idx" ON "system_logs" USING btree ("module","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_occurrences_check" CHECK ("security_events"."occurrences" >= 1);