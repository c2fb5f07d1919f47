DROP INDEX "staff_users_username_trgm";--> statement-breakpoint
DROP INDEX "staff_users_name_trgm";--> statement-breakpoint
DROP INDEX "staff_users_job_number_trgm";--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("username", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("job_number", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_users_search_trgm" ON "staff_users" USING gin ("search" gin_trgm_ops);