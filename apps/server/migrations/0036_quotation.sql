CREATE TABLE "qm_group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qm_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qm_price_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"min_price" numeric(18, 6),
	"min_margin_pct" numeric(9, 4),
	"currency" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qm_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_kind" text NOT NULL,
	"book_id" integer NOT NULL,
	"product" text NOT NULL,
	"dest_kind" text NOT NULL,
	"dest" text NOT NULL,
	"country" text,
	"category" text DEFAULT '' NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"connect_fee" numeric(18, 6) DEFAULT '0' NOT NULL,
	"first_increment" integer DEFAULT 1 NOT NULL,
	"next_increment" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_until" timestamp with time zone,
	"charge_on" text,
	"source" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qm_prices_period_ck" CHECK ("qm_prices"."effective_until" is null or "qm_prices"."effective_until" > "qm_prices"."effective_from"),
	CONSTRAINT "qm_prices_increments_ck" CHECK ("qm_prices"."first_increment" > 0 and "qm_prices"."next_increment" > 0),
	CONSTRAINT "qm_prices_price_ck" CHECK ("qm_prices"."unit_price" >= 0 and "qm_prices"."connect_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qm_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"increase_notice_days" integer DEFAULT 7 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qm_special_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"book_kind" text NOT NULL,
	"book_id" integer NOT NULL,
	"product" text NOT NULL,
	"dest_kind" text NOT NULL,
	"dest" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"connect_fee" numeric(18, 6) DEFAULT '0' NOT NULL,
	"first_increment" integer DEFAULT 1 NOT NULL,
	"next_increment" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"limit_text" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_id" integer,
	"price_id" integer,
	"applicant_id" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qm_group_members" ADD CONSTRAINT "qm_group_members_group_id_qm_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."qm_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qm_group_members_account_uq" ON "qm_group_members" USING btree ("account_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "qm_groups_name_uq" ON "qm_groups" USING btree ("kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "qm_price_limits_uq" ON "qm_price_limits" USING btree ("product","country","network");--> statement-breakpoint
CREATE INDEX "qm_prices_book_idx" ON "qm_prices" USING btree ("book_kind","book_id","product");--> statement-breakpoint
CREATE INDEX "qm_prices_dest_idx" ON "qm_prices" USING btree ("book_kind","book_id","product","dest","category","effective_from");--> statement-breakpoint
CREATE INDEX "qm_special_prices_state_idx" ON "qm_special_prices" USING btree ("state","created_at");