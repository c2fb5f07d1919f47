ALTER TABLE "srm_supplier_requests" ADD COLUMN "from_source" text;--> statement-breakpoint
ALTER TABLE "srm_supplier_requests" ADD COLUMN "to_source" text;--> statement-breakpoint
-- hand-written
-- srm10 fold: source changes become supplier requests of kind 'source' (decision 0061). Each row
-- gets a new id from the requests' sequence; the approval instances' business keys and the rows'
-- history move to the new ids; the legacy table is left empty (dropped by the next migration).
-- Running it again finds nothing to move.
WITH m AS MATERIALIZED (
  SELECT c.*, nextval(pg_get_serial_sequence('srm_supplier_requests', 'id'))::int AS new_id
  FROM srm_source_changes c
), moved AS (
  INSERT INTO srm_supplier_requests (id, version, supplier_id, kind, from_source, to_source, reason, state,
    approval_id, applicant_id, decided_at, created_at)
  SELECT new_id, version, supplier_id, 'source', from_source, to_source, reason, state,
    approval_id, applicant_id, decided_at, created_at
  FROM m
  RETURNING id
), keys AS (
  UPDATE wf_instances w SET business_key = m.new_id::text
  FROM m WHERE w.service_name = 'srm.supplier_source_change' AND w.business_key = m.id::text
  RETURNING w.id
), events AS (
  UPDATE record_events e SET entity = 'srm.supplierRequest', record_id = m.new_id::text
  FROM m WHERE e.entity = 'srm.sourceChange' AND e.record_id = m.id::text
  RETURNING e.id
)
DELETE FROM srm_source_changes c USING m WHERE c.id = m.id;
