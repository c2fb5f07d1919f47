CREATE TABLE "qm_billing_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"product" text NOT NULL,
	"basis" text NOT NULL,
	"first_increment" integer DEFAULT 1 NOT NULL,
	"next_increment" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qm_billing_methods_increments" CHECK ("qm_billing_methods"."first_increment" >= 1 and "qm_billing_methods"."next_increment" >= 1)
);
--> statement-breakpoint
CREATE TABLE "qm_email_templates" (
	"locale" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qm_quote_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_kind" text NOT NULL,
	"book_id" integer NOT NULL,
	"book_name" text NOT NULL,
	"product" text NOT NULL,
	"locale" text NOT NULL,
	"to_list" jsonb NOT NULL,
	"cc_list" jsonb NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"rows" jsonb NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"file_id" text NOT NULL,
	"mail_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"sent_by" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "qm_billing_methods_code_uq" ON "qm_billing_methods" USING btree ("code");--> statement-breakpoint
CREATE INDEX "qm_billing_methods_product_idx" ON "qm_billing_methods" USING btree ("product");--> statement-breakpoint
CREATE INDEX "qm_billing_methods_basis_idx" ON "qm_billing_methods" USING btree ("basis");--> statement-breakpoint
CREATE INDEX "qm_quote_emails_sent_idx" ON "qm_quote_emails" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "qm_quote_emails_book_idx" ON "qm_quote_emails" USING btree ("book_kind","book_id");--> statement-breakpoint
CREATE INDEX "qm_special_prices_applicant_idx" ON "qm_special_prices" USING btree ("applicant_id");