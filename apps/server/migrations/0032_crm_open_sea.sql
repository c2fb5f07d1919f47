CREATE TABLE "crm_buka_allow" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"until" date,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_churn_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text,
	"drop_percent" integer NOT NULL,
	"window_days" integer NOT NULL,
	"return_to_sea" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_level_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" text NOT NULL,
	"department_id" integer,
	"user_id" integer,
	"user_limit" integer,
	"department_limit" integer,
	"count_dealt" boolean DEFAULT false NOT NULL,
	"lock_limit" integer,
	"daily_claim_cap" integer,
	"cooldown_days" integer,
	"embargo_days" integer
);
--> statement-breakpoint
CREATE TABLE "crm_retention_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text,
	"follow_up_days" integer NOT NULL,
	"deal_days" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "crm_return_notices" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_customers" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_free_mail_domains" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_free_mail_domains" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_free_mail_domains" ADD COLUMN "remark" text;--> statement-breakpoint
ALTER TABLE "crm_free_mail_domains" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_free_mail_domains" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("domain", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_buka_allow_user_uq" ON "crm_buka_allow" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_churn_rules_level_uq" ON "crm_churn_rules" USING btree (coalesce("level", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_level_rules_subject_uq" ON "crm_level_rules" USING btree ("subject",coalesce("department_id", 0),coalesce("user_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_retention_rules_level_uq" ON "crm_retention_rules" USING btree (coalesce("level", ''));--> statement-breakpoint
CREATE INDEX "crm_customers_source_idx" ON "crm_customers" USING btree ("source");--> statement-breakpoint
CREATE INDEX "crm_customers_returned_idx" ON "crm_customers" USING btree ("returned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_free_mail_domains_id_uq" ON "crm_free_mail_domains" USING btree ("id");--> statement-breakpoint
CREATE INDEX "crm_free_mail_domains_search_trgm" ON "crm_free_mail_domains" USING gin ("search" gin_trgm_ops);