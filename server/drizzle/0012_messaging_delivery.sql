ALTER TABLE "official_messages" DROP CONSTRAINT "official_messages_counts_range";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_user_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "official_messages" ADD COLUMN "delivered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_type_idx" ON "notifications" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_title_trgm" ON "notifications" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_message_trgm" ON "notifications" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("scheduled_at","id") WHERE "notifications"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "notifications_sent_at_idx" ON "notifications" USING btree ("sent_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."status" = 'sent';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_schedule_check" CHECK ("notifications"."status" <> 'scheduled' or ("notifications"."is_scheduled" and "notifications"."scheduled_at" is not null));--> statement-breakpoint
ALTER TABLE "official_messages" ADD CONSTRAINT "official_messages_counts_range" CHECK (read_count between 0 and total_recipients and acknowledged_count between 0 and total_recipients
          and delivered_count between 0 and total_recipients);