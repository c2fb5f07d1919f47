CREATE TABLE "srm_tvs_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\x1f' || coalesce("body", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_tvs_rewrites" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer,
	"country" text,
	"match" text NOT NULL,
	"pattern" text NOT NULL,
	"replacement" text,
	"priority" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("pattern", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_tvs_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supplier_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payee" text NOT NULL,
	"documents" text[],
	"state" text DEFAULT 'requested' NOT NULL,
	"decided_by" integer,
	"reject_reason" text,
	"payment_ref" text,
	"paid_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("payee", '') || E'\x1f' || coalesce("payment_ref", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "srm_tvs_notices_search_trgm" ON "srm_tvs_notices" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_tvs_notices_state_idx" ON "srm_tvs_notices" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_tvs_notices_title_idx" ON "srm_tvs_notices" USING btree ("title");--> statement-breakpoint
CREATE INDEX "srm_tvs_notices_published_idx" ON "srm_tvs_notices" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "srm_tvs_notices_created_idx" ON "srm_tvs_notices" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_search_trgm" ON "srm_tvs_rewrites" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_supplier_idx" ON "srm_tvs_rewrites" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_country_idx" ON "srm_tvs_rewrites" USING btree ("country");--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_enabled_idx" ON "srm_tvs_rewrites" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_name_idx" ON "srm_tvs_rewrites" USING btree ("name");--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_priority_idx" ON "srm_tvs_rewrites" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "srm_tvs_rewrites_created_idx" ON "srm_tvs_rewrites" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_search_trgm" ON "srm_tvs_withdrawals" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_supplier_idx" ON "srm_tvs_withdrawals" USING btree ("supplier_id","currency","period_from");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_state_idx" ON "srm_tvs_withdrawals" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_currency_idx" ON "srm_tvs_withdrawals" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_amount_idx" ON "srm_tvs_withdrawals" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_period_idx" ON "srm_tvs_withdrawals" USING btree ("period_to");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_paid_idx" ON "srm_tvs_withdrawals" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "srm_tvs_withdrawals_created_idx" ON "srm_tvs_withdrawals" USING btree ("created_at" DESC NULLS FIRST,"id");