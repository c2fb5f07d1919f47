CREATE TABLE "feedback_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "feedback_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "feedback_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"content" text NOT NULL,
	"page" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"unseen_reply" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "mc_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"msg_type" smallint DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"fill_vars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" text,
	"source_kind" text,
	"source_id" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "ding_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"pushed_at" timestamp with time zone,
	"push_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "version_notices" ADD COLUMN "inner_version" text;--> statement-breakpoint
ALTER TABLE "version_notices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "feedback_images_feedback_idx" ON "feedback_images" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_user_created_idx" ON "feedbacks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_status_created_idx" ON "feedbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mc_messages_user_created_idx" ON "mc_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mc_messages_user_unread_idx" ON "mc_messages" USING btree ("user_id","type") WHERE "mc_messages"."status" = 0;--> statement-breakpoint
CREATE INDEX "ding_notices_created_idx" ON "ding_notices" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "version_notices_inner_version_uq" ON "version_notices" USING btree ("inner_version") WHERE "version_notices"."deleted_at" is null and "version_notices"."inner_version" is not null;--> statement-breakpoint
INSERT INTO "feedback_questions" ("name", "sort") VALUES ('功能建议', 0), ('系统问题', 1), ('使用咨询', 2), ('其他', 3);
