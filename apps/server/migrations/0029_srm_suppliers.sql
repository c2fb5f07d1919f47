CREATE SEQUENCE "public"."srm_supplier_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 200001 CACHE 1;--> statement-breakpoint
CREATE TABLE "srm_admissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supplier_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"approval_id" integer,
	"applicant_id" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("note", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"phone" text,
	"email" text,
	"im" text,
	"remark" text,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("phone", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"type" text NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" text NOT NULL,
	"level" text,
	"source" text,
	"entity_id" integer,
	"payment_method" text,
	"payment_term_days" integer,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"address" text,
	"remark" text,
	"owner_id" integer,
	"owned_at" timestamp with time zone,
	"department_id" integer,
	"state" text DEFAULT 'private' NOT NULL,
	"blacklist_reason" text,
	"locked" boolean DEFAULT false NOT NULL,
	"admitted" boolean DEFAULT false NOT NULL,
	"admitted_at" timestamp with time zone,
	"last_contact_at" timestamp with time zone,
	"next_contact_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("alias", '') || E'\x1f' || coalesce("code", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "srm_admissions_supplier_idx" ON "srm_admissions" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "srm_admissions_state_idx" ON "srm_admissions" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_admissions_applicant_idx" ON "srm_admissions" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "srm_admissions_created_idx" ON "srm_admissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "srm_admissions_approval_uq" ON "srm_admissions" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "srm_admissions_search_trgm" ON "srm_admissions" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_contacts_supplier_idx" ON "srm_contacts" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "srm_contacts_role_idx" ON "srm_contacts" USING btree ("role");--> statement-breakpoint
CREATE INDEX "srm_contacts_owner_idx" ON "srm_contacts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "srm_contacts_created_idx" ON "srm_contacts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "srm_contacts_phone_idx" ON "srm_contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "srm_contacts_search_trgm" ON "srm_contacts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "srm_suppliers_code_uq" ON "srm_suppliers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "srm_suppliers_alias_uq" ON "srm_suppliers" USING btree (lower("alias"));--> statement-breakpoint
CREATE INDEX "srm_suppliers_name_trgm" ON "srm_suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_suppliers_search_trgm" ON "srm_suppliers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_suppliers_domains_gin" ON "srm_suppliers" USING gin ("domains");--> statement-breakpoint
CREATE INDEX "srm_suppliers_phone_idx" ON "srm_suppliers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "srm_suppliers_type_idx" ON "srm_suppliers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "srm_suppliers_state_idx" ON "srm_suppliers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_suppliers_country_idx" ON "srm_suppliers" USING btree ("country");--> statement-breakpoint
CREATE INDEX "srm_suppliers_level_idx" ON "srm_suppliers" USING btree ("level");--> statement-breakpoint
CREATE INDEX "srm_suppliers_source_idx" ON "srm_suppliers" USING btree ("source");--> statement-breakpoint
CREATE INDEX "srm_suppliers_admitted_idx" ON "srm_suppliers" USING btree ("admitted");--> statement-breakpoint
CREATE INDEX "srm_suppliers_owner_idx" ON "srm_suppliers" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "srm_suppliers_created_idx" ON "srm_suppliers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "srm_suppliers_last_contact_idx" ON "srm_suppliers" USING btree ("last_contact_at");