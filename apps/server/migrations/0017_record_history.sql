CREATE TABLE "record_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"changes" jsonb,
	"body" text,
	"data" jsonb
);
--> statement-breakpoint
CREATE INDEX "record_events_timeline_idx" ON "record_events" USING btree ("entity","record_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);