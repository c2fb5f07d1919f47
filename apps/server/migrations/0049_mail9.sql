ALTER TABLE "mail_accounts" ADD COLUMN "ding_status" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_book" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_book" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("email", '') || E'\x1f' || coalesce("name", '') || E'\x1f' || coalesce("company", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sender_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sender_rules" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("value", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("subject", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_book_name_idx" ON "mail_book" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "mail_book_search_trgm" ON "mail_book" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_sender_rules_kind_idx" ON "mail_sender_rules" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "mail_sender_rules_value_idx" ON "mail_sender_rules" USING btree ("value","id");--> statement-breakpoint
CREATE INDEX "mail_sender_rules_search_trgm" ON "mail_sender_rules" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_templates_updated_idx" ON "mail_templates" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mail_templates_search_trgm" ON "mail_templates" USING gin ("search" gin_trgm_ops);