CREATE TABLE "mail_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"connector" text NOT NULL,
	"imap_host" text DEFAULT '' NOT NULL,
	"imap_port" integer DEFAULT 993 NOT NULL,
	"imap_tls" boolean DEFAULT true NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 465 NOT NULL,
	"smtp_tls" boolean DEFAULT true NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"secret" text,
	"sse_status" smallint DEFAULT 1 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"folder" text NOT NULL,
	"remote_path" text,
	"uid_validity" bigint,
	"uid" bigint,
	"message_id" text,
	"subject" text DEFAULT '' NOT NULL,
	"from_email" text DEFAULT '' NOT NULL,
	"from_name" text,
	"to_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sync_state" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"path" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD CONSTRAINT "mail_sync_state_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_accounts_email_uq" ON "mail_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "mail_accounts_user_idx" ON "mail_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_messages_folder_idx" ON "mail_messages" USING btree ("account_id","folder","at","id");--> statement-breakpoint
CREATE INDEX "mail_messages_unread_idx" ON "mail_messages" USING btree ("account_id","folder") WHERE not "mail_messages"."seen";--> statement-breakpoint
CREATE INDEX "mail_messages_star_idx" ON "mail_messages" USING btree ("account_id","at") WHERE "mail_messages"."flagged";--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_remote_uq" ON "mail_messages" USING btree ("account_id","remote_path","uid_validity","uid");--> statement-breakpoint
CREATE INDEX "mail_signatures_user_idx" ON "mail_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sync_state_uq" ON "mail_sync_state" USING btree ("account_id","path");