ALTER TABLE "feedbacks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("content", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "feedbacks_question_idx" ON "feedbacks" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_search_trgm" ON "feedbacks" USING gin ("search" gin_trgm_ops);
