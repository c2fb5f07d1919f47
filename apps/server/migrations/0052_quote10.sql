ALTER TABLE "qm_quote_emails" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qm_quote_emails" ALTER COLUMN "mail_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qm_quote_emails" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qm_quote_emails" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "qm_quote_emails_book_id_idx" ON "qm_quote_emails" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "qm_quote_emails_product_idx" ON "qm_quote_emails" USING btree ("product");