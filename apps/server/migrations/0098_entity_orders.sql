DROP INDEX "fin_entity_lines_day_idx";--> statement-breakpoint
CREATE INDEX "fin_entity_settlements_period_idx" ON "fin_entity_settlements" USING btree ("period" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_entity_lines_day_idx" ON "fin_entity_settlement_lines" USING btree ("day","id");