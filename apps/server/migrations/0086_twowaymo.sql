CREATE TABLE "traffic_blacklist" (
	"account_id" integer NOT NULL,
	"number" text NOT NULL,
	"mo_id" text,
	"rule_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_blacklist_pk" PRIMARY KEY("account_id","number")
);
--> statement-breakpoint
CREATE TABLE "traffic_twoway_actions" (
	"mo_id" text PRIMARY KEY NOT NULL,
	"mo_at" timestamp with time zone NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"handset" text NOT NULL,
	"sender_id" text NOT NULL,
	"rule_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"action" text NOT NULL,
	"reply_text" text,
	"forward_to" integer,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "traffic_blacklist_created_idx" ON "traffic_blacklist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_at_idx" ON "traffic_twoway_actions" USING btree ("mo_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_account_idx" ON "traffic_twoway_actions" USING btree ("account_id","mo_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_owner_idx" ON "traffic_twoway_actions" USING btree ("owner_id","mo_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_queued_idx" ON "traffic_twoway_actions" USING btree ("created_at") WHERE "traffic_twoway_actions"."state" = 'queued';