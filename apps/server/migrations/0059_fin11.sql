ALTER TABLE "fin_accounts" ADD COLUMN "bad_debt_since" date;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "fin_applications" ADD COLUMN "refunded" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "fin_accounts_bad_debt_idx" ON "fin_accounts" USING btree ("bad_debt_since");--> statement-breakpoint
CREATE INDEX "fin_applications_source_idx" ON "fin_applications" USING btree ("source_id");--> statement-breakpoint
ALTER TABLE "fin_applications" ADD CONSTRAINT "fin_applications_refunded" CHECK ("fin_applications"."refunded" >= 0 and "fin_applications"."refunded" <= coalesce("fin_applications"."amount", 0));