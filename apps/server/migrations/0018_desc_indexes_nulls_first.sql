DROP INDEX "record_events_timeline_idx";--> statement-breakpoint
DROP INDEX "wf_copies_user_idx";--> statement-breakpoint
DROP INDEX "wf_instances_initiator_idx";--> statement-breakpoint
DROP INDEX "wf_tasks_todo_idx";--> statement-breakpoint
DROP INDEX "wf_tasks_handled_idx";--> statement-breakpoint
CREATE INDEX "record_events_timeline_idx" ON "record_events" USING btree ("entity","record_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wf_copies_user_idx" ON "wf_copies" USING btree ("user_id","created_at" DESC NULLS FIRST,"instance_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wf_instances_initiator_idx" ON "wf_instances" USING btree ("initiator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wf_tasks_todo_idx" ON "wf_tasks" USING btree ("assignee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "wf_tasks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wf_tasks_handled_idx" ON "wf_tasks" USING btree ("assignee_id","handled_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "wf_tasks"."status" in ('agreed', 'rejected', 'transmitted');