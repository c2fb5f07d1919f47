ALTER TABLE "fin_accounts" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD COLUMN "billing_locale" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mailed_by" integer;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mailed_to" text;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mailed_by" integer;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mailed_to" text;