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
CREATE INDEX "ref_bank_accounts_currency_idx" ON "ref_bank_accounts" USING btree ("currency_code");--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_updated_idx" ON "ref_bank_accounts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_account_name_trgm" ON "ref_bank_accounts" USING gin ("account_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_account_no_trgm" ON "ref_bank_accounts" USING gin ("account_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_banks_country_idx" ON "ref_banks" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "ref_banks_name_trgm" ON "ref_banks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_banks_name_en_trgm" ON "ref_banks" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_banks_swift_trgm" ON "ref_banks" USING gin ("swift" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_brands_code_trgm" ON "ref_brands" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_brands_name_trgm" ON "ref_brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_brands_name_en_trgm" ON "ref_brands" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_entities_country_idx" ON "ref_entities" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "ref_entities_enabled_idx" ON "ref_entities" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "ref_entities_code_trgm" ON "ref_entities" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_entities_name_trgm" ON "ref_entities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_entities_name_en_trgm" ON "ref_entities" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_entities_tax_id_trgm" ON "ref_entities" USING gin ("tax_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_operators_mcc_idx" ON "ref_operators" USING btree ("mcc","mnc");--> statement-breakpoint
CREATE INDEX "ref_operators_mnc_idx" ON "ref_operators" USING btree ("mnc");--> statement-breakpoint
CREATE INDEX "ref_operators_status_idx" ON "ref_operators" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ref_operators_mccmnc_trgm" ON "ref_operators" USING gin ("mccmnc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_operators_name_trgm" ON "ref_operators" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_operators_name_en_trgm" ON "ref_operators" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_operators_brand_trgm" ON "ref_operators" USING gin ("brand" gin_trgm_ops);--> statement-breakpoint
-- an optional value nobody entered is null, as the resource kernel reads and writes it
UPDATE "ref_brands" SET "website" = NULL WHERE "website" = '';--> statement-breakpoint
UPDATE "ref_brands" SET "support_email" = NULL WHERE "support_email" = '';--> statement-breakpoint
UPDATE "ref_entities" SET "tax_id" = NULL WHERE "tax_id" = '';--> statement-breakpoint
UPDATE "ref_entities" SET "address" = NULL WHERE "address" = '';--> statement-breakpoint
UPDATE "ref_operators" SET "brand" = NULL WHERE "brand" = '';
