CREATE TABLE "traffic_report_daily" (
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
CREATE TABLE "traffic_route_daily" (
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
CREATE UNIQUE INDEX "traffic_report_daily_uq" ON "traffic_report_daily" USING btree ("day","product","account_id","customer_id","owner_id","country","currency");--> statement-breakpoint
CREATE INDEX "traffic_report_daily_owner_idx" ON "traffic_report_daily" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "traffic_report_daily_account_idx" ON "traffic_report_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_route_daily_uq" ON "traffic_route_daily" USING btree ("day","product","owner_id","channel_id","country","network","currency");--> statement-breakpoint
CREATE INDEX "traffic_route_daily_owner_idx" ON "traffic_route_daily" USING btree ("owner_id","day");--> statement-breakpoint
-- hand-written
-- The reports' narrow rollups follow traffic_daily through statement triggers with transition tables
-- (decision 0087): an insert adds the new rows' sums, an update adds new minus old, a delete takes the
-- old away, a truncate empties them; groups whose sums do not move are not written. Then they are
-- filled once from the daily rollup as it stands.
CREATE FUNCTION traffic_narrow_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'select n.*, 1 as s from new_rows n'
    WHEN 'UPDATE' THEN 'select n.*, 1 as s from new_rows n union all select o.*, -1 from old_rows o'
    ELSE 'select o.*, -1 as s from old_rows o' END;
  sums text := 'sum(s * count), sum(s * delivered), sum(s * answered), sum(s * revenue), sum(s * cost), sum(s * seconds)';
  moved text := ' having sum(s * count) <> 0 or sum(s * delivered) <> 0 or sum(s * answered) <> 0'
    || ' or sum(s * revenue) <> 0 or sum(s * cost) <> 0 or sum(s * seconds) <> 0';
  adds text := 'count = %1$s.count + excluded.count, delivered = %1$s.delivered + excluded.delivered,'
    || ' answered = %1$s.answered + excluded.answered, revenue = %1$s.revenue + excluded.revenue,'
    || ' cost = %1$s.cost + excluded.cost, seconds = %1$s.seconds + excluded.seconds';
BEGIN
  EXECUTE 'insert into traffic_report_daily (day, product, account_id, customer_id, owner_id, country, currency,'
    || ' count, delivered, answered, revenue, cost, seconds)'
    || ' select day, product, account_id, customer_id, owner_id, country, currency, ' || sums
    || ' from (' || src || ') c group by day, product, account_id, customer_id, owner_id, country, currency' || moved
    || ' on conflict (day, product, account_id, customer_id, owner_id, country, currency) do update set '
    || format(adds, 'traffic_report_daily');
  EXECUTE 'insert into traffic_route_daily (day, product, owner_id, channel_id, country, network, currency,'
    || ' count, delivered, answered, revenue, cost, seconds)'
    || ' select day, product, owner_id, channel_id, country, network, currency, ' || sums
    || ' from (' || src || ') c group by day, product, owner_id, channel_id, country, network, currency' || moved
    || ' on conflict (day, product, owner_id, channel_id, country, network, currency) do update set '
    || format(adds, 'traffic_route_daily');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION traffic_narrow_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE traffic_report_daily, traffic_route_daily;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER traffic_daily_narrow_ins AFTER INSERT ON traffic_daily REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION traffic_narrow_rollups();--> statement-breakpoint
CREATE TRIGGER traffic_daily_narrow_upd AFTER UPDATE ON traffic_daily REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION traffic_narrow_rollups();--> statement-breakpoint
CREATE TRIGGER traffic_daily_narrow_del AFTER DELETE ON traffic_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION traffic_narrow_rollups();--> statement-breakpoint
CREATE TRIGGER traffic_daily_narrow_trunc AFTER TRUNCATE ON traffic_daily
  FOR EACH STATEMENT EXECUTE FUNCTION traffic_narrow_rollups_truncate();--> statement-breakpoint
INSERT INTO traffic_report_daily (day, product, account_id, customer_id, owner_id, country, currency,
  count, delivered, answered, revenue, cost, seconds)
SELECT day, product, account_id, customer_id, owner_id, country, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY day, product, account_id, customer_id, owner_id, country, currency;--> statement-breakpoint
INSERT INTO traffic_route_daily (day, product, owner_id, channel_id, country, network, currency,
  count, delivered, answered, revenue, cost, seconds)
SELECT day, product, owner_id, channel_id, country, network, currency,
  sum(count), sum(delivered), sum(answered), sum(revenue), sum(cost), sum(seconds)
FROM traffic_daily GROUP BY day, product, owner_id, channel_id, country, network, currency;
