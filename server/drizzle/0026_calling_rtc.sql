CREATE TABLE "call_quality_rollups" (
	"call_id" bigint NOT NULL,
	"side" text NOT NULL,
	"sample_count" integer NOT NULL,
	"mos_sum" double precision NOT NULL,
	"rtt_ms_sum" double precision NOT NULL,
	"jitter_ms_sum" double precision NOT NULL,
	"packet_loss_sum" double precision NOT NULL,
	"bitrate_kbps_sum" double precision NOT NULL,
	"min_mos" real NOT NULL,
	"first_sampled_at" timestamp with time zone NOT NULL,
	"last_sampled_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_quality_rollups_call_id_side_pk" PRIMARY KEY("call_id","side"),
	CONSTRAINT "call_quality_rollups_side_check" CHECK (side in ('caller', 'callee')),
	CONSTRAINT "call_quality_rollups_count_positive" CHECK (sample_count > 0)
);
--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_status_check";--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD COLUMN "codec" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_quality_rollups" ADD CONSTRAINT "call_quality_rollups_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_quality_samples_sampled_at_brin" ON "call_quality_samples" USING brin ("sampled_at");--> statement-breakpoint
CREATE INDEX "calls_due_idx" ON "calls" USING btree ("due_at") WHERE "calls"."due_at" is not null;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_due_only_live" CHECK (due_at is null or status in ('ringing', 'active'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_answered_before_end" CHECK (answered_at is null or status not in ('ringing', 'missed', 'declined'));--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_status_check" CHECK (status in ('ringing', 'active', 'ended', 'completed', 'failed', 'missed', 'declined'));--> statement-breakpoint
-- The call state machine, enforced by the database as well as by the calls service: ringing → active → ended,
-- or ringing → missed, declined or failed (an active call may also fail). Ended states never change again.
CREATE FUNCTION calls_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'ringing' AND NEW.status IN ('active', 'missed', 'declined', 'failed'))
    OR (OLD.status = 'active' AND NEW.status IN ('ended', 'failed'))
  ) THEN
    RAISE EXCEPTION 'call % cannot go from % to %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = '23514', CONSTRAINT = 'calls_status_transition';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER calls_status_transition BEFORE UPDATE OF status ON calls
  FOR EACH ROW EXECUTE FUNCTION calls_status_transition();
