DROP INDEX "traffic_blacklist_created_idx";--> statement-breakpoint
ALTER TABLE "traffic_twoway_actions" ADD COLUMN "channel_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_twoway_actions" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_twoway_actions" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_twoway_actions" ADD COLUMN "sent_message_id" text;--> statement-breakpoint
CREATE INDEX "traffic_twoway_actions_outbox_idx" ON "traffic_twoway_actions" USING btree ("id") WHERE "traffic_twoway_actions"."state" = 'approved' and "traffic_twoway_actions"."action" = 'reply';--> statement-breakpoint
CREATE INDEX "traffic_blacklist_created_idx" ON "traffic_blacklist" USING btree ("created_at","account_id","number");