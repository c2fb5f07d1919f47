DROP INDEX "qm_price_limits_uq";--> statement-breakpoint
ALTER TABLE "qm_price_limits" ALTER COLUMN "network" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "qm_price_limits" ALTER COLUMN "network" DROP NOT NULL;--> statement-breakpoint
-- hand-written: a whole-country limit holds NULL as its network, not '' (unique NULLS NOT DISTINCT)
UPDATE "qm_price_limits" SET "network" = NULL WHERE "network" = '';--> statement-breakpoint
ALTER TABLE "qm_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "qm_price_limits" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "qm_price_limits_country_idx" ON "qm_price_limits" USING btree ("country","id");--> statement-breakpoint
CREATE INDEX "qm_special_prices_approval_idx" ON "qm_special_prices" USING btree ("approval_id");--> statement-breakpoint
ALTER TABLE "qm_price_limits" ADD CONSTRAINT "qm_price_limits_uq" UNIQUE NULLS NOT DISTINCT("product","country","network");