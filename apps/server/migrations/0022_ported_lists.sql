ALTER TABLE "feedbacks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "feedbacks_question_idx" ON "feedbacks" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_content_trgm_idx" ON "feedbacks" USING gin ("content" gin_trgm_ops);