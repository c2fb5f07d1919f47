CREATE TABLE "traffic_message_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"state_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"matched" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_message_states_event_uq" ON "traffic_message_states" USING btree ("kind","record_id","state","state_at");--> statement-breakpoint
CREATE INDEX "traffic_message_states_unmatched_idx" ON "traffic_message_states" USING btree ("received_at") WHERE not "traffic_message_states"."matched";--> statement-breakpoint
CREATE INDEX "traffic_message_states_received_idx" ON "traffic_message_states" USING btree ("received_at");