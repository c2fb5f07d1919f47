DROP INDEX "fin_accounts_created_idx";--> statement-breakpoint
DROP INDEX "fin_applications_created_idx";--> statement-breakpoint
DROP INDEX "fin_ledger_entries_created_idx";--> statement-breakpoint
CREATE INDEX "fin_accounts_created_idx" ON "fin_accounts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_applications_created_idx" ON "fin_applications" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_ledger_entries_created_idx" ON "fin_ledger_entries" USING btree ("created_at" DESC NULLS FIRST,"id");