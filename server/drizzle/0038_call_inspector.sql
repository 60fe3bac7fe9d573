CREATE TABLE "call_network_paths" (
	"call_id" bigint NOT NULL,
	"side" text NOT NULL,
	"local_candidate_type" text NOT NULL,
	"remote_candidate_type" text NOT NULL,
	"transport" text NOT NULL,
	"relay_server" text,
	"rtt_ms" real,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_network_paths_call_id_side_pk" PRIMARY KEY("call_id","side"),
	CONSTRAINT "call_network_paths_side_check" CHECK (side in ('caller', 'callee')),
	CONSTRAINT "call_network_paths_local_type_check" CHECK (local_candidate_type in ('host', 'srflx', 'prflx', 'relay')),
	CONSTRAINT "call_network_paths_remote_type_check" CHECK (remote_candidate_type in ('host', 'srflx', 'prflx', 'relay')),
	CONSTRAINT "call_network_paths_transport_check" CHECK (transport in ('udp', 'tcp', 'tls')),
	CONSTRAINT "call_network_paths_rtt_nonnegative" CHECK (rtt_ms is null or rtt_ms >= 0)
);
--> statement-breakpoint
CREATE TABLE "call_setup_steps" (
	"call_id" bigint NOT NULL,
	"step" text NOT NULL,
	"side" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_setup_steps_call_id_step_side_pk" PRIMARY KEY("call_id","step","side"),
	CONSTRAINT "call_setup_steps_step_check" CHECK (step in ('invite_sent', 'ringing', 'answered', 'offer', 'answer', 'ice_connected', 'first_media', 'ice_failed')),
	CONSTRAINT "call_setup_steps_side_check" CHECK (side in ('caller', 'callee'))
);
--> statement-breakpoint
CREATE TABLE "call_verdicts" (
	"call_id" bigint PRIMARY KEY NOT NULL,
	"verdict" text,
	"summary" text,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"setup_ms" integer,
	"started_at" timestamp with time zone NOT NULL,
	"judged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_verdicts_verdict_check" CHECK (verdict in ('server_lost', 'refused', 'callee_unreachable', 'declined', 'never_answered', 'signalling_incomplete', 'relay_needed', 'media_never_flowed', 'dropped', 'poor_network_caller', 'poor_network_callee', 'slow_setup'))
);
--> statement-breakpoint
ALTER TABLE "call_network_paths" ADD CONSTRAINT "call_network_paths_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_setup_steps" ADD CONSTRAINT "call_setup_steps_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_verdicts" ADD CONSTRAINT "call_verdicts_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_setup_steps_step_at_idx" ON "call_setup_steps" USING btree ("step","at");--> statement-breakpoint
CREATE INDEX "call_verdicts_verdict_idx" ON "call_verdicts" USING btree ("verdict","started_at" DESC NULLS LAST,"call_id" DESC NULLS LAST) WHERE "call_verdicts"."verdict" is not null;--> statement-breakpoint
CREATE INDEX "call_verdicts_started_at_idx" ON "call_verdicts" USING btree ("started_at");