CREATE TABLE "login_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_quick_entrances" (
	"user_id" integer NOT NULL,
	"path" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "home_quick_entrances_user_id_path_pk" PRIMARY KEY("user_id","path")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"remark" text,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE INDEX "login_prompts_enabled_idx" ON "login_prompts" USING btree ("enabled","created_at");