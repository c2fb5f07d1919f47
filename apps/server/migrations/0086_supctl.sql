CREATE TABLE "fin_supplier_control_set" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"effective_from" date NOT NULL,
	"due_days" integer NOT NULL,
	"warn_days" integer NOT NULL,
	"balance_floor" bigint NOT NULL,
	"to_owner" boolean DEFAULT true NOT NULL,
	"to_finance" boolean DEFAULT false NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_supplier_control_set_range" CHECK ("fin_supplier_control_set"."due_days" between 0 and 365 and "fin_supplier_control_set"."warn_days" between 0 and 60 and "fin_supplier_control_set"."balance_floor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fin_supplier_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"until" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_supplier_controls_days" CHECK ("fin_supplier_controls"."until" is null or "fin_supplier_controls"."until" >= "fin_supplier_controls"."from_day")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_control_set_uq" ON "fin_supplier_control_set" USING btree ("currency","effective_from");--> statement-breakpoint
CREATE INDEX "fin_supplier_control_set_from_idx" ON "fin_supplier_control_set" USING btree ("effective_from" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_controls_uq" ON "fin_supplier_controls" USING btree ("kind","supplier_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_supplier_idx" ON "fin_supplier_controls" USING btree ("supplier_id","kind");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_enabled_idx" ON "fin_supplier_controls" USING btree ("enabled","kind");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_from_idx" ON "fin_supplier_controls" USING btree ("from_day" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_updated_idx" ON "fin_supplier_controls" USING btree ("updated_at" DESC NULLS FIRST,"id");