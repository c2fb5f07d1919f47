CREATE TABLE "traffic_messages" (
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"channel_id" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"state_at" timestamp with time zone,
	"error" text,
	"conversation_id" text,
	"category" text,
	"subject" text,
	"content_hash" text,
	"length" integer DEFAULT 0 NOT NULL,
	"reply_to" text,
	"reply_to_at" timestamp with time zone,
	"price" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_messages_pk" PRIMARY KEY("at","kind","record_id")
);
--> statement-breakpoint
CREATE INDEX "traffic_messages_account_idx" ON "traffic_messages" USING btree ("kind","account_id","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_owner_idx" ON "traffic_messages" USING btree ("kind","owner_id","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_sender_idx" ON "traffic_messages" USING btree ("kind","sender","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_recipient_idx" ON "traffic_messages" USING btree ("kind","recipient","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_conversation_idx" ON "traffic_messages" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "traffic_messages_reply_idx" ON "traffic_messages" USING btree ("reply_to");--> statement-breakpoint
-- hand-written
-- traffic_messages (WhatsApp, mail, MO) is partitioned by day like traffic_sms (decision 0042 / 0065): drizzle-kit
-- created it plain above; re-create it partitioned by RANGE ("at") with the same columns, key and index names.
ALTER TABLE "traffic_messages" RENAME TO "traffic_messages_plain";--> statement-breakpoint
CREATE TABLE "traffic_messages" (LIKE "traffic_messages_plain" INCLUDING DEFAULTS) PARTITION BY RANGE ("at");--> statement-breakpoint
DROP TABLE "traffic_messages_plain";--> statement-breakpoint
ALTER TABLE "traffic_messages" ADD CONSTRAINT "traffic_messages_pk" PRIMARY KEY("at","kind","record_id");--> statement-breakpoint
CREATE INDEX "traffic_messages_account_idx" ON "traffic_messages" USING btree ("kind","account_id","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_owner_idx" ON "traffic_messages" USING btree ("kind","owner_id","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_sender_idx" ON "traffic_messages" USING btree ("kind","sender","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_recipient_idx" ON "traffic_messages" USING btree ("kind","recipient","at");--> statement-breakpoint
CREATE INDEX "traffic_messages_conversation_idx" ON "traffic_messages" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "traffic_messages_reply_idx" ON "traffic_messages" USING btree ("reply_to");--> statement-breakpoint
ALTER TABLE "traffic_messages" ADD CONSTRAINT "traffic_messages_kind_check" CHECK ("kind" IN ('whatsapp', 'mail', 'mo'));
