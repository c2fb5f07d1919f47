DROP INDEX "traffic_blacklist_created_idx";--> statement-breakpoint
ALTER TABLE "traffic_blacklist" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_blacklist" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_blacklist" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "traffic_blacklist" ADD COLUMN "removed_mo_id" text;--> statement-breakpoint
ALTER TABLE "traffic_blacklist" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "traffic_sms" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "traffic_twoway_actions" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
CREATE INDEX "traffic_blacklist_changed_idx" ON "traffic_blacklist" USING btree ("changed_at","account_id","number");--> statement-breakpoint
CREATE INDEX "traffic_sms_batch_idx" ON "traffic_sms" USING btree ("batch_id","submit_at") WHERE "traffic_sms"."batch_id" is not null;