CREATE SEQUENCE "public"."srm_channel_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1;--> statement-breakpoint
CREATE TABLE "srm_channel_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"channel_id" integer NOT NULL,
	"mccmnc" text NOT NULL,
	"country" text,
	"operator_name" text,
	"operator_name_en" text,
	"search" text GENERATED ALWAYS AS (lower(coalesce("mccmnc", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"product" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"system_id" text,
	"secret_sealed" text,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"sender_id_type" text,
	"sender_id_registration" boolean,
	"capacity" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'testing' NOT NULL,
	"state_changed_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\x1f' || coalesce("code", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_docking_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"ips" text[] NOT NULL,
	"port" integer NOT NULL,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED NOT NULL,
	"customer_id" integer NOT NULL,
	"channel_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_gateway_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"cidr" text NOT NULL,
	"side" text NOT NULL,
	"description" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("cidr", '') || E'\x1f' || coalesce("description", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_landing_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"ips" text[] NOT NULL,
	"port" integer NOT NULL,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED NOT NULL,
	"supplier_id" integer NOT NULL,
	"priority" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_route_binds" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"country" text NOT NULL,
	"network" text,
	"channel_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"weight" integer NOT NULL,
	"window_from" text,
	"window_to" text,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srm_sender_ids" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sender_id" text NOT NULL,
	"channel_id" integer NOT NULL,
	"country" text NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"expires_on" date,
	"reminded_for" date,
	"reject_reason" text,
	"documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(coalesce("sender_id", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "srm_channel_networks_uq" ON "srm_channel_networks" USING btree ("channel_id","mccmnc");--> statement-breakpoint
CREATE INDEX "srm_channel_networks_mccmnc_idx" ON "srm_channel_networks" USING btree ("mccmnc","channel_id");--> statement-breakpoint
CREATE INDEX "srm_channel_networks_country_idx" ON "srm_channel_networks" USING btree ("country","mccmnc");--> statement-breakpoint
CREATE INDEX "srm_channel_networks_channel_idx" ON "srm_channel_networks" USING btree ("channel_id","mccmnc");--> statement-breakpoint
CREATE INDEX "srm_channel_networks_search_trgm" ON "srm_channel_networks" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "srm_channels_code_uq" ON "srm_channels" USING btree ("code");--> statement-breakpoint
CREATE INDEX "srm_channels_search_trgm" ON "srm_channels" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_channels_supplier_idx" ON "srm_channels" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "srm_channels_product_idx" ON "srm_channels" USING btree ("product");--> statement-breakpoint
CREATE INDEX "srm_channels_protocol_idx" ON "srm_channels" USING btree ("protocol");--> statement-breakpoint
CREATE INDEX "srm_channels_state_idx" ON "srm_channels" USING btree ("state");--> statement-breakpoint
CREATE INDEX "srm_channels_capacity_idx" ON "srm_channels" USING btree ("capacity");--> statement-breakpoint
CREATE INDEX "srm_channels_name_idx" ON "srm_channels" USING btree ("name");--> statement-breakpoint
CREATE INDEX "srm_channels_created_idx" ON "srm_channels" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "srm_channels_prefixes_gin" ON "srm_channels" USING gin ("prefixes");--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_search_trgm" ON "srm_docking_gateways" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_customer_idx" ON "srm_docking_gateways" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_enabled_idx" ON "srm_docking_gateways" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_name_idx" ON "srm_docking_gateways" USING btree ("name");--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_capacity_idx" ON "srm_docking_gateways" USING btree ("capacity");--> statement-breakpoint
CREATE INDEX "srm_docking_gateways_created_idx" ON "srm_docking_gateways" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "srm_gateway_ips_cidr_uq" ON "srm_gateway_ips" USING btree ("cidr");--> statement-breakpoint
CREATE INDEX "srm_gateway_ips_search_trgm" ON "srm_gateway_ips" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_gateway_ips_side_idx" ON "srm_gateway_ips" USING btree ("side");--> statement-breakpoint
CREATE INDEX "srm_gateway_ips_enabled_idx" ON "srm_gateway_ips" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "srm_gateway_ips_created_idx" ON "srm_gateway_ips" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_search_trgm" ON "srm_landing_gateways" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_supplier_idx" ON "srm_landing_gateways" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_enabled_idx" ON "srm_landing_gateways" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_name_idx" ON "srm_landing_gateways" USING btree ("name");--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_priority_idx" ON "srm_landing_gateways" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_capacity_idx" ON "srm_landing_gateways" USING btree ("capacity");--> statement-breakpoint
CREATE INDEX "srm_landing_gateways_created_idx" ON "srm_landing_gateways" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "srm_route_binds_resolve_idx" ON "srm_route_binds" USING btree ("customer_id","country","network","effective_from");--> statement-breakpoint
CREATE INDEX "srm_route_binds_country_idx" ON "srm_route_binds" USING btree ("country");--> statement-breakpoint
CREATE INDEX "srm_route_binds_network_idx" ON "srm_route_binds" USING btree ("network");--> statement-breakpoint
CREATE INDEX "srm_route_binds_channel_idx" ON "srm_route_binds" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "srm_route_binds_priority_idx" ON "srm_route_binds" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "srm_route_binds_effective_idx" ON "srm_route_binds" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "srm_route_binds_created_idx" ON "srm_route_binds" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "srm_sender_ids_uq" ON "srm_sender_ids" USING btree ("channel_id","country","customer_id",lower("sender_id"));--> statement-breakpoint
CREATE INDEX "srm_sender_ids_search_trgm" ON "srm_sender_ids" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "srm_sender_ids_channel_idx" ON "srm_sender_ids" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_country_idx" ON "srm_sender_ids" USING btree ("country");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_customer_idx" ON "srm_sender_ids" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_state_idx" ON "srm_sender_ids" USING btree ("state","expires_on");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_expires_idx" ON "srm_sender_ids" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_sender_idx" ON "srm_sender_ids" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "srm_sender_ids_created_idx" ON "srm_sender_ids" USING btree ("created_at" DESC NULLS LAST);