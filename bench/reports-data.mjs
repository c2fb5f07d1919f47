// The reports' bench data (issue 19): what 50,000,000 SMS and voice records over 90 days leave in the
// daily traffic rollup and the ledger, made directly with SQL (generate_series, deterministic: every
// figure is a function of the row numbers) in the bench server's PostgreSQL database. The reports
// read the daily rollups and the accounts' balances only, never raw records or the hourly rollup, so
// neither is made. Cardinalities:
//   1,500 customers (a fifth resellers) owned by the sales departments' staff, 2,000 accounts
//   (85 % USD, 10 % EUR, 5 % CNY; every 3rd also voice), 60 SMS and 20 voice channels on the
//   seeded suppliers; per day 60 % of the SMS accounts send to 1–4 of 40 countries, 1–3 networks
//   each, one channel per network (re-routed every 30 days), in three final states (delivered,
//   undeliverable, expired); half the voice accounts call 1–2 countries, 1–2 networks, answered or
//   failed. Prices per country, costs 60–105 % of them (some destinations lose money).
//   Ledger: one recharge per prepaid account, then one consumption entry per account, day and
//   currency (the revenue of that day), as the traffic room posts them.
import pg from 'pg';

export const DAYS = 90;
const CUSTOMERS = 1500;
const ACCOUNTS = 2000;
const COUNTRIES = `array['CN','US','BR','IN','ID','MX','DE','GB','FR','ES','IT','TR','VN','TH','PH','MY','SG','JP','KR',
  'AU','NG','EG','ZA','KE','SA','AE','PK','BD','RU','PL','NL','SE','AR','CO','PE','CL','CA','UA','MA','IQ']`;
// SMS messages per (account, day, country, network): 1–150, 75.5 on average, so that the 90 days hold
// about 45,000,000 messages; voice attempts per cell likewise, about 5,000,000 in all
const SMS_CELL = `(1 + (a.n * 7919 + d * 104729 + ci * 31 + nj * 17) % 150)`;
const VOICE_CELL = `(1 + (a.n * 6271 + d * 7307 + ci * 37 + nj * 11) % 150)`;

