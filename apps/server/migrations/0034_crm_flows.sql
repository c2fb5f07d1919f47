CREATE TABLE "crm_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer NOT NULL,
	"old_value" text,
	"new_value" text,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"instance_id" integer,
	"initiator_id" integer NOT NULL,
	"opinion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_applications_code_uq" ON "crm_applications" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_applications_pending_uq" ON "crm_applications" USING btree ("customer_id","kind") WHERE "crm_applications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "crm_applications_customer_idx" ON "crm_applications" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_applications_instance_idx" ON "crm_applications" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "crm_applications_initiator_idx" ON "crm_applications" USING btree ("initiator_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_applications_kind_state_idx" ON "crm_applications" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "crm_applications_state_idx" ON "crm_applications" USING btree ("state");--> statement-breakpoint
CREATE INDEX "crm_applications_created_idx" ON "crm_applications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_applications_search_trgm" ON "crm_applications" USING gin ("search" gin_trgm_ops);