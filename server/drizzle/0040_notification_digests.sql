CREATE TABLE "notification_digest_runs" (
	"frequency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digest_runs_frequency_period_start_pk" PRIMARY KEY("frequency","period_start")
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"frequency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"notification_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_period_key" UNIQUE("user_id","frequency","period_start"),
	CONSTRAINT "notification_digests_frequency_check" CHECK (frequency in ('hourly', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD COLUMN "digest_id" bigint;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Notifications screen counts digest deliveries from a counter kept in the digests' own transaction.
CREATE FUNCTION notification_digests_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  made bigint := (SELECT count(*) FROM new_digests);
BEGIN
  IF made > 0 THEN PERFORM bump_row_count('notifications.digests', made); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notification_digests_row_counts AFTER INSERT ON notification_digests
  REFERENCING NEW TABLE AS new_digests FOR EACH STATEMENT EXECUTE FUNCTION notification_digests_row_counts();
