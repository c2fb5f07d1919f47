CREATE TABLE "ai_kb_index_snapshots" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"documents" integer NOT NULL,
	"passages" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_kb_documents" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_kb_documents" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_kb_documents_file_uq" ON "ai_kb_documents" USING btree ("file_id") WHERE "ai_kb_documents"."file_id" is not null;