-- hand-written (decision 0109): the narrow and side rollups gain the cost currency; their rows are
-- dropped here and refilled at the end (from traffic_daily and the raw records), so the new column
-- needs no default.
TRUNCATE traffic_report_daily, traffic_route_daily, traffic_account_daily, traffic_owner_daily,
  traffic_report_tenday, traffic_route_tenday, traffic_account_tenday, traffic_wa_daily, traffic_otp_daily;--> statement-breakpoint
DROP INDEX "traffic_account_daily_uq";--> statement-breakpoint
DROP INDEX "traffic_account_tenday_uq";--> statement-breakpoint
DROP INDEX "traffic_otp_daily_uq";--> statement-breakpoint
DROP INDEX "traffic_owner_daily_uq";--> statement-breakpoint
DROP INDEX "traffic_report_daily_uq";--> statement-breakpoint
DROP INDEX "traffic_report_tenday_uq";--> statement-breakpoint
DROP INDEX "traffic_route_daily_uq";--> statement-breakpoint
DROP INDEX "traffic_route_tenday_uq";--> statement-breakpoint
DROP INDEX "traffic_wa_daily_uq";--> statement-breakpoint
ALTER TABLE "traffic_account_daily" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_account_tenday" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_otp_daily" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_owner_daily" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_report_daily" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_report_tenday" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_route_daily" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_route_tenday" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_wa_daily" ADD COLUMN "cost_currency" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_account_daily_uq" ON "traffic_account_daily" USING btree ("day","product","account_id","customer_id","owner_id","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_account_tenday_uq" ON "traffic_account_tenday" USING btree ("day","product","account_id","customer_id","owner_id","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_otp_daily_uq" ON "traffic_otp_daily" USING btree ("day","product","account_id","customer_id","owner_id","channel_id","country","network","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_owner_daily_uq" ON "traffic_owner_daily" USING btree ("owner_id","day","product","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_report_daily_uq" ON "traffic_report_daily" USING btree ("day","product","account_id","customer_id","owner_id","country","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_report_tenday_uq" ON "traffic_report_tenday" USING btree ("day","product","account_id","customer_id","owner_id","country","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_route_daily_uq" ON "traffic_route_daily" USING btree ("day","product","owner_id","channel_id","country","network","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_route_tenday_uq" ON "traffic_route_tenday" USING btree ("day","product","owner_id","channel_id","country","network","currency","cost_currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_wa_daily_uq" ON "traffic_wa_daily" USING btree ("day","product","account_id","customer_id","owner_id","country","category","currency","cost_currency");;--> statement-breakpoint
-- hand-written (decision 0109): the trigger function of migration rpt90 with the cost currency in every
-- table's group; then every narrow rollup refilled from traffic_daily, the side rollups from the raw records.
CREATE OR REPLACE FUNCTION traffic_narrow_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.*, 1 as s from new_rows n'
    WHEN 'UPDATE' THEN 'select n.*, 1 as s from new_rows n union all select o.*, -1 from old_rows o'
    ELSE 'select o.*, -1 as s from old_rows o' END;
  sums text := 'sum(s * count), sum(s * delivered), sum(s * answered), sum(s * revenue), sum(s * cost), sum(s * seconds)';
  moved text := ' having sum(s * count) <> 0 or sum(s * delivered) <> 0 or sum(s * answered) <> 0'
    || ' or sum(s * revenue) <> 0 or sum(s * cost) <> 0 or sum(s * seconds) <> 0';
  adds text := 'count = %1$I.count + excluded.count, delivered = %1$I.delivered + excluded.delivered,'
    || ' answered = %1$I.answered + excluded.answered, revenue = %1$I.revenue + excluded.revenue,'
    || ' cost = %1$I.cost + excluded.cost, seconds = %1$I.seconds + excluded.seconds';
  tenday text := '(date_trunc(''month'', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10)';
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('traffic_report_daily', 'day', 'product, account_id, customer_id, owner_id, country, currency, cost_currency'),
    ('traffic_route_daily', 'day', 'product, owner_id, channel_id, country, network, currency, cost_currency'),
    ('traffic_account_daily', 'day', 'product, account_id, customer_id, owner_id, currency, cost_currency'),
    ('traffic_owner_daily', 'day', 'product, owner_id, currency, cost_currency'),
    ('traffic_report_tenday', tenday, 'product, account_id, customer_id, owner_id, country, currency, cost_currency'),
    ('traffic_route_tenday', tenday, 'product, owner_id, channel_id, country, network, currency, cost_currency'),
    ('traffic_account_tenday', tenday, 'product, account_id, customer_id, owner_id, currency, cost_currency')
  ) v(tbl, d, cols) LOOP
    EXECUTE format('insert into %I (day, %s, count, delivered, answered, revenue, cost, seconds)', t.tbl, t.cols)
      || format(' select %s, %s, ', t.d, t.cols) || sums
      || ' from (' || src || ') c group by 1, ' || t.cols || moved
      || format(' on conflict (day, %s) do update set ', t.cols) || format(adds, t.tbl);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO traffic_report_daily (day, product, account_id, customer_id, owner_id, country, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT day, product, account_id, customer_id, owner_id, country, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, account_id, customer_id, owner_id, country, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_route_daily (day, product, owner_id, channel_id, country, network, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT day, product, owner_id, channel_id, country, network, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, owner_id, channel_id, country, network, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_account_daily (day, product, account_id, customer_id, owner_id, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT day, product, account_id, customer_id, owner_id, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, account_id, customer_id, owner_id, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_owner_daily (day, product, owner_id, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT day, product, owner_id, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, owner_id, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_report_tenday (day, product, account_id, customer_id, owner_id, country, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10, product, account_id, customer_id, owner_id, country, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, account_id, customer_id, owner_id, country, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_route_tenday (day, product, owner_id, channel_id, country, network, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10, product, owner_id, channel_id, country, network, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, owner_id, channel_id, country, network, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_account_tenday (day, product, account_id, customer_id, owner_id, currency, cost_currency, count, delivered, answered, revenue, cost, seconds)
SELECT date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10, product, account_id, customer_id, owner_id, currency, cost_currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, account_id, customer_id, owner_id, currency, cost_currency;--> statement-breakpoint
INSERT INTO traffic_wa_daily (day, product, account_id, customer_id, owner_id, country, category, currency, cost_currency, count, delivered, read, sessions, revenue, cost)
SELECT (m.at AT TIME ZONE 'UTC')::date, 'whatsapp', m.account_id, m.customer_id, m.owner_id, m.country, coalesce(m.category, ''), m.currency, m.cost_currency,
  count(*), count(*) FILTER (WHERE m.state IN ('delivered', 'read', 'opened', 'received')), count(*) FILTER (WHERE m.state = 'read'),
  count(*) FILTER (WHERE m.conversation_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM traffic_messages e WHERE e.kind = 'whatsapp'
    AND e.conversation_id = m.conversation_id AND (e.at < m.at OR (e.at = m.at AND e.record_id COLLATE "C" < m.record_id COLLATE "C")))),
  sum(m.price), sum(m.cost)
FROM traffic_messages m WHERE m.kind = 'whatsapp' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;--> statement-breakpoint
INSERT INTO traffic_otp_daily (day, product, account_id, customer_id, owner_id, channel_id, country, network, currency, cost_currency, count, delivered, dlr_ms, dlr_count, revenue, cost)
SELECT (submit_at AT TIME ZONE 'UTC')::date, 'sms', account_id, customer_id, owner_id, channel_id, country, network, currency, cost_currency,
  count(*) FILTER (WHERE part = 1),
  count(*) FILTER (WHERE submit_status <> 'rejected' AND dlr_state = 'delivered'),
  coalesce(sum(greatest(0, round(extract(epoch FROM dlr_at - submit_at) * 1000))) FILTER (WHERE submit_status <> 'rejected' AND dlr_state = 'delivered'), 0),
  count(*) FILTER (WHERE submit_status <> 'rejected' AND dlr_state = 'delivered' AND dlr_at IS NOT NULL),
  sum(price), sum(cost)
FROM traffic_sms WHERE otp GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
