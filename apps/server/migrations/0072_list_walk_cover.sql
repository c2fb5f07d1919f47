-- hand-written: the lists' order indexes also carry the columns their walks check (decision 0098)
DROP INDEX IF EXISTS "crm_customers_created_idx";--> statement-breakpoint
CREATE INDEX "crm_customers_created_idx" ON "crm_customers" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("owner_id","state","country","search");--> statement-breakpoint
DROP INDEX IF EXISTS "staff_users_created_idx";--> statement-breakpoint
CREATE INDEX "staff_users_created_idx" ON "staff_users" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("status","search");
