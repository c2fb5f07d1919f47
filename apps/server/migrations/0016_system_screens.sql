CREATE TABLE "role_departments" (
	"role_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "role_departments_role_id_department_id_pk" PRIMARY KEY("role_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "result_code" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE INDEX "role_departments_dept_idx" ON "role_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "role_resources_resource_idx" ON "role_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject","at");