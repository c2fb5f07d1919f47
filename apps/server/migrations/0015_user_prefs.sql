CREATE TABLE "user_prefs" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_prefs_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
