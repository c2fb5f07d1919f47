CREATE SEQUENCE "public"."crm_customer_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"phone" text,
	"email" text,
	"key_decision_maker" boolean DEFAULT false NOT NULL,
	"remark" text,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("phone", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"type" text NOT NULL,
	"country" text NOT NULL,
	"industry" text,
	"level" text,
	"source" text,
	"agent_id" integer,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"address" text,
	"owner_id" integer,
	"owned_at" timestamp with time zone,
	"department_id" integer,
	"state" text DEFAULT 'private' NOT NULL,
	"blacklist_reason" text,
	"locked" boolean DEFAULT false NOT NULL,
	"dealt" boolean DEFAULT false NOT NULL,
	"last_contact_at" timestamp with time zone,
	"next_contact_at" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("alias", '') || E'\x1f' || coalesce("code", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_free_mail_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"stage" text NOT NULL,
	"win_rate" double precision,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"expected_close_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"lost_reason" text,
	"owner_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_opportunity_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"win_rate" double precision NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_contacts_customer_idx" ON "crm_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_kdm_idx" ON "crm_contacts" USING btree ("key_decision_maker");--> statement-breakpoint
CREATE INDEX "crm_contacts_owner_idx" ON "crm_contacts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_created_idx" ON "crm_contacts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contacts_phone_idx" ON "crm_contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "crm_contacts_search_trgm" ON "crm_contacts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "crm_customers_code_uq" ON "crm_customers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_customers_alias_uq" ON "crm_customers" USING btree (lower("alias"));--> statement-breakpoint
CREATE INDEX "crm_customers_name_trgm" ON "crm_customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_customers_search_trgm" ON "crm_customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_customers_domains_gin" ON "crm_customers" USING gin ("email_domains");--> statement-breakpoint
CREATE INDEX "crm_customers_phone_idx" ON "crm_customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "crm_customers_type_idx" ON "crm_customers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "crm_customers_state_idx" ON "crm_customers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "crm_customers_country_idx" ON "crm_customers" USING btree ("country");--> statement-breakpoint
CREATE INDEX "crm_customers_level_idx" ON "crm_customers" USING btree ("level");--> statement-breakpoint
CREATE INDEX "crm_customers_industry_idx" ON "crm_customers" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "crm_customers_owner_idx" ON "crm_customers" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_customers_agent_idx" ON "crm_customers" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "crm_customers_dealt_idx" ON "crm_customers" USING btree ("dealt");--> statement-breakpoint
CREATE INDEX "crm_customers_created_idx" ON "crm_customers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_customers_last_contact_idx" ON "crm_customers" USING btree ("last_contact_at");--> statement-breakpoint
CREATE INDEX "crm_customers_next_contact_idx" ON "crm_customers" USING btree ("next_contact_at");--> statement-breakpoint
CREATE INDEX "crm_opportunities_customer_idx" ON "crm_opportunities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_stage_idx" ON "crm_opportunities" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "crm_opportunities_status_idx" ON "crm_opportunities" USING btree ("status");--> statement-breakpoint
CREATE INDEX "crm_opportunities_owner_idx" ON "crm_opportunities" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_created_idx" ON "crm_opportunities" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_opportunities_search_trgm" ON "crm_opportunities" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "crm_opportunity_stages_uq" ON "crm_opportunity_stages" USING btree (coalesce("department_id", 0),"code");
--> statement-breakpoint
INSERT INTO "crm_free_mail_domains" ("domain") VALUES
  ('gmail.com'), ('googlemail.com'), ('yahoo.com'), ('yahoo.co.jp'), ('ymail.com'), ('hotmail.com'), ('outlook.com'),
  ('live.com'), ('msn.com'), ('icloud.com'), ('me.com'), ('aol.com'), ('proton.me'), ('protonmail.com'),
  ('gmx.com'), ('gmx.de'), ('mail.com'), ('mail.ru'), ('yandex.ru'), ('yandex.com'), ('zoho.com'),
  ('qq.com'), ('foxmail.com'), ('163.com'), ('126.com'), ('yeah.net'), ('sina.com'), ('sina.cn'), ('sohu.com'),
  ('aliyun.com'), ('139.com'), ('189.cn'), ('naver.com'), ('daum.net'), ('rediffmail.com'), ('web.de'),
  ('libero.it'), ('orange.fr'), ('free.fr'), ('uol.com.br'), ('bol.com.br')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "crm_opportunity_stages" ("department_id", "code", "name", "name_en", "win_rate", "sort") VALUES
  (NULL, 'lead', '初步接洽', 'First contact', 10, 0),
  (NULL, 'needs', '需求确认', 'Needs confirmed', 30, 1),
  (NULL, 'test', '测试验证', 'Route test', 50, 2),
  (NULL, 'quote', '报价谈判', 'Quotation', 70, 3),
  (NULL, 'contract', '合同签署', 'Contract', 90, 4);
