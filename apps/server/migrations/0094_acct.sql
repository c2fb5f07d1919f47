CREATE SEQUENCE "public"."fin_client_app_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_aws_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"identity" text NOT NULL,
	"region" text NOT NULL,
	"account_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"disable_reason" text,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("identity", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"product" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"disable_reason" text,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("app_id", '') || E'\x1f' || coalesce("name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"contract_no" text NOT NULL,
	"title" text NOT NULL,
	"account_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"signed_on" date,
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"terminate_reason" text,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("contract_no", '') || E'\x1f' || coalesce("title", ''))) STORED NOT NULL,
	CONSTRAINT "fin_contracts_term" CHECK ("fin_contracts"."ends_on" >= "fin_contracts"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "fin_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"subject" text NOT NULL,
	"legal_name" text NOT NULL,
	"document_no" text NOT NULL,
	"documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("legal_name", '') || E'\x1f' || coalesce("document_no", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_aws_users_identity_uq" ON "fin_aws_users" USING btree ("region","identity");--> statement-breakpoint
CREATE INDEX "fin_aws_users_account_idx" ON "fin_aws_users" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_aws_users_region_idx" ON "fin_aws_users" USING btree ("region");--> statement-breakpoint
CREATE INDEX "fin_aws_users_state_idx" ON "fin_aws_users" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_aws_users_created_idx" ON "fin_aws_users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_aws_users_verified_idx" ON "fin_aws_users" USING btree ("verified_at");--> statement-breakpoint
CREATE INDEX "fin_aws_users_search_idx" ON "fin_aws_users" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_clients_app_uq" ON "fin_clients" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "fin_clients_account_idx" ON "fin_clients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_clients_product_idx" ON "fin_clients" USING btree ("product");--> statement-breakpoint
CREATE INDEX "fin_clients_state_idx" ON "fin_clients" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_clients_created_idx" ON "fin_clients" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_clients_search_idx" ON "fin_clients" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_contracts_no_uq" ON "fin_contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "fin_contracts_account_idx" ON "fin_contracts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_contracts_state_idx" ON "fin_contracts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_contracts_ends_idx" ON "fin_contracts" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "fin_contracts_created_idx" ON "fin_contracts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_contracts_search_idx" ON "fin_contracts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_verifications_pending_uq" ON "fin_verifications" USING btree ("account_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "fin_verifications_account_idx" ON "fin_verifications" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_verifications_state_idx" ON "fin_verifications" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_verifications_created_idx" ON "fin_verifications" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_verifications_reviewed_idx" ON "fin_verifications" USING btree ("reviewed_at");--> statement-breakpoint
CREATE INDEX "fin_verifications_search_idx" ON "fin_verifications" USING gin ("search" gin_trgm_ops);