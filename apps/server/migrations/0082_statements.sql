CREATE SEQUENCE "public"."fin_statement_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 700001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fin_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"account_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" text NOT NULL,
	"opening" numeric(20, 4) NOT NULL,
	"money_in" numeric(20, 4) NOT NULL,
	"money_out" numeric(20, 4) NOT NULL,
	"consumption" numeric(20, 4) NOT NULL,
	"closing" numeric(20, 4) NOT NULL,
	"entries" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("code", ''))) STORED NOT NULL,
	CONSTRAINT "fin_statements_closing" CHECK ("fin_statements"."money_in" >= 0 and "fin_statements"."money_out" >= 0 and "fin_statements"."consumption" >= 0
        and "fin_statements"."closing" = "fin_statements"."opening" + "fin_statements"."money_in" - "fin_statements"."money_out" - "fin_statements"."consumption")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_statements_code_uq" ON "fin_statements" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_statements_period_uq" ON "fin_statements" USING btree ("account_id","period_start");--> statement-breakpoint
CREATE INDEX "fin_statements_period_idx" ON "fin_statements" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "fin_statements_issued_idx" ON "fin_statements" USING btree ("issued_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "fin_statements_search_idx" ON "fin_statements" USING gin ("search" gin_trgm_ops);