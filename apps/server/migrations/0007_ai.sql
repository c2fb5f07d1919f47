CREATE TABLE "ai_chat_feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"like" smallint NOT NULL,
	"tag" text,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_query" text NOT NULL,
	"ai_response" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"like" smallint,
	"kb_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"guess_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_chats_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "ai_common_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"locale" text NOT NULL,
	"question" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_conversations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "ai_feedback_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"like_type" text NOT NULL,
	"tag_name" text NOT NULL,
	"tag_name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_kb_chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"ord" integer NOT NULL,
	"heading" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_kb_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"slug" text,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"body" text NOT NULL,
	"bytes" integer NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ai_kb_documents_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "ai_chat_feedbacks" ADD CONSTRAINT "ai_chat_feedbacks_chat_id_ai_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."ai_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_chats" ADD CONSTRAINT "ai_chats_conversation_id_ai_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."ai_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_kb_chunks" ADD CONSTRAINT "ai_kb_chunks_document_id_ai_kb_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ai_kb_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_chat_feedbacks_chat_idx" ON "ai_chat_feedbacks" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "ai_chats_conversation_idx" ON "ai_chats" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_common_questions_uq" ON "ai_common_questions" USING btree ("locale","question");--> statement-breakpoint
CREATE INDEX "ai_common_questions_type_idx" ON "ai_common_questions" USING btree ("type");--> statement-breakpoint
CREATE INDEX "ai_conversations_user_idx" ON "ai_conversations" USING btree ("user_id","is_top","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_feedback_tags_type_name_uq" ON "ai_feedback_tags" USING btree ("like_type","tag_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_kb_chunks_doc_ord_uq" ON "ai_kb_chunks" USING btree ("document_id","ord");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_kb_documents_slug_uq" ON "ai_kb_documents" USING btree ("slug") WHERE "ai_kb_documents"."slug" is not null;--> statement-breakpoint
CREATE INDEX "ai_kb_documents_live_idx" ON "ai_kb_documents" USING btree ("deleted_at","updated_at");