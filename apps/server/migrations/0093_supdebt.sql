CREATE TABLE "fin_supplier_overdue" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"bill_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"currency" text NOT NULL,
	"due_day" date NOT NULL,
	"step" text NOT NULL,
	"warned_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"state" text DEFAULT 'open' NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fin_supplier_applications" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD COLUMN "pay_state" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_supplier_overdue_bill_uq" ON "fin_supplier_overdue" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_overdue_due_idx" ON "fin_supplier_overdue" USING btree ("due_day","id");--> statement-breakpoint
CREATE INDEX "fin_supplier_overdue_supplier_idx" ON "fin_supplier_overdue" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_overdue_step_idx" ON "fin_supplier_overdue" USING btree ("step");--> statement-breakpoint
CREATE INDEX "fin_supplier_overdue_state_idx" ON "fin_supplier_overdue" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fin_supplier_applications_bill_idx" ON "fin_supplier_applications" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fin_supplier_bills_pay_state_idx" ON "fin_supplier_bills" USING btree ("pay_state","state");--> statement-breakpoint
ALTER TABLE "fin_supplier_bills" ADD CONSTRAINT "fin_supplier_bills_paid" CHECK ("fin_supplier_bills"."paid" >= 0 and "fin_supplier_bills"."paid" <= greatest("fin_supplier_bills"."their_amount", 0));