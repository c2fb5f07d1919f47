CREATE TABLE "owner_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"actor_id" integer,
	"reason" text,
	"related" jsonb,
	"keep_as" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_members" (
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access" text NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "record_members_entity_record_id_user_id_pk" PRIMARY KEY("entity","record_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "owner_changes_record_idx" ON "owner_changes" USING btree ("entity","record_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "owner_changes_claims_idx" ON "owner_changes" USING btree ("entity","to_user_id","kind","at");--> statement-breakpoint
CREATE INDEX "owner_changes_list_idx" ON "owner_changes" USING btree ("entity","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "record_members_user_idx" ON "record_members" USING btree ("user_id","entity","record_id");