/** Loads the rows into `dbUrl` (a migrated, seeded server database); answers the row counts. */
export async function loadReportData(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const started = Date.now();
  try {
    await c.query('begin');
    const [admin] = (await c.query("select id from staff_users where username = 'admin'")).rows;
    await c.query(
      `with owners as (
         select array_agg(distinct ud.user_id order by ud.user_id) as ids, count(distinct ud.user_id)::int as n
         from user_departments ud join departments d on d.id = ud.department_id
         where d.code in ('sales', 'sales-1', 'sales-2'))
       insert into crm_customers (code, name, alias, type, country, owner_id, owned_at, department_id, state,
                                  created_by, created_at, updated_at, email_domains)
       select 'RB' || g, 'Report bench customer ' || g, 'rb' || g, case when (g / 11) % 5 = 0 then 'R' else 'C' end,
              (${COUNTRIES})[1 + g % 40], owners.ids[1 + g % owners.n], now() - interval '200 days', null, 'private',
              $1, now() - interval '200 days', now() - interval '200 days', array['rb' || g || '.example']
       from generate_series(1, ${CUSTOMERS}) g, owners`,
      [admin.id],
    );
    await c.query(
      `insert into fin_accounts (code, customer_id, products, currency, billing, state, applicant_id, opened_at)
       select 'RBA' || g, cu.id, case when g % 3 = 0 then array['sms','voice'] else array['sms'] end,
              case when g % 20 = 0 then 'CNY' when g % 10 = 0 then 'EUR' else 'USD' end,
              case when g % 4 = 0 then 'postpaid' else 'prepaid' end, 'active', $1, now() - interval '200 days'
       from generate_series(1, ${ACCOUNTS}) g
       join crm_customers cu on cu.code = 'RB' || (1 + (g - 1) % ${CUSTOMERS})`,
      [admin.id],
    );
    await c.query(
      `insert into srm_channels (code, name, supplier_id, product, protocol, host, port, capacity, state, created_by)
       select 'RBC' || g, 'Report bench channel ' || g, s.ids[1 + g % s.n],
              case when g > 60 then 'voice' else 'sms' end, case when g > 60 then 'sip' else 'smpp' end,
              'ch' || g || '.example', 2775, 500, 'live', $1
       from generate_series(1, 80) g,
            (select array_agg(id order by id) as ids, count(*)::int as n from srm_suppliers) s`,
      [admin.id],
    );
    await c.query(`create temp table rb_accounts on commit drop as
      select row_number() over (order by a.id)::int as n, a.id, a.customer_id, cu.owner_id, a.currency,
             cu.type, a.products
      from fin_accounts a join crm_customers cu on cu.id = a.customer_id where a.code like 'RBA%'`);
    const chans = `(select array_agg(id order by id) from srm_channels where code like 'RBC%' and product = $1)`;
    const today = `(now() at time zone 'UTC')::date`;
    const common = `${today} - ${DAYS - 1} + d, a.id, a.customer_id, coalesce(a.owner_id, 0),
      (${COUNTRIES})[1 + (a.n + ci * 7) % 40], (400 + (a.n + ci * 7) % 40)::text || lpad((nj + 1)::text, 2, '0'),
      a.currency, 'USD'`;
    // price per message by country (0.005–0.044), cost 60–105 % of it
    const price = `(0.005 + ((a.n + ci * 7) % 40) * 0.001)`;
    const costShare = `(0.60 + ((a.n + ci * 7 + nj) % 10) * 0.05)`;
    await c.query(
      `insert into traffic_daily (day, account_id, customer_id, owner_id, country, network, currency, cost_currency,
         product, channel_id, status, count, segments, delivered, revenue, cost)
       select ${common}, 'sms', ch.ids[1 + ((a.n + ci * 7) % 40 * 3 + nj + d / 30) % array_length(ch.ids, 1)],
              s.status, s.n, (s.n * 112) / 100, case when s.status = 'delivered' then s.n else 0 end,
              s.n * ${price}, s.n * ${price} * ${costShare}
       from generate_series(0, ${DAYS - 1}) d
       join rb_accounts a on (a.n * 7 + d) % 10 < 6
       cross join lateral generate_series(0, a.n % 4) ci
       cross join lateral generate_series(0, (a.n + ci) % 3) nj
       cross join lateral (values ('undeliverable', ${SMS_CELL} * 8 / 100), ('expired', ${SMS_CELL} * 4 / 100),
         ('delivered', ${SMS_CELL} - ${SMS_CELL} * 8 / 100 - ${SMS_CELL} * 4 / 100)) s(status, n)
       cross join ${chans.replace('$1', "'sms'")} ch(ids)
       where s.n > 0`,
    );
    const answered = `${VOICE_CELL} * 45 / 100`;
    await c.query(
      `insert into traffic_daily (day, account_id, customer_id, owner_id, country, network, currency, cost_currency,
         product, channel_id, status, count, answered, seconds, pdd_ms, pdd_count, revenue, cost)
       select ${common}, 'voice', ch.ids[1 + ((a.n + ci * 7) % 40 + nj + d / 30) % array_length(ch.ids, 1)],
              s.status, s.n, s.answered, s.answered * (40 + a.n % 80), s.n * 2500, s.n,
              s.answered * (40 + a.n % 80) / 60.0 * ${price} * 2, s.answered * (40 + a.n % 80) / 60.0 * ${price} * 2 * ${costShare}
       from generate_series(0, ${DAYS - 1}) d
       join rb_accounts a on 'voice' = any(a.products) and (a.n + d) % 2 = 0
       cross join lateral generate_series(0, a.n % 2) ci
       cross join lateral generate_series(0, (a.n + ci) % 2) nj
       cross join lateral (values ('answered', ${answered}, ${answered}), ('failed', ${VOICE_CELL} - ${answered}, 0))
         s(status, n, answered)
       cross join ${chans.replace('$1', "'voice'")} ch(ids)
       where s.n > 0`,
    );
    // the ledger: a prepaid account's recharge covers its 90 days, then its consumption day by day
    await c.query(
      `insert into fin_ledger_entries (key, account_id, kind, amount, currency, day, note)
       select 'rb-recharge:' || a.id, a.id, 'recharge', round(sum(t.revenue) * 1.2 + 100, 4), a.currency,
              ${today} - ${DAYS}, 'report bench'
       from rb_accounts a join traffic_daily t on t.account_id = a.id
       join fin_accounts f on f.id = a.id and f.billing = 'prepaid'
       group by a.id, a.currency`,
    );
    await c.query(
      `insert into fin_ledger_entries (key, account_id, kind, amount, currency, day, note)
       select 'consumption:' || t.account_id || ':' || t.day, t.account_id, 'consumption', -round(sum(t.revenue), 4),
              max(t.currency), t.day, 'report bench'
       from traffic_daily t join rb_accounts a on a.id = t.account_id
       group by t.account_id, t.day having round(sum(t.revenue), 4) <> 0 order by t.day, t.account_id`,
    );
    // the SMS marked OTP (decision 0094): two accounts in three mark a share (8–45 %) of their SMS as
    // OTP, delivered in 1.5–9.1 s on average
    await c.query(
      `insert into traffic_otp_daily (day, product, account_id, customer_id, owner_id, channel_id, country, network,
         currency, cost_currency, count, delivered, revenue, cost, dlr_ms, dlr_count)
       select o.day, 'sms', o.account_id, o.customer_id, o.owner_id, o.channel_id, o.country, o.network, o.currency,
              o.cost_currency, o.count, o.delivered, o.revenue, o.cost, o.delivered * (1500 + (o.n % 20) * 400), o.delivered
       from (select t.day, t.account_id, t.customer_id, t.owner_id, t.channel_id, t.country, t.network, t.currency,
                    t.cost_currency, a.n, floor(sum(t.count) * (8 + a.n % 38) / 100)::bigint as count,
                    floor(sum(t.delivered) * (8 + a.n % 38) / 100)::bigint as delivered,
                    round(sum(t.revenue) * (8 + a.n % 38) / 100, 6) as revenue,
                    round(sum(t.cost) * (8 + a.n % 38) / 100, 6) as cost
             from traffic_daily t join rb_accounts a on a.id = t.account_id and a.n % 3 <> 0
             where t.product = 'sms'
             group by t.day, t.account_id, t.customer_id, t.owner_id, t.channel_id, t.country, t.network, t.currency,
               t.cost_currency, a.n) o
       where o.count > 0`,
    );
    // WhatsApp: every 4th account sends in the four categories each day, 1–400 messages a category,
    // 92 % delivered, 55 % read, 80 % opening a session; service conversations are free
    const waCell = `(1 + (a.n * 131 + d * 17 + length(w.category) * 7) % 400)`;
    await c.query(
      `insert into traffic_wa_daily (day, product, account_id, customer_id, owner_id, country, category, currency,
         cost_currency, count, delivered, read, sessions, revenue, cost)
       select ${today} - ${DAYS - 1} + d, 'whatsapp', a.id, a.customer_id, coalesce(a.owner_id, 0),
              (${COUNTRIES})[1 + a.n % 40], w.category, a.currency, 'USD',
              ${waCell}, ${waCell} * 92 / 100, ${waCell} * 55 / 100, ${waCell} * 80 / 100,
              ${waCell} * w.rate, ${waCell} * w.rate * 0.7
       from generate_series(0, ${DAYS - 1}) d
       join rb_accounts a on a.n % 4 = 0
       cross join (values ('marketing', 0.025), ('utility', 0.012), ('authentication', 0.010), ('service', 0))
         w(category, rate)`,
    );
    await c.query('commit');
    await c.query(
      `vacuum (analyze) traffic_otp_daily, traffic_wa_daily, traffic_daily, traffic_report_daily, traffic_route_daily, traffic_account_daily, traffic_owner_daily,
        traffic_report_tenday, traffic_route_tenday, traffic_account_tenday, fin_accounts, fin_ledger_entries, crm_customers, srm_channels`,
    );
    const one = async (q) => Number((await c.query(q)).rows[0].n);
    const [sales01] = (await c.query("select id from staff_users where username = 'sales01'")).rows;
    return {
      ms: Date.now() - started,
      dailyRows: await one('select count(*) as n from traffic_daily'),
      benchDailyRows: await one(
        "select count(*) as n from traffic_daily t join fin_accounts a on a.id = t.account_id where a.code like 'RBA%'",
      ),
      smsMessages: await one("select coalesce(sum(count), 0) as n from traffic_daily where product = 'sms'"),
      voiceCalls: await one("select coalesce(sum(count), 0) as n from traffic_daily where product = 'voice'"),
      sales01Rows: await one(`select count(*) as n from traffic_daily where owner_id = ${Number(sales01.id)}`),
      // the reports' narrow rollups, filled from traffic_daily by its triggers (decision 0087)
      reportRows: await one('select count(*) as n from traffic_report_daily'),
      routeRows: await one('select count(*) as n from traffic_route_daily'),
      // and their twins (decision 0090): without the country, per owner, in ten-day blocks
      accountRows: await one('select count(*) as n from traffic_account_daily'),
      ownerRows: await one('select count(*) as n from traffic_owner_daily'),
      tendayRows: await one(
        'select (select count(*) from traffic_report_tenday) + (select count(*) from traffic_route_tenday) + (select count(*) from traffic_account_tenday) as n',
      ),
      otpRows: await one('select count(*) as n from traffic_otp_daily'),
      waRows: await one('select count(*) as n from traffic_wa_daily'),
      ledgerRows: await one('select count(*) as n from fin_ledger_entries'),
      customers: await one('select count(*) as n from crm_customers'),
      accounts: await one('select count(*) as n from fin_accounts'),
      channels: await one('select count(*) as n from srm_channels'),
    };
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}
