CREATE SEQUENCE "public"."fin_supplier_account_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."fin_supplier_application_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 700001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_supplier_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"product" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"prepaid" bigint DEFAULT 0 NOT NULL,
	"costs" bigint DEFAULT 0 NOT NULL,
	"last_entry_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_supplier_accounts_totals" CHECK ("fin_supplier_accounts"."prepaid" >= 0 and "fin_supplier_accounts"."costs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fin_supplier_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"supplier_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"instance_id" integer,
	"applicant_id" integer NOT NULL,
	"decider_id" integer,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_supplier_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"supplier_account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"application_id" integer,
	"note" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_supplier_entries_sign" CHECK (case "fin_supplier_entries"."kind" when 'prepayment' then "fin_supplier_entries"."amount" > 0 when 'payment' then "fin_supplier_entries"."amount" > 0
        when 'cost' then "fin_supplier_entries"."amount" < 0 else "fin_supplier_entries"."amount" <> 0 end)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_accounts_code_uq" ON "fin_supplier_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_accounts_uq" ON "fin_supplier_accounts" USING btree ("supplier_id","product","currency");--> statement-breakpoint
CREATE INDEX "fin_supplier_accounts_product_idx" ON "fin_supplier_accounts" USING btree ("product","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_supplier_accounts_currency_idx" ON "fin_supplier_accounts" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "fin_supplier_accounts_created_idx" ON "fin_supplier_accounts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_applications_code_uq" ON "fin_supplier_applications" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_supplier_applications_account_idx" ON "fin_supplier_applications" USING btree ("supplier_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_applications_instance_uq" ON "fin_supplier_applications" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_entries_key_uq" ON "fin_supplier_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "fin_supplier_entries_account_idx" ON "fin_supplier_entries" USING btree ("supplier_account_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_supplier_entries_kind_idx" ON "fin_supplier_entries" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fin_supplier_entries_day_idx" ON "fin_supplier_entries" USING btree ("day");--> statement-breakpoint
CREATE INDEX "fin_supplier_entries_created_idx" ON "fin_supplier_entries" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- hand-written
CREATE TRIGGER fin_supplier_entries_insert_only BEFORE UPDATE OR DELETE ON fin_supplier_entries -- hand-written
  FOR EACH ROW EXECUTE FUNCTION fin_ledger_refuse_change(); -- hand-written
--> statement-breakpoint
-- An entry moves its supplier account under the account's row lock; a key posted meanwhile makes the -- hand-written
-- row vanish (as the customer ledger's fin_ledger_post); a currency not the account's is refused. -- hand-written
CREATE FUNCTION fin_supplier_post() RETURNS trigger LANGUAGE plpgsql AS $$ -- hand-written
DECLARE -- hand-written
  acc_currency text; -- hand-written
  after bigint; -- hand-written
BEGIN -- hand-written
  SELECT currency INTO acc_currency FROM fin_supplier_accounts WHERE id = NEW.supplier_account_id FOR UPDATE; -- hand-written
  IF NOT FOUND THEN -- hand-written
    RAISE EXCEPTION 'fin supplier ledger: no account %', NEW.supplier_account_id USING ERRCODE = 'P0002'; -- hand-written
  END IF; -- hand-written
  IF acc_currency <> NEW.currency THEN -- hand-written
    RAISE EXCEPTION 'fin supplier ledger: currency % differs from the account''s %', NEW.currency, acc_currency -- hand-written
      USING ERRCODE = 'P0003'; -- hand-written
  END IF; -- hand-written
  IF EXISTS (SELECT 1 FROM fin_supplier_entries WHERE key = NEW.key) THEN -- hand-written
    RETURN NULL; -- hand-written
  END IF; -- hand-written
  UPDATE fin_supplier_accounts SET balance = balance + NEW.amount, -- hand-written
    prepaid = prepaid + CASE WHEN NEW.kind = 'prepayment' THEN NEW.amount ELSE 0 END, -- hand-written
    costs = costs - CASE WHEN NEW.kind = 'cost' THEN NEW.amount ELSE 0 END, -- hand-written
    last_entry_at = NEW.created_at -- hand-written
    WHERE id = NEW.supplier_account_id RETURNING balance INTO after; -- hand-written
  NEW.balance_after := after; -- hand-written
  RETURN NEW; -- hand-written
END $$; -- hand-written
--> statement-breakpoint
CREATE TRIGGER fin_supplier_entries_post BEFORE INSERT ON fin_supplier_entries -- hand-written
  FOR EACH ROW EXECUTE FUNCTION fin_supplier_post(); -- hand-written
--> statement-breakpoint
-- The balance and totals are the entries': a change of them outside the entries' trigger is refused. -- hand-written
CREATE FUNCTION fin_supplier_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$ -- hand-written
BEGIN -- hand-written
  IF TG_OP = 'INSERT' THEN -- hand-written
    IF NEW.balance <> 0 OR NEW.prepaid <> 0 OR NEW.costs <> 0 THEN -- hand-written
      RAISE EXCEPTION 'a new supplier account starts at zero' USING ERRCODE = 'P0001'; -- hand-written
    END IF; -- hand-written
  ELSIF (NEW.balance, NEW.prepaid, NEW.costs) IS DISTINCT FROM (OLD.balance, OLD.prepaid, OLD.costs) -- hand-written
    AND pg_trigger_depth() < 2 THEN -- hand-written
    RAISE EXCEPTION 'fin_supplier_accounts balances move only through entries' USING ERRCODE = 'P0001'; -- hand-written
  END IF; -- hand-written
  RETURN NEW; -- hand-written
END $$; -- hand-written
--> statement-breakpoint
CREATE TRIGGER fin_supplier_accounts_guard BEFORE INSERT OR UPDATE ON fin_supplier_accounts -- hand-written
  FOR EACH ROW EXECUTE FUNCTION fin_supplier_accounts_guard(); -- hand-written
