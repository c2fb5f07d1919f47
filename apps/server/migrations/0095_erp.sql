CREATE TABLE "fin_erp_doc_counters" (
	"type" text NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "fin_erp_doc_counters_type_day_pk" PRIMARY KEY("type","day")
);
--> statement-breakpoint
CREATE TABLE "fin_erp_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"doc_date" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"counterpart_kind" text NOT NULL,
	"counterpart_id" integer NOT NULL,
	"counterpart_code" text NOT NULL,
	"counterpart_name" text NOT NULL,
	"entity_code" text,
	"currency" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"lines" jsonb NOT NULL,
	"source_key" text NOT NULL,
	"exported_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("number", '') || E'\x1f' || coalesce("counterpart_code", '') || E'\x1f' || coalesce("counterpart_name", ''))) STORED NOT NULL,
	CONSTRAINT "fin_erp_documents_amount" CHECK ("fin_erp_documents"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fin_erp_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"our_code" text NOT NULL,
	"kingdee_code" text NOT NULL,
	"kingdee_name" text,
	"remark" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("our_code", '') || E'\x1f' || coalesce("kingdee_code", '') || E'\x1f' || coalesce("kingdee_name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_erp_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"unit" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_erp_documents_number_uq" ON "fin_erp_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_erp_documents_source_uq" ON "fin_erp_documents" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "fin_erp_documents_state_idx" ON "fin_erp_documents" USING btree ("type","state");--> statement-breakpoint
CREATE INDEX "fin_erp_documents_currency_idx" ON "fin_erp_documents" USING btree ("type","currency");--> statement-breakpoint
CREATE INDEX "fin_erp_documents_date_idx" ON "fin_erp_documents" USING btree ("type","doc_date");--> statement-breakpoint
CREATE INDEX "fin_erp_documents_created_idx" ON "fin_erp_documents" USING btree ("type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_erp_documents_search_idx" ON "fin_erp_documents" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_erp_mappings_uq" ON "fin_erp_mappings" USING btree ("kind","our_code");--> statement-breakpoint
CREATE INDEX "fin_erp_mappings_code_idx" ON "fin_erp_mappings" USING btree ("our_code");--> statement-breakpoint
CREATE INDEX "fin_erp_mappings_updated_idx" ON "fin_erp_mappings" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_erp_mappings_search_idx" ON "fin_erp_mappings" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_erp_materials_code_uq" ON "fin_erp_materials" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_erp_materials_default_uq" ON "fin_erp_materials" USING btree ("product") WHERE is_default;--> statement-breakpoint
CREATE INDEX "fin_erp_materials_product_idx" ON "fin_erp_materials" USING btree ("product");--> statement-breakpoint
CREATE INDEX "fin_erp_materials_enabled_idx" ON "fin_erp_materials" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "fin_erp_materials_updated_idx" ON "fin_erp_materials" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_erp_materials_search_idx" ON "fin_erp_materials" USING gin ("search" gin_trgm_ops);