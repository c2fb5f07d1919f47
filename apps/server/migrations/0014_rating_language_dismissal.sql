ALTER TABLE "feedback_scores" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_score_configs" ADD COLUMN "question_en" text;--> statement-breakpoint
UPDATE "feedback_score_configs" SET "question" = '用户管理好用吗？', "question_en" = 'How useful is user management?' WHERE "question" = '用户管理好用吗？/ How useful is user management?';
