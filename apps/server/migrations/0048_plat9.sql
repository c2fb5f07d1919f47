DROP INDEX "ref_rates_day_idx";--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "version_notices" ADD COLUMN "content_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_currencies" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_currencies" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("name_en", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_platform_currencies" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "ref_platform_currencies" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("platform_code", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ref_currencies_id_idx" ON "ref_currencies" USING btree ("id");--> statement-breakpoint
CREATE INDEX "ref_currencies_enabled_idx" ON "ref_currencies" USING btree ("enabled","code");--> statement-breakpoint
CREATE INDEX "ref_currencies_search_trgm" ON "ref_currencies" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ref_platform_currencies_id_idx" ON "ref_platform_currencies" USING btree ("id");--> statement-breakpoint
CREATE INDEX "ref_platform_currencies_search_trgm" ON "ref_platform_currencies" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ref_rates_to_day_idx" ON "ref_rates" USING btree ("to_code","day");--> statement-breakpoint
CREATE INDEX "ref_rates_day_idx" ON "ref_rates" USING btree ("day" DESC NULLS FIRST,"id");