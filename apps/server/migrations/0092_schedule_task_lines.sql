ALTER TABLE "traffic_twoway_tasks" ADD COLUMN "platform_id" text;--> statement-breakpoint
CREATE INDEX "traffic_appointments_cancelled_idx" ON "traffic_appointments" USING btree ("cancelled_at","id") WHERE "traffic_appointments"."cancelled_by" is not null;--> statement-breakpoint
ALTER TABLE "traffic_twoway_tasks" ADD CONSTRAINT "traffic_twoway_tasks_platform_id_unique" UNIQUE("platform_id");