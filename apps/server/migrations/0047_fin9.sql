ALTER TABLE "fin_accounts" DROP CONSTRAINT "fin_accounts_prepaid_floor";--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD COLUMN "temp_credit" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD COLUMN "temp_credit_until" date;--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD COLUMN "deferred_until" date;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "change_from" text;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "change_to" text;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "until" date;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "decider_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_applications_pending_change_uq" ON "fin_applications" USING btree ("account_id","kind") WHERE state = 'pending' and kind in ('temp_credit', 'deferral', 'billing_change', 'cycle_change');--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD CONSTRAINT "fin_accounts_temp_credit_nonneg" CHECK ("fin_accounts"."temp_credit" >= 0);--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD CONSTRAINT "fin_accounts_prepaid_floor" CHECK ("fin_accounts"."billing" <> 'prepaid' or "fin_accounts"."balance" >= -("fin_accounts"."credit_line" + "fin_accounts"."temp_credit"));