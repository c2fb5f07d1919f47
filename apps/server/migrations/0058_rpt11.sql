ALTER TABLE "rpt_subscriptions" ADD COLUMN "locale" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "rpt_subscriptions" ADD COLUMN "filters" text DEFAULT '[]' NOT NULL;