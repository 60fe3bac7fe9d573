ALTER TABLE "calls" ADD COLUMN "caller_instance_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "callee_instance_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "caller_heard_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "callee_heard_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "reattach_by" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "calls_reattach_by_idx" ON "calls" USING btree ("reattach_by") WHERE "calls"."reattach_by" is not null;--> statement-breakpoint
CREATE INDEX "calls_caller_instance_idx" ON "calls" USING btree ("caller_instance_id") WHERE "calls"."caller_instance_id" is not null;--> statement-breakpoint
CREATE INDEX "calls_callee_instance_idx" ON "calls" USING btree ("callee_instance_id") WHERE "calls"."callee_instance_id" is not null;