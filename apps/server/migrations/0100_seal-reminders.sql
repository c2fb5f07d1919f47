CREATE TABLE "fin_seal_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"due_day" date NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_seals" ADD COLUMN "valid_until" date;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_seal_reminders_record_uq" ON "fin_seal_reminders" USING btree ("kind","record_id");