CREATE TABLE "fin_account_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"billing" text NOT NULL,
	"state" text NOT NULL,
	"opening" numeric(20, 4) NOT NULL,
	"credits" numeric(20, 4) NOT NULL,
	"debits" numeric(20, 4) NOT NULL,
	"closing" numeric(20, 4) NOT NULL,
	"credit_line" numeric(20, 4) NOT NULL,
	"temp_credit" numeric(20, 4) NOT NULL,
	"entries" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_account_snapshots_closing" CHECK ("fin_account_snapshots"."closing" = "fin_account_snapshots"."opening" + "fin_account_snapshots"."credits" - "fin_account_snapshots"."debits")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_account_snapshots_day_account_uq" ON "fin_account_snapshots" USING btree ("day","account_id");--> statement-breakpoint
CREATE INDEX "fin_account_snapshots_day_idx" ON "fin_account_snapshots" USING btree ("day" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_account_snapshots_account_idx" ON "fin_account_snapshots" USING btree ("account_id","day" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fin_account_snapshots_currency_idx" ON "fin_account_snapshots" USING btree ("currency","day" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fin_account_snapshots_billing_idx" ON "fin_account_snapshots" USING btree ("billing","day" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fin_account_snapshots_state_idx" ON "fin_account_snapshots" USING btree ("state","day" DESC NULLS FIRST);