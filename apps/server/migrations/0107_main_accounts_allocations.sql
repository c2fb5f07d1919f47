ALTER TABLE "fin_accounts" ADD COLUMN "main_account_id" integer;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "sub_account_id" integer;--> statement-breakpoint
CREATE INDEX "fin_accounts_main_idx" ON "fin_accounts" USING btree ("main_account_id");--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD CONSTRAINT "fin_accounts_main_not_self" CHECK ("fin_accounts"."main_account_id" <> "fin_accounts"."id");