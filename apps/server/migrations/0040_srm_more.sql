CREATE TABLE "srm_supplier_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"with_contacts" boolean,
	"keep_as" text,
	"from_entity_id" integer,
	"to_entity_id" integer,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_id" integer,
	"applicant_id" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("reason", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE INDEX "srm_supplier_requests_supplier_idx" ON "srm_supplier_requests" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "srm_supplier_requests_state_idx" ON "srm_supplier_requests" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_supplier_requests_applicant_idx" ON "srm_supplier_requests" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "srm_supplier_requests_created_idx" ON "srm_supplier_requests" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "srm_supplier_requests_approval_uq" ON "srm_supplier_requests" USING btree ("approval_id");--> statement-breakpoint
CREATE UNIQUE INDEX "srm_supplier_requests_pending_uq" ON "srm_supplier_requests" USING btree ("supplier_id","kind") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "srm_supplier_requests_search_trgm" ON "srm_supplier_requests" USING gin ("search" gin_trgm_ops);