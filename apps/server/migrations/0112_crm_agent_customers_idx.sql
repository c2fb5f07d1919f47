DROP INDEX "crm_customers_agent_idx";--> statement-breakpoint
CREATE INDEX "crm_customers_agent_idx" ON "crm_customers" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);