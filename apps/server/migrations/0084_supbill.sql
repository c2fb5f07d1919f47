CREATE SEQUENCE "public"."fin_soa_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."fin_supplier_bill_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_recon_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"product" text NOT NULL,
	"tolerance_pct" numeric(5, 2) NOT NULL,
	"tolerance_amount" bigint NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_recon_config_range" CHECK ("fin_recon_config"."tolerance_pct" between 0 and 100 and "fin_recon_config"."tolerance_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fin_soas" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"product" text NOT NULL,
	"currency" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"opening" bigint NOT NULL,
	"costs" bigint NOT NULL,
	"payments" bigint NOT NULL,
	"adjustments" bigint NOT NULL,
	"closing" bigint NOT NULL,
	"their_closing" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", ''))) STORED NOT NULL,
	CONSTRAINT "fin_soas_period" CHECK ("fin_soas"."period_from" <= "fin_soas"."period_to")
);
--> statement-breakpoint
CREATE TABLE "fin_supplier_bill_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"bill_id" integer NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	"their_count" numeric(18, 2) NOT NULL,
	"our_count" numeric(18, 2) NOT NULL,
	"their_amount" bigint NOT NULL,
	"our_cost" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"flagged" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_supplier_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"product" text NOT NULL,
	"currency" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"reference" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"their_amount" bigint DEFAULT 0 NOT NULL,
	"our_cost" bigint DEFAULT 0 NOT NULL,
	"difference" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_by" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("reference", ''))) STORED NOT NULL,
	CONSTRAINT "fin_supplier_bills_period" CHECK ("fin_supplier_bills"."period_from" <= "fin_supplier_bills"."period_to")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_recon_config_product_uq" ON "fin_recon_config" USING btree ("product");--> statement-breakpoint
CREATE INDEX "fin_recon_config_updated_idx" ON "fin_recon_config" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_soas_code_uq" ON "fin_soas" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_soas_search_idx" ON "fin_soas" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fin_soas_supplier_idx" ON "fin_soas" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "fin_soas_product_idx" ON "fin_soas" USING btree ("product");--> statement-breakpoint
CREATE INDEX "fin_soas_state_idx" ON "fin_soas" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_soas_period_idx" ON "fin_soas" USING btree ("period_from" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_soas_created_idx" ON "fin_soas" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_bill_lines_uq" ON "fin_supplier_bill_lines" USING btree ("bill_id","day","country");--> statement-breakpoint
CREATE INDEX "fin_supplier_bill_lines_day_idx" ON "fin_supplier_bill_lines" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "fin_supplier_bill_lines_flagged_idx" ON "fin_supplier_bill_lines" USING btree ("flagged","bill_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_bill_lines_country_idx" ON "fin_supplier_bill_lines" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_bills_code_uq" ON "fin_supplier_bills" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_search_idx" ON "fin_supplier_bills" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_supplier_idx" ON "fin_supplier_bills" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_product_idx" ON "fin_supplier_bills" USING btree ("product");--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_state_idx" ON "fin_supplier_bills" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_period_idx" ON "fin_supplier_bills" USING btree ("period_from" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_created_idx" ON "fin_supplier_bills" USING btree ("created_at" DESC NULLS FIRST,"id");