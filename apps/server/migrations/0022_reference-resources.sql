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
CREATE INDEX "ref_operators_brand_trgm" ON "ref_operators" USING gin ("brand" gin_trgm_ops);