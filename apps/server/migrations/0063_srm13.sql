ALTER TABLE "traffic_daily" ADD COLUMN "dlr_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD COLUMN "dlr_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "dlr_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_deltas" ADD COLUMN "dlr_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_hourly" ADD COLUMN "dlr_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_hourly" ADD COLUMN "dlr_count" bigint DEFAULT 0 NOT NULL;