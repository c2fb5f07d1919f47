CREATE TABLE "dict_items" (
	"type_code" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"label_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT 'default' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_items_type_code_value_pk" PRIMARY KEY("type_code","value")
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"code" text PRIMARY KEY NOT NULL,
	"module" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_type_code_dict_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."dict_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dict_types_module_idx" ON "dict_types" USING btree ("module");