CREATE TABLE "fin_seal_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"due_day" date NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_ledger_entries" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "fin_seals" ADD COLUMN "valid_until" date;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_seal_reminders_record_uq" ON "fin_seal_reminders" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_entries_channel_created_idx" ON "fin_ledger_entries" USING btree ("channel","created_at" DESC NULLS FIRST,"id") WHERE channel is not null;