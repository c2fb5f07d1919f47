CREATE TABLE "fin_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD COLUMN "auto_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mail_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mail_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "mail_error" text;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mail_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mail_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_statements" ADD COLUMN "mail_error" text;--> statement-breakpoint
CREATE INDEX "fin_accounts_auto_mail_idx" ON "fin_accounts" USING btree ("id") WHERE "fin_accounts"."auto_mail";--> statement-breakpoint
CREATE INDEX "fin_bills_mail_failed_idx" ON "fin_bills" USING btree ("mail_failed");--> statement-breakpoint
CREATE INDEX "fin_bills_mail_pending_idx" ON "fin_bills" USING btree ("account_id") WHERE "fin_bills"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "fin_statements_mail_failed_idx" ON "fin_statements" USING btree ("mail_failed");--> statement-breakpoint
CREATE INDEX "fin_statements_mail_pending_idx" ON "fin_statements" USING btree ("account_id") WHERE "fin_statements"."mailed_at" is null;