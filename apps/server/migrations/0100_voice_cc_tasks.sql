CREATE TABLE "traffic_cc" (
	"start_at" timestamp with time zone NOT NULL,
	"call_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"direction" text NOT NULL,
	"queue" text NOT NULL,
	"seat" text,
	"agent" text,
	"number" text NOT NULL,
	"line" text,
	"answer_at" timestamp with time zone,
	"end_at" timestamp with time zone NOT NULL,
	"wait_seconds" integer NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"result" text NOT NULL,
	"recording" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_cc_pk" PRIMARY KEY("start_at","call_id")
);
--> statement-breakpoint
CREATE TABLE "traffic_voice_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"caller" text NOT NULL,
	"numbers" integer NOT NULL,
	"attempted" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"state_at" timestamp with time zone NOT NULL,
	"request" text,
	"requested_at" timestamp with time zone,
	"requested_by" integer,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_voice_tasks_platform_id_unique" UNIQUE("platform_id")
);
--> statement-breakpoint
CREATE INDEX "traffic_cc_account_idx" ON "traffic_cc" USING btree ("account_id","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_owner_idx" ON "traffic_cc" USING btree ("owner_id","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_number_idx" ON "traffic_cc" USING btree ("number","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_seat_idx" ON "traffic_cc" USING btree ("seat","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_call_idx" ON "traffic_cc" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "traffic_voice_tasks_start_idx" ON "traffic_voice_tasks" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "traffic_voice_tasks_account_idx" ON "traffic_voice_tasks" USING btree ("account_id","start_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_tasks_owner_idx" ON "traffic_voice_tasks" USING btree ("owner_id","start_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_tasks_request_idx" ON "traffic_voice_tasks" USING btree ("requested_at","id") WHERE "traffic_voice_tasks"."requested_by" is not null;--> statement-breakpoint
-- hand-written
-- traffic_cc (call-centre records) is partitioned by day like traffic_voice (decision 0130): drizzle-kit
-- created it plain above; re-create it partitioned by RANGE ("start_at") with the same columns, key and index names.
ALTER TABLE "traffic_cc" RENAME TO "traffic_cc_plain";--> statement-breakpoint
CREATE TABLE "traffic_cc" (LIKE "traffic_cc_plain" INCLUDING DEFAULTS) PARTITION BY RANGE ("start_at");--> statement-breakpoint
DROP TABLE "traffic_cc_plain";--> statement-breakpoint
ALTER TABLE "traffic_cc" ADD CONSTRAINT "traffic_cc_pk" PRIMARY KEY("start_at","call_id");--> statement-breakpoint
CREATE INDEX "traffic_cc_account_idx" ON "traffic_cc" USING btree ("account_id","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_owner_idx" ON "traffic_cc" USING btree ("owner_id","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_number_idx" ON "traffic_cc" USING btree ("number","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_seat_idx" ON "traffic_cc" USING btree ("seat","start_at");--> statement-breakpoint
CREATE INDEX "traffic_cc_call_idx" ON "traffic_cc" USING btree ("call_id");
