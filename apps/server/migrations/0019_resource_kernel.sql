CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_users_username_trgm" ON "staff_users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_users_name_trgm" ON "staff_users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "staff_users_job_number_trgm" ON "staff_users" USING gin ("job_number" gin_trgm_ops);