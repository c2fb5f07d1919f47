CREATE TABLE "srm_channel_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"identifier" text NOT NULL,
	"kind" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"capacity" integer NOT NULL,
	"state" text DEFAULT 'pool' NOT NULL,
	"account_id" integer,
	"account_code" text,
	"allocated_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("identifier", ''))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "srm_route_binds" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "srm_route_binds" ADD COLUMN "account_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "srm_channel_resources_identifier_uq" ON "srm_channel_resources" USING btree ("kind","identifier");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_search_trgm" ON "srm_channel_resources" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_channel_resources_identifier_idx" ON "srm_channel_resources" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_kind_idx" ON "srm_channel_resources" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_supplier_idx" ON "srm_channel_resources" USING btree ("supplier_id","state");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_product_idx" ON "srm_channel_resources" USING btree ("product");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_country_idx" ON "srm_channel_resources" USING btree ("country");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_state_idx" ON "srm_channel_resources" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_account_idx" ON "srm_channel_resources" USING btree ("account_code");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_capacity_idx" ON "srm_channel_resources" USING btree ("capacity");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_allocated_idx" ON "srm_channel_resources" USING btree ("allocated_at");--> statement-breakpoint
CREATE INDEX "srm_channel_resources_created_idx" ON "srm_channel_resources" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_route_binds_account_idx" ON "srm_route_binds" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "srm_route_binds_account_code_idx" ON "srm_route_binds" USING btree ("account_code");