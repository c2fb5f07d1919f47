DROP INDEX "export_tasks_user_idx";--> statement-breakpoint
DROP INDEX "ding_notices_created_idx";--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ding_notices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ding_notices" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\x1f' || coalesce("title_en", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "export_tasks_created_idx" ON "export_tasks" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "export_tasks_search_trgm" ON "export_tasks" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ding_notices_enabled_idx" ON "ding_notices" USING btree ("enabled","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ding_notices_search_trgm" ON "ding_notices" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "export_tasks_user_idx" ON "export_tasks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ding_notices_created_idx" ON "ding_notices" USING btree ("created_at" DESC NULLS FIRST,"id");