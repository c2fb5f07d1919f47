CREATE TABLE "traffic_account_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_account_tenday" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_owner_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_report_tenday" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_route_tenday" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"owner_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"currency" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(20, 6) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_account_daily_uq" ON "traffic_account_daily" USING btree ("day","product","account_id","customer_id","owner_id","currency");--> statement-breakpoint
CREATE INDEX "traffic_account_daily_owner_idx" ON "traffic_account_daily" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "traffic_account_daily_account_idx" ON "traffic_account_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_account_tenday_uq" ON "traffic_account_tenday" USING btree ("day","product","account_id","customer_id","owner_id","currency");--> statement-breakpoint
CREATE INDEX "traffic_account_tenday_owner_idx" ON "traffic_account_tenday" USING btree ("owner_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_owner_daily_uq" ON "traffic_owner_daily" USING btree ("owner_id","day","product","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_report_tenday_uq" ON "traffic_report_tenday" USING btree ("day","product","account_id","customer_id","owner_id","country","currency");--> statement-breakpoint
CREATE INDEX "traffic_report_tenday_owner_idx" ON "traffic_report_tenday" USING btree ("owner_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_route_tenday_uq" ON "traffic_route_tenday" USING btree ("day","product","owner_id","channel_id","country","network","currency");--> statement-breakpoint
-- hand-written
-- The narrow rollups' trigger function (migration rpt19) keeps three more daily tables' twins and the
-- ten-day blocks (decision 0090): one grouped upsert per table, the same rule (new rows add, old rows
-- take away, groups that do not move are not written). A block's `day` is its first day: the 1st, 11th
-- or 21st of the month. Then the new tables are filled once from traffic_daily as it stands.
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
    ('traffic_report_daily', 'day', 'product, account_id, customer_id, owner_id, country, currency'),
    ('traffic_route_daily', 'day', 'product, owner_id, channel_id, country, network, currency'),
    ('traffic_account_daily', 'day', 'product, account_id, customer_id, owner_id, currency'),
    ('traffic_owner_daily', 'day', 'product, owner_id, currency'),
    ('traffic_report_tenday', tenday, 'product, account_id, customer_id, owner_id, country, currency'),
    ('traffic_route_tenday', tenday, 'product, owner_id, channel_id, country, network, currency'),
    ('traffic_account_tenday', tenday, 'product, account_id, customer_id, owner_id, currency')
  ) v(tbl, d, cols) LOOP
    EXECUTE format('insert into %I (day, %s, count, delivered, answered, revenue, cost, seconds)', t.tbl, t.cols)
      || format(' select %s, %s, ', t.d, t.cols) || sums
      || ' from (' || src || ') c group by 1, ' || t.cols || moved
      || format(' on conflict (day, %s) do update set ', t.cols) || format(adds, t.tbl);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION traffic_narrow_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE traffic_report_daily, traffic_route_daily, traffic_account_daily, traffic_owner_daily,
    traffic_report_tenday, traffic_route_tenday, traffic_account_tenday;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO traffic_account_daily (day, product, account_id, customer_id, owner_id, currency,
  count, delivered, answered, revenue, cost, seconds)
SELECT day, product, account_id, customer_id, owner_id, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY day, product, account_id, customer_id, owner_id, currency;--> statement-breakpoint
INSERT INTO traffic_owner_daily (day, product, owner_id, currency, count, delivered, answered, revenue, cost, seconds)
SELECT day, product, owner_id, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY day, product, owner_id, currency;--> statement-breakpoint
INSERT INTO traffic_report_tenday (day, product, account_id, customer_id, owner_id, country, currency,
  count, delivered, answered, revenue, cost, seconds)
SELECT date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10,
  product, account_id, customer_id, owner_id, country, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, account_id, customer_id, owner_id, country, currency;--> statement-breakpoint
INSERT INTO traffic_route_tenday (day, product, owner_id, channel_id, country, network, currency,
  count, delivered, answered, revenue, cost, seconds)
SELECT date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10,
  product, owner_id, channel_id, country, network, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, owner_id, channel_id, country, network, currency;--> statement-breakpoint
INSERT INTO traffic_account_tenday (day, product, account_id, customer_id, owner_id, currency,
  count, delivered, answered, revenue, cost, seconds)
SELECT date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10,
  product, account_id, customer_id, owner_id, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY 1, product, account_id, customer_id, owner_id, currency;
