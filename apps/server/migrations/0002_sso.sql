CREATE TABLE "sso_local_identities" (
	"subject" text PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_local_identities_login_uq" ON "sso_local_identities" USING btree (lower("login"));