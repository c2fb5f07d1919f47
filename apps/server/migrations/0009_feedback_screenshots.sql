CREATE TABLE "feedback_screenshots" (
	"feedback_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feedback_screenshots_feedback_id_file_id_pk" PRIMARY KEY("feedback_id","file_id")
);
--> statement-breakpoint
DROP TABLE "feedback_images" CASCADE;