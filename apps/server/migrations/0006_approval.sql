CREATE TABLE "wf_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"node_key" text,
	"node_name" text,
	"user_id" integer,
	"action" text NOT NULL,
	"target_user_id" integer,
	"target_node" text,
	"opinion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_copies" (
	"instance_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"node_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wf_copies_instance_id_user_id_node_key_pk" PRIMARY KEY("instance_id","user_id","node_key")
);
--> statement-breakpoint
CREATE TABLE "wf_form_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"label_en" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"dict_code" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"business_key" text,
	"title" text NOT NULL,
	"initiator_id" integer NOT NULL,
	"form_data" jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"route" jsonb NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"current_node_key" text,
	"current_node_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_process_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"group_name" text NOT NULL,
	"service_name" text NOT NULL,
	"form_id" integer NOT NULL,
	"apply_path" text,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"current_version_id" integer,
	"notify_events" jsonb DEFAULT '["todo","cc","approved","rejected","withdrawn","timeout"]'::jsonb NOT NULL,
	"webhook_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_role_members" (
	"role_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "wf_role_members_role_id_user_id_pk" PRIMARY KEY("role_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "wf_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"node_key" text NOT NULL,
	"node_name" text NOT NULL,
	"round" integer NOT NULL,
	"assignee_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "wf_actions_instance_idx" ON "wf_actions" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "wf_copies_user_idx" ON "wf_copies" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wf_form_fields_key_uq" ON "wf_form_fields" USING btree ("form_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_forms_code_uq" ON "wf_forms" USING btree ("code") WHERE not "wf_forms"."deleted";--> statement-breakpoint
CREATE INDEX "wf_instances_initiator_idx" ON "wf_instances" USING btree ("initiator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wf_instances_service_key_idx" ON "wf_instances" USING btree ("service_name","business_key");--> statement-breakpoint
CREATE INDEX "wf_instances_status_idx" ON "wf_instances" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_process_versions_uq" ON "wf_process_versions" USING btree ("process_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_processes_code_uq" ON "wf_processes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "wf_processes_service_idx" ON "wf_processes" USING btree ("service_name");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_roles_code_uq" ON "wf_roles" USING btree ("code") WHERE not "wf_roles"."deleted";--> statement-breakpoint
CREATE INDEX "wf_tasks_todo_idx" ON "wf_tasks" USING btree ("assignee_id","created_at" DESC NULLS LAST) WHERE "wf_tasks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wf_tasks_handled_idx" ON "wf_tasks" USING btree ("assignee_id","handled_at" DESC NULLS LAST) WHERE "wf_tasks"."status" in ('agreed', 'rejected', 'transmitted');--> statement-breakpoint
CREATE INDEX "wf_tasks_instance_idx" ON "wf_tasks" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "wf_tasks_due_idx" ON "wf_tasks" USING btree ("due_at") WHERE "wf_tasks"."status" = 'pending' and "wf_tasks"."reminded_at" is null;