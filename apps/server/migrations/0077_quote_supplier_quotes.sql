CREATE TABLE "qm_supplier_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_code" text NOT NULL,
	"product" text NOT NULL,
	"dest_kind" text NOT NULL,
	"dest" text NOT NULL,
	"country" text,
	"category" text DEFAULT '' NOT NULL,
	"old_cost" numeric(18, 6),
	"unit_price" numeric(18, 6) NOT NULL,
	"connect_fee" numeric(18, 6) DEFAULT '0' NOT NULL,
	"first_increment" integer DEFAULT 1 NOT NULL,
	"next_increment" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"charge_on" text,
	"effective_from" timestamp with time zone NOT NULL,
	"raise" boolean NOT NULL,
	"over_price" boolean NOT NULL,
	"affected" jsonb NOT NULL,
	"affected_count" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_id" integer,
	"price_id" integer,
	"applicant_id" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qm_supplier_quotes_cost_ck" CHECK ("qm_supplier_quotes"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX "qm_supplier_quotes_state_idx" ON "qm_supplier_quotes" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "qm_supplier_quotes_product_idx" ON "qm_supplier_quotes" USING btree ("product");--> statement-breakpoint
CREATE INDEX "qm_supplier_quotes_applicant_idx" ON "qm_supplier_quotes" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "qm_supplier_quotes_approval_idx" ON "qm_supplier_quotes" USING btree ("approval_id");