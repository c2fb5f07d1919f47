CREATE TABLE "ref_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"currency_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"swift" text NOT NULL,
	"country_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"entity_id" integer NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"support_email" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_countries" (
	"code" text PRIMARY KEY NOT NULL,
	"alpha3" text NOT NULL,
	"numeric" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"dial_code" text
);
--> statement-breakpoint
CREATE TABLE "ref_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"numeric" text NOT NULL,
	"digits" smallint NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"symbol" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"mccmnc" text NOT NULL,
	"mcc" text NOT NULL,
	"mnc" text NOT NULL,
	"country_code" text,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"merged_into" integer,
	"source" text DEFAULT 'seed' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_platform_config" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"base_currency" text NOT NULL,
	"rate_stale_days" smallint DEFAULT 7 NOT NULL,
	"console_url" text DEFAULT '' NOT NULL,
	"billing_time_zone" text DEFAULT 'UTC' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ref_platform_config_one_row" CHECK ("ref_platform_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ref_platform_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"platform_code" text NOT NULL,
	"price_digits" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"rate" numeric(22, 10) NOT NULL,
	"day" date NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ref_rates_positive" CHECK ("ref_rates"."rate" > 0),
	CONSTRAINT "ref_rates_pair" CHECK ("ref_rates"."from_code" <> "ref_rates"."to_code")
);
--> statement-breakpoint
ALTER TABLE "ref_bank_accounts" ADD CONSTRAINT "ref_bank_accounts_entity_id_ref_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."ref_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_bank_accounts" ADD CONSTRAINT "ref_bank_accounts_bank_id_ref_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."ref_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_bank_accounts" ADD CONSTRAINT "ref_bank_accounts_currency_code_ref_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."ref_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_banks" ADD CONSTRAINT "ref_banks_country_code_ref_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."ref_countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_brands" ADD CONSTRAINT "ref_brands_entity_id_ref_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."ref_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_entities" ADD CONSTRAINT "ref_entities_country_code_ref_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."ref_countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_entities" ADD CONSTRAINT "ref_entities_currency_code_ref_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."ref_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_operators" ADD CONSTRAINT "ref_operators_country_code_ref_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."ref_countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_platform_config" ADD CONSTRAINT "ref_platform_config_base_currency_ref_currencies_code_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."ref_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_platform_currencies" ADD CONSTRAINT "ref_platform_currencies_code_ref_currencies_code_fk" FOREIGN KEY ("code") REFERENCES "public"."ref_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_rates" ADD CONSTRAINT "ref_rates_from_code_ref_currencies_code_fk" FOREIGN KEY ("from_code") REFERENCES "public"."ref_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_rates" ADD CONSTRAINT "ref_rates_to_code_ref_currencies_code_fk" FOREIGN KEY ("to_code") REFERENCES "public"."ref_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ref_bank_accounts_no_idx" ON "ref_bank_accounts" USING btree ("bank_id","account_no");--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_entity_idx" ON "ref_bank_accounts" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ref_banks_swift_idx" ON "ref_banks" USING btree ("swift");--> statement-breakpoint
CREATE UNIQUE INDEX "ref_brands_code_idx" ON "ref_brands" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ref_brands_entity_idx" ON "ref_brands" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ref_entities_code_idx" ON "ref_entities" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ref_operators_mccmnc_idx" ON "ref_operators" USING btree ("mccmnc");--> statement-breakpoint
CREATE INDEX "ref_operators_country_idx" ON "ref_operators" USING btree ("country_code","mccmnc");--> statement-breakpoint
CREATE INDEX "ref_operators_merged_into_idx" ON "ref_operators" USING btree ("merged_into");--> statement-breakpoint
CREATE UNIQUE INDEX "ref_rates_pair_day_idx" ON "ref_rates" USING btree ("from_code","to_code","day");--> statement-breakpoint
CREATE INDEX "ref_rates_day_idx" ON "ref_rates" USING btree ("day","id");