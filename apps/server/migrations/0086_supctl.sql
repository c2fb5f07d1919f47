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
CREATE UNIQUE INDEX "fin_supplier_controls_uq" ON "fin_supplier_controls" USING btree ("kind","supplier_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_supplier_idx" ON "fin_supplier_controls" USING btree ("supplier_id","kind");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_enabled_idx" ON "fin_supplier_controls" USING btree ("enabled","kind");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_from_idx" ON "fin_supplier_controls" USING btree ("from_day" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_supplier_controls_updated_idx" ON "fin_supplier_controls" USING btree ("updated_at" DESC NULLS FIRST,"id");