CREATE SEQUENCE "public"."fin_bill_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_bill_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"cycle" text NOT NULL,
	"effective_from" date NOT NULL,
	"term_days" integer DEFAULT 15 NOT NULL,
	"grace_days" integer DEFAULT 5 NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_bill_cycles_days" CHECK ("fin_bill_cycles"."term_days" >= 0 and "fin_bill_cycles"."grace_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fin_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"account_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"unpaid" numeric(20, 4) NOT NULL,
	"currency" text NOT NULL,
	"due_day" date NOT NULL,
	"overdue_after" date NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", ''))) STORED NOT NULL,
	CONSTRAINT "fin_bills_amounts" CHECK ("fin_bills"."amount" >= 0 and "fin_bills"."unpaid" >= 0 and "fin_bills"."unpaid" <= "fin_bills"."amount")
);
--> statement-breakpoint
CREATE TABLE "fin_credit_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"step" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"min_unpaid" numeric(20, 4),
	"min_bills" integer,
	"action" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_credit_whitelist" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"until" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"reason" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_notify" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"to_owner" boolean DEFAULT true NOT NULL,
	"to_finance" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_overdue_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bill_cycles_cycle_uq" ON "fin_bill_cycles" USING btree ("cycle","effective_from");--> statement-breakpoint
CREATE INDEX "fin_bill_cycles_updated_idx" ON "fin_bill_cycles" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bills_code_uq" ON "fin_bills" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bills_period_uq" ON "fin_bills" USING btree ("account_id","period_start");--> statement-breakpoint
CREATE INDEX "fin_bills_state_idx" ON "fin_bills" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_bills_period_end_idx" ON "fin_bills" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "fin_bills_issued_idx" ON "fin_bills" USING btree ("issued_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_bills_due_idx" ON "fin_bills" USING btree ("due_day");--> statement-breakpoint
CREATE INDEX "fin_bills_search_idx" ON "fin_bills" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_credit_rules_step_uq" ON "fin_credit_rules" USING btree ("step");--> statement-breakpoint
CREATE INDEX "fin_credit_rules_action_idx" ON "fin_credit_rules" USING btree ("action");--> statement-breakpoint
CREATE INDEX "fin_credit_rules_enabled_idx" ON "fin_credit_rules" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "fin_credit_rules_updated_idx" ON "fin_credit_rules" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_credit_whitelist_account_uq" ON "fin_credit_whitelist" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_credit_whitelist_enabled_idx" ON "fin_credit_whitelist" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "fin_credit_whitelist_updated_idx" ON "fin_credit_whitelist" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_notify_action_idx" ON "fin_notify" USING btree ("action");--> statement-breakpoint
CREATE INDEX "fin_notify_updated_idx" ON "fin_notify" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_overdue_actions_once_uq" ON "fin_overdue_actions" USING btree ("account_id","rule_id","bill_id");--> statement-breakpoint
CREATE INDEX "fin_overdue_actions_account_idx" ON "fin_overdue_actions" USING btree ("account_id","at");