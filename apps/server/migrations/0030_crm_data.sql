CREATE TABLE "crm_promotion_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_promotion_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"referrer" text
);
--> statement-breakpoint
DROP INDEX "crm_customers_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "crm_promotion_signups_email_uq" ON "crm_promotion_signups" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "crm_promotion_signups_user_idx" ON "crm_promotion_signups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_promotion_visits_user_idx" ON "crm_promotion_visits" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "crm_customers_created_idx" ON "crm_customers" USING btree ("created_at" DESC NULLS LAST,"id");