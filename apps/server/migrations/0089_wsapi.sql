CREATE SEQUENCE "public"."fin_workspace_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 200001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_workspace_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"allow_ips" text,
	"expires_at" timestamp with time zone,
	"rotated_from" integer,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("prefix", '') || E'\x1f' || coalesce("name", ''))) STORED NOT NULL,
	CONSTRAINT "fin_workspace_keys_hash_hex" CHECK ("fin_workspace_keys"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "fin_workspace_keys_rotated_expires" CHECK ("fin_workspace_keys"."state" <> 'rotated' or "fin_workspace_keys"."expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "fin_workspaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"suspend_reason" text,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", '') || E'\x1f' || coalesce("name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_workspace_keys_hash_uq" ON "fin_workspace_keys" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_workspace_keys_rotated_from_uq" ON "fin_workspace_keys" USING btree ("rotated_from");--> statement-breakpoint
CREATE INDEX "fin_workspace_keys_workspace_idx" ON "fin_workspace_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "fin_workspace_keys_state_idx" ON "fin_workspace_keys" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_workspace_keys_created_idx" ON "fin_workspace_keys" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_workspace_keys_search_idx" ON "fin_workspace_keys" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_workspaces_code_uq" ON "fin_workspaces" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_workspaces_account_idx" ON "fin_workspaces" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fin_workspaces_state_idx" ON "fin_workspaces" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_workspaces_created_idx" ON "fin_workspaces" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_workspaces_search_idx" ON "fin_workspaces" USING gin ("search" gin_trgm_ops);