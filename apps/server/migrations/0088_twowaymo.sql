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
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"mo_id" text NOT NULL,
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
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_twoway_actions_mo_id_unique" UNIQUE("mo_id")
);
--> statement-breakpoint
CREATE INDEX "traffic_blacklist_created_idx" ON "traffic_blacklist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_at_idx" ON "traffic_twoway_actions" USING btree ("mo_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_state_idx" ON "traffic_twoway_actions" USING btree ("state","mo_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_action_idx" ON "traffic_twoway_actions" USING btree ("action","mo_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_account_idx" ON "traffic_twoway_actions" USING btree ("account_id","mo_at");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_handset_idx" ON "traffic_twoway_actions" USING btree ("handset");--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_owner_idx" ON "traffic_twoway_actions" USING btree ("owner_id","mo_at");