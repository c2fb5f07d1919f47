-- hand-written
-- btree_gin: the owner, state and country beside the trigrams in crm_customers_search_trgm (decision 0089)
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "crm_customers_search_trgm";--> statement-breakpoint
CREATE INDEX "crm_customers_owner_state_country_idx" ON "crm_customers" USING btree ("owner_id","state","country");--> statement-breakpoint
CREATE INDEX "crm_customers_search_trgm" ON "crm_customers" USING gin ("search" gin_trgm_ops,"owner_id","state","country");