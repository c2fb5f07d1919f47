ALTER TABLE "crm_promotion_signups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_promotion_signups" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_promotion_signups" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "crm_promotion_signups" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_promotion_signups" ADD COLUMN "converted_by" integer;--> statement-breakpoint
ALTER TABLE "crm_promotion_signups" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("company", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("email", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_promotion_signups_created_idx" ON "crm_promotion_signups" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "crm_promotion_signups_state_idx" ON "crm_promotion_signups" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "crm_promotion_signups_converted_idx" ON "crm_promotion_signups" USING btree ("converted_at");--> statement-breakpoint
CREATE INDEX "crm_promotion_signups_search_trgm" ON "crm_promotion_signups" USING gin ("search" gin_trgm_ops);