DROP INDEX "mc_messages_user_created_idx";--> statement-breakpoint
DROP INDEX "mc_messages_user_unread_idx";--> statement-breakpoint
ALTER TABLE "mc_messages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mc_messages" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\x1f' || coalesce("content", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "mc_messages_user_created_id_idx" ON "mc_messages" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mc_messages_user_status_type_idx" ON "mc_messages" USING btree ("user_id","status","type");--> statement-breakpoint
CREATE INDEX "mc_messages_user_type_idx" ON "mc_messages" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "mc_messages_search_trgm" ON "mc_messages" USING gin ("search" gin_trgm_ops);