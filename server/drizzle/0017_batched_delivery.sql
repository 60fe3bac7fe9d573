ALTER TABLE "notifications" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivery_cursor" text;--> statement-breakpoint
ALTER TABLE "official_messages" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "official_messages" ADD COLUMN "delivery_cursor" text;--> statement-breakpoint
CREATE INDEX "notifications_delivery_idx" ON "notifications" USING btree ("delivery_at") WHERE "notifications"."delivery_at" is not null;--> statement-breakpoint
CREATE INDEX "official_messages_delivery_idx" ON "official_messages" USING btree ("delivery_at") WHERE "official_messages"."delivery_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_delivery_check" CHECK ("notifications"."delivery_at" is null or ("notifications"."status" in ('draft', 'scheduled') and "notifications"."delivery_cursor" is not null));--> statement-breakpoint
ALTER TABLE "official_messages" ADD CONSTRAINT "official_messages_delivery_check" CHECK ("official_messages"."delivery_at" is null or ("official_messages"."status" = 'sending' and "official_messages"."delivery_cursor" is not null));
