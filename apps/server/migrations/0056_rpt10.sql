CREATE TABLE "rpt_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"report" text NOT NULL,
	"frequency" text NOT NULL,
	"recipients" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"owner_id" integer NOT NULL,
	"last_period" text,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rpt_subscriptions_owner_idx" ON "rpt_subscriptions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "rpt_subscriptions_report_idx" ON "rpt_subscriptions" USING btree ("report");--> statement-breakpoint
CREATE INDEX "rpt_subscriptions_frequency_idx" ON "rpt_subscriptions" USING btree ("frequency");--> statement-breakpoint
CREATE INDEX "rpt_subscriptions_enabled_idx" ON "rpt_subscriptions" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "rpt_subscriptions_updated_idx" ON "rpt_subscriptions" USING btree ("updated_at" DESC NULLS FIRST,"id");