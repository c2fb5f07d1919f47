CREATE TABLE "crm_churn_flags" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"window_days" integer NOT NULL,
	"before" numeric(20, 6) NOT NULL,
	"recent" numeric(20, 6) NOT NULL,
	"fall_percent" integer NOT NULL
);
