CREATE SEQUENCE "public"."fin_account_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 800001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."fin_application_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency" text NOT NULL,
	"billing" text NOT NULL,
	"credit_line" numeric(20, 4) DEFAULT '0' NOT NULL,
	"balance" numeric(20, 4) DEFAULT '0' NOT NULL,
	"bill_cycle" text DEFAULT 'monthly' NOT NULL,
	"entity_id" integer,
	"state" text DEFAULT 'applying' NOT NULL,
	"approval_id" integer,
	"applicant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", ''))) STORED NOT NULL,
	CONSTRAINT "fin_accounts_credit_nonneg" CHECK ("fin_accounts"."credit_line" >= 0),
	CONSTRAINT "fin_accounts_prepaid_floor" CHECK ("fin_accounts"."billing" <> 'prepaid' or "fin_accounts"."balance" >= -"fin_accounts"."credit_line")
);
--> statement-breakpoint
CREATE TABLE "fin_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"amount" numeric(20, 4),
	"previous_amount" numeric(20, 4),
	"currency" text NOT NULL,
	"reference" text,
	"reason" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"instance_id" integer,
	"applicant_id" integer NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("reference", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_ledger_contra" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"book" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"currency" text NOT NULL,
	"balance_after" numeric(20, 4) DEFAULT '0' NOT NULL,
	"day" date NOT NULL,
	"application_id" integer,
	"reverses_id" bigint,
	"note" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_ledger_entries_nonzero" CHECK ("fin_ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "fin_recon_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"ok" text NOT NULL,
	"findings" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_accounts_code_uq" ON "fin_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_accounts_customer_idx" ON "fin_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "fin_accounts_state_idx" ON "fin_accounts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_accounts_billing_idx" ON "fin_accounts" USING btree ("billing");--> statement-breakpoint
CREATE INDEX "fin_accounts_currency_idx" ON "fin_accounts" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "fin_accounts_created_idx" ON "fin_accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fin_accounts_search_idx" ON "fin_accounts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_applications_code_uq" ON "fin_applications" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_applications_kind_idx" ON "fin_applications" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fin_applications_state_idx" ON "fin_applications" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_applications_account_idx" ON "fin_applications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_applications_instance_idx" ON "fin_applications" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "fin_applications_created_idx" ON "fin_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fin_applications_decided_idx" ON "fin_applications" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "fin_applications_search_idx" ON "fin_applications" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_ledger_contra_entry_uq" ON "fin_ledger_contra" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_contra_day_idx" ON "fin_ledger_contra" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_ledger_entries_key_uq" ON "fin_ledger_entries" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_ledger_entries_reverses_uq" ON "fin_ledger_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_entries_account_idx" ON "fin_ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "fin_ledger_entries_kind_idx" ON "fin_ledger_entries" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fin_ledger_entries_day_idx" ON "fin_ledger_entries" USING btree ("day");--> statement-breakpoint
CREATE INDEX "fin_ledger_entries_created_idx" ON "fin_ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fin_recon_runs_day_idx" ON "fin_recon_runs" USING btree ("day");--> statement-breakpoint
-- hand-written
-- The ledger is insert-only: an UPDATE or DELETE of an entry (either side) is refused.
CREATE FUNCTION fin_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'fin ledger is insert-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_ledger_entries_insert_only BEFORE UPDATE OR DELETE ON fin_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION fin_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fin_ledger_contra_insert_only BEFORE UPDATE OR DELETE ON fin_ledger_contra
  FOR EACH ROW EXECUTE FUNCTION fin_ledger_refuse_change();
--> statement-breakpoint
-- An entry moves its account's balance in the same statement. The account's row is locked first,
-- so writers on one account queue; then a key already posted (by a transaction that committed
-- while this one waited) makes the row vanish (RETURN NULL) and nothing moves: an INSERT … ON
-- CONFLICT fires BEFORE triggers before it sees the conflict, so the trigger checks the key itself.
-- The account's check refuses a prepaid balance below minus its credit line.
CREATE FUNCTION fin_ledger_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acc_currency text;
  after numeric(20, 4);
BEGIN
  SELECT currency INTO acc_currency FROM fin_accounts WHERE id = NEW.account_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'fin ledger: no account %', NEW.account_id USING ERRCODE = 'P0002';
  END IF;
  IF acc_currency <> NEW.currency THEN
    RAISE EXCEPTION 'fin ledger: currency % differs from the account''s %', NEW.currency, acc_currency
      USING ERRCODE = 'P0003';
  END IF;
  IF EXISTS (SELECT 1 FROM fin_ledger_entries WHERE key = NEW.key) THEN
    RETURN NULL;
  END IF;
  UPDATE fin_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id RETURNING balance INTO after;
  NEW.balance_after := after;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_ledger_entries_post BEFORE INSERT ON fin_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION fin_ledger_post();
--> statement-breakpoint
-- The balance is the ledger's: a change of it outside the ledger's trigger is refused.
CREATE FUNCTION fin_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'fin_accounts.balance moves only through the ledger' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_accounts_balance_guard BEFORE UPDATE ON fin_accounts
  FOR EACH ROW EXECUTE FUNCTION fin_accounts_guard();
--> statement-breakpoint
CREATE FUNCTION fin_accounts_insert_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a new account starts at zero; money comes through the ledger' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_accounts_insert_zero BEFORE INSERT ON fin_accounts
  FOR EACH ROW EXECUTE FUNCTION fin_accounts_insert_guard();
