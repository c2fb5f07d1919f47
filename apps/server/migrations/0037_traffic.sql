CREATE TABLE "traffic_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"segments" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"pdd_ms" bigint DEFAULT 0 NOT NULL,
	"pdd_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"segments" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"pdd_ms" bigint DEFAULT 0 NOT NULL,
	"pdd_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_dlrs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"part" smallint NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"dlr_at" timestamp with time zone NOT NULL,
	"supplier_message_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"matched" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"segments" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"pdd_ms" bigint DEFAULT 0 NOT NULL,
	"pdd_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_keys" (
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"part" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_keys_kind_record_id_part_pk" PRIMARY KEY("kind","record_id","part")
);
--> statement-breakpoint
CREATE TABLE "traffic_sms" (
	"submit_at" timestamp with time zone NOT NULL,
	"message_id" text NOT NULL,
	"part" smallint NOT NULL,
	"parts" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"sub_account" text,
	"sender_id" text,
	"number" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"content_hash" text,
	"encoding" text NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"segments" smallint NOT NULL,
	"channel_id" integer DEFAULT 0 NOT NULL,
	"supplier_message_id" text,
	"submit_status" text NOT NULL,
	"submit_error" text,
	"dlr_state" text,
	"dlr_error" text,
	"dlr_at" timestamp with time zone,
	"price" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_sms_pk" PRIMARY KEY("submit_at","message_id","part")
);
--> statement-breakpoint
CREATE TABLE "traffic_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_voice" (
	"setup_at" timestamp with time zone NOT NULL,
	"call_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"caller" text NOT NULL,
	"callee" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"ingress_gateway" text,
	"egress_gateway" text,
	"channel_id" integer DEFAULT 0 NOT NULL,
	"answer_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"billed_duration" integer DEFAULT 0 NOT NULL,
	"sip_code" smallint NOT NULL,
	"pdd_ms" integer,
	"price" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"cost_currency" text NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_voice_pk" PRIMARY KEY("setup_at","call_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_daily_uq" ON "traffic_daily" USING btree ("day","product","account_id","customer_id","owner_id","channel_id","country","network","status","currency","cost_currency");--> statement-breakpoint
CREATE INDEX "traffic_daily_owner_idx" ON "traffic_daily" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "traffic_daily_account_idx" ON "traffic_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_dlrs_event_uq" ON "traffic_dlrs" USING btree ("message_id","part","state","dlr_at");--> statement-breakpoint
CREATE INDEX "traffic_dlrs_unmatched_idx" ON "traffic_dlrs" USING btree ("received_at") WHERE not "traffic_dlrs"."matched";--> statement-breakpoint
CREATE INDEX "traffic_dlrs_received_idx" ON "traffic_dlrs" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_hourly_uq" ON "traffic_hourly" USING btree ("hour","product","account_id","customer_id","owner_id","channel_id","country","network","status","currency","cost_currency");--> statement-breakpoint
CREATE INDEX "traffic_hourly_owner_idx" ON "traffic_hourly" USING btree ("owner_id","hour");--> statement-breakpoint
CREATE INDEX "traffic_keys_at_idx" ON "traffic_keys" USING btree ("at");--> statement-breakpoint
CREATE INDEX "traffic_sms_number_idx" ON "traffic_sms" USING btree ("number","submit_at");--> statement-breakpoint
CREATE INDEX "traffic_sms_message_idx" ON "traffic_sms" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "traffic_sms_account_idx" ON "traffic_sms" USING btree ("account_id","submit_at");--> statement-breakpoint
CREATE INDEX "traffic_sms_owner_idx" ON "traffic_sms" USING btree ("owner_id","submit_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_callee_idx" ON "traffic_voice" USING btree ("callee","setup_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_call_idx" ON "traffic_voice" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "traffic_voice_account_idx" ON "traffic_voice" USING btree ("account_id","setup_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_owner_idx" ON "traffic_voice" USING btree ("owner_id","setup_at");--> statement-breakpoint
-- hand-written
-- traffic_sms and traffic_voice are partitioned by day (declarative, RANGE on the record's time): drizzle-kit
-- created them plain above; re-create each partitioned with the same columns, key and index names. The
-- partitions themselves (traffic_sms_pYYYYMMDD) are made ahead and dropped after retention by the room's job.
ALTER TABLE "traffic_sms" RENAME TO "traffic_sms_plain";--> statement-breakpoint
CREATE TABLE "traffic_sms" (LIKE "traffic_sms_plain" INCLUDING DEFAULTS) PARTITION BY RANGE ("submit_at");--> statement-breakpoint
DROP TABLE "traffic_sms_plain";--> statement-breakpoint
ALTER TABLE "traffic_sms" ADD CONSTRAINT "traffic_sms_pk" PRIMARY KEY("submit_at","message_id","part");--> statement-breakpoint
CREATE INDEX "traffic_sms_number_idx" ON "traffic_sms" USING btree ("number","submit_at");--> statement-breakpoint
CREATE INDEX "traffic_sms_message_idx" ON "traffic_sms" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "traffic_sms_account_idx" ON "traffic_sms" USING btree ("account_id","submit_at");--> statement-breakpoint
CREATE INDEX "traffic_sms_owner_idx" ON "traffic_sms" USING btree ("owner_id","submit_at");--> statement-breakpoint
ALTER TABLE "traffic_voice" RENAME TO "traffic_voice_plain";--> statement-breakpoint
CREATE TABLE "traffic_voice" (LIKE "traffic_voice_plain" INCLUDING DEFAULTS) PARTITION BY RANGE ("setup_at");--> statement-breakpoint
DROP TABLE "traffic_voice_plain";--> statement-breakpoint
ALTER TABLE "traffic_voice" ADD CONSTRAINT "traffic_voice_pk" PRIMARY KEY("setup_at","call_id");--> statement-breakpoint
CREATE INDEX "traffic_voice_callee_idx" ON "traffic_voice" USING btree ("callee","setup_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_call_idx" ON "traffic_voice" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "traffic_voice_account_idx" ON "traffic_voice" USING btree ("account_id","setup_at");--> statement-breakpoint
CREATE INDEX "traffic_voice_owner_idx" ON "traffic_voice" USING btree ("owner_id","setup_at");--> statement-breakpoint
ALTER TABLE "traffic_sms" ADD CONSTRAINT "traffic_sms_part_check" CHECK ("part" >= 1 AND "part" <= "parts");--> statement-breakpoint
ALTER TABLE "traffic_voice" ADD CONSTRAINT "traffic_voice_billed_check" CHECK ("billed_duration" >= 0 AND "duration" >= 0);
