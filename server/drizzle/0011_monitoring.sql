CREATE TABLE "metric_minutes" (
	"instance_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"cpu_usage" double precision NOT NULL,
	"memory_usage" double precision NOT NULL,
	"p95" double precision NOT NULL,
	"error_rate" double precision NOT NULL,
	CONSTRAINT "metric_minutes_instance_id_minute_pk" PRIMARY KEY("instance_id","minute")
);
--> statement-breakpoint
CREATE TABLE "monitor_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" text NOT NULL,
	"rule" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "monitor_alerts_severity_check" CHECK ("monitor_alerts"."severity" in ('critical', 'high', 'medium', 'low'))
);
--> statement-breakpoint
CREATE TABLE "monitor_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"latest" jsonb
);
--> statement-breakpoint
CREATE INDEX "metric_minutes_minute_idx" ON "metric_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "monitor_alerts_raised_at_idx" ON "monitor_alerts" USING btree ("raised_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_alerts_open_key" ON "monitor_alerts" USING btree ("instance_id","rule") WHERE "monitor_alerts"."cleared_at" is null;