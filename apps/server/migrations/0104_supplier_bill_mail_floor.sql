ALTER TABLE "fin_supplier_overdue" ALTER COLUMN "bill_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_mail_id" integer;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_mail_subject" text;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_mail_from" text;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_file" text;--> statement-breakpoint
ALTER TABLE "fin_supplier_overdue" ADD COLUMN "reason" text DEFAULT 'bill' NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_supplier_overdue" ADD COLUMN "supplier_account_id" integer;--> statement-breakpoint
ALTER TABLE "fin_supplier_overdue" ADD COLUMN "balance" bigint;--> statement-breakpoint
ALTER TABLE "fin_supplier_overdue" ADD COLUMN "floor" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_overdue_account_uq" ON "fin_supplier_overdue" USING btree ("supplier_account_id") WHERE "fin_supplier_overdue"."state" = 'open';--> statement-breakpoint
CREATE INDEX "fin_supplier_overdue_reason_idx" ON "fin_supplier_overdue" USING btree ("reason");--> statement-breakpoint
ALTER TABLE "fin_supplier_overdue" ADD CONSTRAINT "fin_supplier_overdue_reason_ref" CHECK (("fin_supplier_overdue"."reason" = 'bill' and "fin_supplier_overdue"."bill_id" is not null) or ("fin_supplier_overdue"."reason" = 'floor' and "fin_supplier_overdue"."supplier_account_id" is not null));