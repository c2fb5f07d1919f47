CREATE TABLE "traffic_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"sender_id" text NOT NULL,
	"numbers" integer NOT NULL,
	"segments" smallint DEFAULT 1 NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "traffic_appointments_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "traffic_recall_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"channel_id" integer NOT NULL,
	"states" text[] NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_recalls" (
	"message_id" text PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"submit_at" timestamp with time zone NOT NULL,
	"new_message_id" text NOT NULL,
	"resent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_twoway_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"keyword" text NOT NULL,
	"match" text NOT NULL,
	"action" text NOT NULL,
	"reply_text" text,
	"account_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_twoway_rules_uq" UNIQUE NULLS NOT DISTINCT("keyword","account_id")
);
--> statement-breakpoint
CREATE TABLE "traffic_twoway_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"sender_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "traffic_appointments_scheduled_idx" ON "traffic_appointments" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "traffic_appointments_account_idx" ON "traffic_appointments" USING btree ("account_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "traffic_appointments_owner_idx" ON "traffic_appointments" USING btree ("owner_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "traffic_appointments_waiting_idx" ON "traffic_appointments" USING btree ("scheduled_at") WHERE "traffic_appointments"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "traffic_recall_tasks_created_idx" ON "traffic_recall_tasks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "traffic_recall_tasks_owner_idx" ON "traffic_recall_tasks" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "traffic_recalls_task_idx" ON "traffic_recalls" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "traffic_recalls_unsent_idx" ON "traffic_recalls" USING btree ("created_at") WHERE "traffic_recalls"."resent_at" is null;--> statement-breakpoint
CREATE INDEX "traffic_twoway_rules_keyword_idx" ON "traffic_twoway_rules" USING btree ("keyword","id");--> statement-breakpoint
CREATE INDEX "traffic_twoway_rules_action_idx" ON "traffic_twoway_rules" USING btree ("action");--> statement-breakpoint
CREATE INDEX "traffic_twoway_rules_account_idx" ON "traffic_twoway_rules" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "traffic_twoway_rules_updated_idx" ON "traffic_twoway_rules" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_tasks_start_idx" ON "traffic_twoway_tasks" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_tasks_owner_idx" ON "traffic_twoway_tasks" USING btree ("owner_id","start_at");