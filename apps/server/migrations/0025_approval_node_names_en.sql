ALTER TABLE "wf_actions" ADD COLUMN "node_name_en" text;--> statement-breakpoint
ALTER TABLE "wf_instances" ADD COLUMN "current_node_name_en" text;--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD COLUMN "node_name_en" text;
--> statement-breakpoint
-- Backfill: a node or step without an English name keeps its Chinese one for both languages
-- (readers fall back the same way; an editor types the English form when the process is next edited).
UPDATE "wf_process_versions" SET "definition" = jsonb_set("definition", '{nodes}', (
  SELECT jsonb_agg(CASE WHEN n ? 'nameEn' THEN n ELSE n || jsonb_build_object('nameEn', n->'name') END ORDER BY ord)
  FROM jsonb_array_elements("definition"->'nodes') WITH ORDINALITY AS e(n, ord)))
WHERE jsonb_array_length("definition"->'nodes') > 0;
--> statement-breakpoint
UPDATE "wf_instances" SET "route" = (
  SELECT jsonb_agg(CASE WHEN s ? 'nameEn' THEN s ELSE s || jsonb_build_object('nameEn', s->'name') END ORDER BY ord)
  FROM jsonb_array_elements("route") WITH ORDINALITY AS e(s, ord))
WHERE jsonb_array_length("route") > 0;
--> statement-breakpoint
UPDATE "wf_instances" SET "current_node_name_en" = "current_node_name" WHERE "current_node_name" IS NOT NULL;
--> statement-breakpoint
UPDATE "wf_tasks" SET "node_name_en" = "node_name";
--> statement-breakpoint
UPDATE "wf_actions" SET "node_name_en" = "node_name" WHERE "node_name" IS NOT NULL;
