DROP INDEX "traffic_dlrs_received_idx";--> statement-breakpoint
DROP INDEX "traffic_keys_at_idx";--> statement-breakpoint
CREATE INDEX "traffic_dlrs_received_brin" ON "traffic_dlrs" USING brin ("received_at");--> statement-breakpoint
CREATE INDEX "traffic_keys_at_brin" ON "traffic_keys" USING brin ("at");