ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_mail_id" integer;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_mail_subject" text;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_mail_from" text;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "source_file" text;