CREATE TABLE "mail_campaign_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"clicked_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL,
	"replied_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "mail_campaign_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"copy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"link_id" integer,
	"detail" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_campaign_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_campaign_copies" ADD CONSTRAINT "mail_campaign_copies_campaign_id_mail_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mail_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaign_events" ADD CONSTRAINT "mail_campaign_events_copy_id_mail_campaign_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."mail_campaign_copies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaign_links" ADD CONSTRAINT "mail_campaign_links_campaign_id_mail_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mail_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaigns" ADD CONSTRAINT "mail_campaigns_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_campaign_copies_campaign_idx" ON "mail_campaign_copies" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_campaign_copies_message_uq" ON "mail_campaign_copies" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_campaign_events_copy_idx" ON "mail_campaign_events" USING btree ("copy_id","at");--> statement-breakpoint
CREATE INDEX "mail_campaign_links_campaign_idx" ON "mail_campaign_links" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "mail_campaigns_user_idx" ON "mail_campaigns" USING btree ("user_id","updated_at");