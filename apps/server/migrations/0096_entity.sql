CREATE SEQUENCE "public"."fin_entity_account_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_entity_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"seller_entity_id" integer NOT NULL,
	"buyer_entity_id" integer NOT NULL,
	"currency" text NOT NULL,
	"markup_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_entity_accounts_pair" CHECK ("fin_entity_accounts"."seller_entity_id" <> "fin_entity_accounts"."buyer_entity_id"),
	CONSTRAINT "fin_entity_accounts_markup" CHECK ("fin_entity_accounts"."markup_pct" >= 0 and "fin_entity_accounts"."markup_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "fin_entity_settlement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"settlement_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"period" text NOT NULL,
	"day" date NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(20, 4) DEFAULT '0' NOT NULL,
	"amount" numeric(20, 4) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_entity_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"period" text NOT NULL,
	"account_id" integer NOT NULL,
	"seller_entity_id" integer NOT NULL,
	"buyer_entity_id" integer NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(20, 4) DEFAULT '0' NOT NULL,
	"markup_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"seller_amount" numeric(20, 4),
	"buyer_amount" numeric(20, 4),
	"note" text,
	"generated_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_entity_accounts_code_uq" ON "fin_entity_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_entity_accounts_pair_uq" ON "fin_entity_accounts" USING btree ("seller_entity_id","buyer_entity_id","currency");--> statement-breakpoint
CREATE INDEX "fin_entity_accounts_buyer_idx" ON "fin_entity_accounts" USING btree ("buyer_entity_id");--> statement-breakpoint
CREATE INDEX "fin_entity_accounts_currency_idx" ON "fin_entity_accounts" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "fin_entity_accounts_enabled_idx" ON "fin_entity_accounts" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "fin_entity_accounts_updated_idx" ON "fin_entity_accounts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_entity_lines_uq" ON "fin_entity_settlement_lines" USING btree ("settlement_id","day","product","country");--> statement-breakpoint
CREATE INDEX "fin_entity_lines_account_idx" ON "fin_entity_settlement_lines" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "fin_entity_lines_period_idx" ON "fin_entity_settlement_lines" USING btree ("period","day");--> statement-breakpoint
CREATE INDEX "fin_entity_lines_day_idx" ON "fin_entity_settlement_lines" USING btree ("day");--> statement-breakpoint
CREATE INDEX "fin_entity_lines_country_idx" ON "fin_entity_settlement_lines" USING btree ("country","day");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_entity_settlements_period_uq" ON "fin_entity_settlements" USING btree ("period","account_id");--> statement-breakpoint
CREATE INDEX "fin_entity_settlements_account_idx" ON "fin_entity_settlements" USING btree ("account_id","period");--> statement-breakpoint
CREATE INDEX "fin_entity_settlements_seller_idx" ON "fin_entity_settlements" USING btree ("seller_entity_id","period");--> statement-breakpoint
CREATE INDEX "fin_entity_settlements_buyer_idx" ON "fin_entity_settlements" USING btree ("buyer_entity_id","period");--> statement-breakpoint
CREATE INDEX "fin_entity_settlements_state_idx" ON "fin_entity_settlements" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_entity_settlements_generated_idx" ON "fin_entity_settlements" USING btree ("generated_at");