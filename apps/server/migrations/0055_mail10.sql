CREATE TABLE "mail_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_shared_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_shared_signatures_name_idx" ON "mail_shared_signatures" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "mail_shared_signatures_enabled_idx" ON "mail_shared_signatures" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "mail_shared_signatures_updated_idx" ON "mail_shared_signatures" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mail_shared_signatures_search_trgm" ON "mail_shared_signatures" USING gin ("search" gin_trgm_ops);