ALTER TABLE "fin_accounts" ADD COLUMN "identity_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_accounts" ADD COLUMN "identity_id" integer;--> statement-breakpoint
ALTER TABLE "fin_verifications" ADD COLUMN "valid_until" date;--> statement-breakpoint
CREATE INDEX "fin_accounts_identity_state_idx" ON "fin_accounts" USING btree ("identity_state");