DROP INDEX "mail_messages_unread_idx";--> statement-breakpoint
ALTER TABLE "mail_campaign_copies" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_messages_unread_idx" ON "mail_messages" USING btree ("account_id","folder","at","id") WHERE not "mail_messages"."seen";