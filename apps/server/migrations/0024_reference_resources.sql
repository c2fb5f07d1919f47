ALTER TABLE "ref_brands" ALTER COLUMN "website" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ref_brands" ALTER COLUMN "website" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_brands" ALTER COLUMN "support_email" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ref_brands" ALTER COLUMN "support_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_entities" ALTER COLUMN "tax_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ref_entities" ALTER COLUMN "tax_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_entities" ALTER COLUMN "address" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ref_entities" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_operators" ALTER COLUMN "brand" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ref_operators" ALTER COLUMN "brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_bank_accounts" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("account_name", '') || E'\x1f' || coalesce("account_no", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_banks" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("name_en", '') || E'\x1f' || coalesce("swift", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_brands" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("name_en", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_entities" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("name_en", '') || E'\x1f' || coalesce("tax_id", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_operators" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("mccmnc", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("name_en", '') || E'\x1f' || coalesce("brand", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_currency_idx" ON "ref_bank_accounts" USING btree ("currency_code");--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_updated_idx" ON "ref_bank_accounts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_search_trgm" ON "ref_bank_accounts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_banks_country_idx" ON "ref_banks" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "ref_banks_search_trgm" ON "ref_banks" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_brands_search_trgm" ON "ref_brands" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_entities_country_idx" ON "ref_entities" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "ref_entities_enabled_idx" ON "ref_entities" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "ref_entities_search_trgm" ON "ref_entities" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_operators_mcc_idx" ON "ref_operators" USING btree ("mcc","mnc");--> statement-breakpoint
CREATE INDEX "ref_operators_mnc_idx" ON "ref_operators" USING btree ("mnc");--> statement-breakpoint
CREATE INDEX "ref_operators_status_idx" ON "ref_operators" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ref_operators_search_trgm" ON "ref_operators" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
-- an optional value nobody entered is null, as the resource kernel reads and writes it
UPDATE "ref_brands" SET "website" = NULL WHERE "website" = '';--> statement-breakpoint
UPDATE "ref_brands" SET "support_email" = NULL WHERE "support_email" = '';--> statement-breakpoint
UPDATE "ref_entities" SET "tax_id" = NULL WHERE "tax_id" = '';--> statement-breakpoint
UPDATE "ref_entities" SET "address" = NULL WHERE "address" = '';--> statement-breakpoint
UPDATE "ref_operators" SET "brand" = NULL WHERE "brand" = '';
