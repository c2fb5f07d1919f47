CREATE TABLE "fin_erp_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"daily_produce" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_erp_settings_one" CHECK ("fin_erp_settings"."id" = 1)
);
