CREATE TABLE "mail_bill_pushes" (
	"message_row_id" integer PRIMARY KEY NOT NULL,
	"bill_flag" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"pushed_by" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_book" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mailbox" text NOT NULL,
	"direction" text NOT NULL,
	"message_row_id" integer,
	"subject" text DEFAULT '' NOT NULL,
	"peers" text DEFAULT '' NOT NULL,
	"counterpart_kind" text,
	"counterpart_id" integer,
	"counterpart_name" text,
	"error" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sender_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "send_error" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "counterpart_kind" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "counterpart_id" integer;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "counterpart_name" text;--> statement-breakpoint
ALTER TABLE "mail_bill_pushes" ADD CONSTRAINT "mail_bill_pushes_message_row_id_mail_messages_id_fk" FOREIGN KEY ("message_row_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_logs" ADD CONSTRAINT "mail_logs_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_book_user_email_uq" ON "mail_book" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "mail_logs_account_idx" ON "mail_logs" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "mail_logs_user_idx" ON "mail_logs" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sender_rules_uq" ON "mail_sender_rules" USING btree ("user_id","value");--> statement-breakpoint
CREATE INDEX "mail_templates_user_idx" ON "mail_templates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_templates_shared_idx" ON "mail_templates" USING btree ("shared");--> statement-breakpoint
CREATE INDEX "crm_contacts_email_idx" ON "crm_contacts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "mail_messages_timed_idx" ON "mail_messages" USING btree ("send_at") WHERE "mail_messages"."send_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_messages_counterpart_idx" ON "mail_messages" USING btree ("counterpart_kind","counterpart_id","at") WHERE "mail_messages"."counterpart_id" is not null;