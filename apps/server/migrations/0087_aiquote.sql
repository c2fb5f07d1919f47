CREATE TABLE "qm_ai_quote_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_code" text NOT NULL,
	"product" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"source_kind" text NOT NULL,
	"source" text NOT NULL,
	"mail_id" integer,
	"mapped_by" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"mapping_text" text NOT NULL,
	"header_row" integer NOT NULL,
	"rows_read" integer NOT NULL,
	"rows_understood" integer NOT NULL,
	"rows_not_understood" integer NOT NULL,
	"reasons" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT 'draft' NOT NULL,
	"saved_count" integer,
	"held_count" integer,
	"request_id" integer,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "qm_ai_quote_runs_outcome_idx" ON "qm_ai_quote_runs" USING btree ("outcome");--> statement-breakpoint
CREATE INDEX "qm_ai_quote_runs_product_idx" ON "qm_ai_quote_runs" USING btree ("product");--> statement-breakpoint
CREATE INDEX "qm_ai_quote_runs_mapped_by_idx" ON "qm_ai_quote_runs" USING btree ("mapped_by");--> statement-breakpoint
CREATE INDEX "qm_ai_quote_runs_created_idx" ON "qm_ai_quote_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "qm_ai_quote_runs_user_idx" ON "qm_ai_quote_runs" USING btree ("user_id");