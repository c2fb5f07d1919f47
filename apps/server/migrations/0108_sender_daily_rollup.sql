CREATE TABLE "traffic_sender_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"sender" text NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "sender" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_sender_daily_uq" ON "traffic_sender_daily" USING btree ("day","product","account_id","customer_id","owner_id","sender","currency","cost_currency");--> statement-breakpoint
CREATE INDEX "traffic_sender_daily_owner_idx" ON "traffic_sender_daily" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "traffic_sender_daily_account_idx" ON "traffic_sender_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "traffic_sender_daily_sender_idx" ON "traffic_sender_daily" USING btree ("sender","day");