CREATE SEQUENCE "public"."fin_seal_application_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_contract_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archive_no" text NOT NULL,
	"archive_day" date NOT NULL,
	"seq" integer NOT NULL,
	"application_id" integer NOT NULL,
	"application_code" text NOT NULL,
	"counterpart_kind" text NOT NULL,
	"counterpart_id" integer NOT NULL,
	"counterpart_name" text NOT NULL,
	"title" text NOT NULL,
	"contract_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date,
	"seal_ids" integer[] NOT NULL,
	"seal_names" text NOT NULL,
	"copies" integer NOT NULL,
	"files" text[] NOT NULL,
	"original_state" text DEFAULT 'awaiting' NOT NULL,
	"returned_by" integer,
	"returned_on" date,
	"remark" text,
	"applicant_id" integer NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("archive_no", '') || E'\x1f' || coalesce("title", '') || E'\x1f' || coalesce("counterpart_name", ''))) STORED NOT NULL,
	CONSTRAINT "fin_contract_archives_returned" CHECK ("fin_contract_archives"."original_state" <> 'filed' or ("fin_contract_archives"."returned_by" is not null and "fin_contract_archives"."returned_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "fin_seal_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"counterpart_kind" text NOT NULL,
	"counterpart_id" integer NOT NULL,
	"counterpart_name" text NOT NULL,
	"title" text NOT NULL,
	"contract_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date,
	"seal_ids" integer[] NOT NULL,
	"seal_names" text NOT NULL,
	"copies" integer NOT NULL,
	"files" text[] NOT NULL,
	"reason" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_id" integer,
	"archive_no" text,
	"applicant_id" integer NOT NULL,
	"decider_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("title", '') || E'\x1f' || coalesce("counterpart_name", ''))) STORED NOT NULL,
	CONSTRAINT "fin_seal_applications_term" CHECK ("fin_seal_applications"."end_day" is null or "fin_seal_applications"."end_day" >= "fin_seal_applications"."start_day"),
	CONSTRAINT "fin_seal_applications_amount" CHECK ("fin_seal_applications"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fin_seals" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"keeper_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_contract_archives_no_uq" ON "fin_contract_archives" USING btree ("archive_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_contract_archives_day_seq_uq" ON "fin_contract_archives" USING btree ("archive_day","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_contract_archives_application_uq" ON "fin_contract_archives" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_counterpart_idx" ON "fin_contract_archives" USING btree ("counterpart_kind","counterpart_id");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_type_idx" ON "fin_contract_archives" USING btree ("contract_type");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_original_idx" ON "fin_contract_archives" USING btree ("original_state");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_applicant_idx" ON "fin_contract_archives" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_archived_idx" ON "fin_contract_archives" USING btree ("archived_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_end_idx" ON "fin_contract_archives" USING btree ("end_day","id");--> statement-breakpoint
CREATE INDEX "fin_contract_archives_search_idx" ON "fin_contract_archives" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_seal_applications_code_uq" ON "fin_seal_applications" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_seal_applications_approval_idx" ON "fin_seal_applications" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "fin_seal_applications_state_idx" ON "fin_seal_applications" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_seal_applications_counterpart_idx" ON "fin_seal_applications" USING btree ("counterpart_kind","counterpart_id");--> statement-breakpoint
CREATE INDEX "fin_seal_applications_applicant_idx" ON "fin_seal_applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "fin_seal_applications_created_idx" ON "fin_seal_applications" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_seal_applications_search_idx" ON "fin_seal_applications" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_seals_entity_name_uq" ON "fin_seals" USING btree ("entity_id","name");--> statement-breakpoint
CREATE INDEX "fin_seals_kind_idx" ON "fin_seals" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fin_seals_entity_idx" ON "fin_seals" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "fin_seals_active_idx" ON "fin_seals" USING btree ("active");--> statement-breakpoint
CREATE INDEX "fin_seals_created_idx" ON "fin_seals" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_seals_search_idx" ON "fin_seals" USING gin ("search" gin_trgm_ops);