CREATE INDEX "fin_supplier_applications_kind_idx" ON "fin_supplier_applications" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fin_supplier_applications_state_idx" ON "fin_supplier_applications" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_supplier_applications_decided_idx" ON "fin_supplier_applications" USING btree ("decided_at");