ALTER TABLE "version_notices" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "version_notices" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("version", '') || E'\x1f' || coalesce("title", '') || E'\x1f' || coalesce("title_en", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "version_notices_created_idx" ON "version_notices" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "version_notices_search_trgm" ON "version_notices" USING gin ("search" gin_trgm_ops);