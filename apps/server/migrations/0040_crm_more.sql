CREATE TABLE "crm_churn_flags" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"window_days" integer NOT NULL,
	"before" numeric(20, 6) NOT NULL,
	"recent" numeric(20, 6) NOT NULL,
	"fall_percent" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_churn_flags" ADD CONSTRAINT "crm_churn_flags_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;