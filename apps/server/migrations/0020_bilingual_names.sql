ALTER TABLE "mc_messages" ADD COLUMN "template_key" text;--> statement-breakpoint
ALTER TABLE "mc_messages" ADD COLUMN "template_vars" jsonb;--> statement-breakpoint
ALTER TABLE "ding_notices" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "version_notices" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "version_notices" SET "title_en" = btrim(split_part("title", ' / ', 2)), "title" = btrim(split_part("title", ' / ', 1)) WHERE "title_en" = '' AND "title" LIKE '% / %';--> statement-breakpoint
UPDATE "ding_notices" SET "title_en" = btrim(split_part("title", ' / ', 2)), "title" = btrim(split_part("title", ' / ', 1)) WHERE "title_en" = '' AND "title" LIKE '% / %';--> statement-breakpoint
UPDATE "mc_messages" SET "template_key" = 'feedback.replied', "template_vars" = jsonb_build_object('reply', "content"), "title" = '您的反馈有新回复' WHERE "template_key" IS NULL AND "type" = 'feedback' AND "title" = '您的反馈有新回复 / Your feedback has a reply';
