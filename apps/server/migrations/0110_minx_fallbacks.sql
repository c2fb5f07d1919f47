CREATE TABLE "traffic_minx_fallbacks" (
	"message_id" text NOT NULL,
	"step" smallint NOT NULL,
	"plan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"submit_at" timestamp with time zone NOT NULL,
	"new_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "traffic_minx_fallbacks_pk" PRIMARY KEY("message_id","step")
);
--> statement-breakpoint
CREATE TABLE "traffic_minx_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "traffic_minx_fallbacks_plan_idx" ON "traffic_minx_fallbacks" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "traffic_minx_fallbacks_unsent_idx" ON "traffic_minx_fallbacks" USING btree ("created_at") WHERE "traffic_minx_fallbacks"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_minx_plans_active_uq" ON "traffic_minx_plans" USING btree ("account_id") WHERE "traffic_minx_plans"."state" = 'active';--> statement-breakpoint
CREATE INDEX "traffic_minx_plans_account_idx" ON "traffic_minx_plans" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "traffic_minx_plans_owner_idx" ON "traffic_minx_plans" USING btree ("owner_id","id");