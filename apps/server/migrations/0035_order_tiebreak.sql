DROP INDEX "staff_users_created_idx";--> statement-breakpoint
DROP INDEX "crm_applications_created_idx";--> statement-breakpoint
DROP INDEX "crm_contacts_created_idx";--> statement-breakpoint
DROP INDEX "crm_customers_created_idx";--> statement-breakpoint
DROP INDEX "crm_opportunities_created_idx";--> statement-breakpoint
DROP INDEX "feedbacks_created_idx";--> statement-breakpoint
DROP INDEX "srm_admissions_created_idx";--> statement-breakpoint
DROP INDEX "srm_contacts_created_idx";--> statement-breakpoint
DROP INDEX "srm_source_changes_created_idx";--> statement-breakpoint
DROP INDEX "srm_suppliers_created_idx";--> statement-breakpoint
DROP INDEX "srm_channel_networks_mccmnc_idx";--> statement-breakpoint
DROP INDEX "srm_channels_created_idx";--> statement-breakpoint
DROP INDEX "srm_docking_gateways_created_idx";--> statement-breakpoint
DROP INDEX "srm_gateway_ips_created_idx";--> statement-breakpoint
DROP INDEX "srm_landing_gateways_created_idx";--> statement-breakpoint
DROP INDEX "srm_route_binds_created_idx";--> statement-breakpoint
DROP INDEX "srm_sender_ids_created_idx";--> statement-breakpoint
DROP INDEX "ref_bank_accounts_updated_idx";--> statement-breakpoint
CREATE INDEX "staff_users_created_idx" ON "staff_users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "crm_applications_created_idx" ON "crm_applications" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "crm_contacts_created_idx" ON "crm_contacts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "crm_customers_created_idx" ON "crm_customers" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_created_idx" ON "crm_opportunities" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_admissions_created_idx" ON "srm_admissions" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_contacts_created_idx" ON "srm_contacts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_source_changes_created_idx" ON "srm_source_changes" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_suppliers_created_idx" ON "srm_suppliers" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_channel_networks_mccmnc_idx" ON "srm_channel_networks" USING btree ("mccmnc","id");--> statement-breakpoint
CREATE INDEX "srm_channels_created_idx" ON "srm_channels" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_created_idx" ON "srm_docking_gateways" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_gateway_ips_created_idx" ON "srm_gateway_ips" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_created_idx" ON "srm_landing_gateways" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_route_binds_created_idx" ON "srm_route_binds" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_created_idx" ON "srm_sender_ids" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ref_bank_accounts_updated_idx" ON "ref_bank_accounts" USING btree ("updated_at" DESC NULLS FIRST,"id");