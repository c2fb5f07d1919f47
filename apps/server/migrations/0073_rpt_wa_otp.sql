CREATE TABLE "traffic_otp_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"dlr_ms" bigint DEFAULT 0 NOT NULL,
	"dlr_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_wa_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"country" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"read" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "otp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "sessions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "read" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_sms" ADD COLUMN "otp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_otp_daily_uq" ON "traffic_otp_daily" USING btree ("day","product","account_id","customer_id","owner_id","channel_id","country","network","currency");--> statement-breakpoint
CREATE INDEX "traffic_otp_daily_owner_idx" ON "traffic_otp_daily" USING btree ("owner_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_wa_daily_uq" ON "traffic_wa_daily" USING btree ("day","product","account_id","customer_id","owner_id","country","category","currency");--> statement-breakpoint
CREATE INDEX "traffic_wa_daily_owner_idx" ON "traffic_wa_daily" USING btree ("owner_id","day");--> statement-breakpoint
INSERT INTO "traffic_wa_daily" (day, product, account_id, customer_id, owner_id, country, category, currency, count, delivered, read, sessions, revenue, cost) SELECT (m.at AT TIME ZONE 'UTC')::date, 'whatsapp', m.account_id, m.customer_id, m.owner_id, m.country, coalesce(m.category, ''), m.currency, count(*), count(*) FILTER (WHERE m.state IN ('delivered', 'read', 'opened', 'received')), count(*) FILTER (WHERE m.state = 'read'), count(*) FILTER (WHERE m.conversation_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM traffic_messages e WHERE e.kind = 'whatsapp' AND e.conversation_id = m.conversation_id AND (e.at < m.at OR (e.at = m.at AND e.record_id COLLATE "C" < m.record_id COLLATE "C")))), sum(m.price), sum(m.cost) FROM traffic_messages m WHERE m.kind = 'whatsapp' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8; -- hand-written
