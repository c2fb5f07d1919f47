CREATE TABLE "qm_supplier_quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"row" integer NOT NULL,
	"dest_kind" text NOT NULL,
	"dest" text NOT NULL,
	"country" text,
	"label" text DEFAULT '' NOT NULL,
	"old_cost" numeric(18, 6),
	"unit_price" numeric(18, 6) NOT NULL,
	"first_increment" integer DEFAULT 1 NOT NULL,
	"next_increment" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"raise" boolean NOT NULL,
	"over_price" boolean NOT NULL,
	"affected" jsonb NOT NULL,
	"price_id" integer,
	CONSTRAINT "qm_supplier_quote_lines_cost_ck" CHECK ("qm_supplier_quote_lines"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "qm_supplier_quotes" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "qm_supplier_quote_lines" ADD CONSTRAINT "qm_supplier_quote_lines_quote_id_qm_supplier_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."qm_supplier_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qm_supplier_quote_lines_quote_idx" ON "qm_supplier_quote_lines" USING btree ("quote_id","row");