import { MESSAGE_DELIVERED_STATES } from '@portal/contracts/traffic';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The two side rollups of decision 0094, next to `traffic_daily`: WhatsApp by conversation category
 * (`traffic_wa_daily`) and the SMS marked OTP (`traffic_otp_daily`). The rollup step adds the deltas
 * `d` to them in its statement (these are CTE bodies over `d`); `rebuildDay` and the tests recompute
 * them from the raw records with the same rules. Both keep the cost currency (decision 0109).
 */
const WA_KEY = 'day, product, account_id, customer_id, owner_id, country, category, currency, cost_currency';
const WA_SUMS = ['count', 'delivered', 'read', 'sessions', 'revenue', 'cost'];
const OTP_KEY =
  'day, product, account_id, customer_id, owner_id, channel_id, country, network, currency, cost_currency';
const OTP_SUMS = ['count', 'delivered', 'dlr_ms', 'dlr_count', 'revenue', 'cost'];
const upsert = (table: string, key: string, sums: string[], where: string) =>
  `insert into ${table} (${key}, ${sums.join(', ')})
    select (hour at time zone 'UTC')::date, ${key.replace('day, ', '')}, ${sums.map((m) => `sum(${m})`).join(', ')}
    from d where ${where} group by ${key
      .split(', ')
      .map((_, i) => i + 1)
      .join(', ')}
    on conflict (${key}) do update set ${sums.map((m) => `${m} = ${table}.${m} + excluded.${m}`).join(', ')}
    returning 1`;

/** the columns the recomputations answer, in their order (for an insert into the rollup) */
export const WA_COLUMNS = sql.raw(`${WA_KEY}, count, delivered, read, sessions, revenue, cost`);
export const OTP_COLUMNS = sql.raw(`${OTP_KEY}, count, delivered, dlr_ms, dlr_count, revenue, cost`);

const SENDER_KEY = 'day, product, account_id, customer_id, owner_id, sender, currency, cost_currency';
const SENDER_SUMS = ['count', 'delivered', 'answered', 'revenue', 'cost', 'seconds'];
export const SENDER_COLUMNS = sql.raw(`${SENDER_KEY}, ${SENDER_SUMS.join(', ')}`);

export const WA_FROM_DELTAS = upsert('traffic_wa_daily', WA_KEY, WA_SUMS, `product = 'whatsapp'`);
export const OTP_FROM_DELTAS = upsert('traffic_otp_daily', OTP_KEY, OTP_SUMS, `product = 'sms' and otp`);
/**
 * The sender rollup (decision 0137) from the deltas: a group whose measures sum to nothing in the batch is
 * left out (a WhatsApp conversation's opener moving only moves sessions, which this rollup does not keep).
 */
export const SENDER_FROM_DELTAS = upsert('traffic_sender_daily', SENDER_KEY, SENDER_SUMS, 'true').replace(
  '\n    on conflict',
  `\n    having ${SENDER_SUMS.map((m) => `sum(${m}) <> 0`).join(' or ')}\n    on conflict`,
);

/**
 * `traffic_wa_daily` of [from, to) from the raw records: a session is counted on its conversation's
 * first message (by time, then record id by code point) when that message lies in the range.
 */
export function waRecomputeSql(from: Date, to: Date): SQL {
  const delivered = sql.join(
    MESSAGE_DELIVERED_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`select (m.at at time zone 'UTC')::date as day, 'whatsapp'::text as product, m.account_id, m.customer_id,
      m.owner_id, m.country, coalesce(m.category, '') as category, m.currency, m.cost_currency, count(*)::bigint as count,
      count(*) filter (where m.state in (${delivered}))::bigint as delivered,
      count(*) filter (where m.state = 'read')::bigint as read,
      count(*) filter (where m.conversation_id is not null and not exists (select 1 from traffic_messages e
        where e.kind = 'whatsapp' and e.conversation_id = m.conversation_id
          and (e.at < m.at or (e.at = m.at and e.record_id collate "C" < m.record_id collate "C"))))::bigint as sessions,
      sum(m.price) as revenue, sum(m.cost) as cost
    from traffic_messages m where m.kind = 'whatsapp' and m.at >= ${from} and m.at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

/** `traffic_otp_daily` of [from, to) from the raw records, with the SMS rollups' rules (count = messages) */
export function otpRecomputeSql(from: Date, to: Date): SQL {
  const DELIVERED_PART = sql.raw(`submit_status <> 'rejected' and dlr_state = 'delivered'`);
  return sql`select (submit_at at time zone 'UTC')::date as day, 'sms'::text as product, account_id, customer_id, owner_id,
      channel_id, country, network, currency, cost_currency, count(*) filter (where part = 1)::bigint as count,
      count(*) filter (where ${DELIVERED_PART})::bigint as delivered,
      coalesce(sum(greatest(0, round(extract(epoch from dlr_at - submit_at) * 1000))) filter (where ${DELIVERED_PART}), 0)::bigint as dlr_ms,
      count(*) filter (where ${DELIVERED_PART} and dlr_at is not null)::bigint as dlr_count,
      sum(price) as revenue, sum(cost) as cost
    from traffic_sms where otp and submit_at >= ${from} and submit_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`;
}

/**
 * `traffic_sender_daily` of [from, to) from the raw records (decision 0137), with the rules of the hourly
 * rollup: SMS count = messages (part 1), delivered = delivered parts, by sender id ('' none); voice count =
 * attempts, answered, billed seconds, by caller; WhatsApp / mail by sender, MO by the number it came in on
 * (count = messages, delivered = in a delivered state).
 */
export function senderRecomputeSql(from: Date, to: Date): SQL {
  const DELIVERED_PART = sql.raw(`submit_status <> 'rejected' and dlr_state = 'delivered'`);
  const delivered = sql.join(
    MESSAGE_DELIVERED_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`select (submit_at at time zone 'UTC')::date as day, 'sms'::text as product, account_id, customer_id, owner_id,
      coalesce(sender_id, '') as sender, currency, cost_currency, count(*) filter (where part = 1)::bigint as count,
      count(*) filter (where ${DELIVERED_PART})::bigint as delivered, 0::bigint as answered,
      sum(price) as revenue, sum(cost) as cost, 0::bigint as seconds
    from traffic_sms where submit_at >= ${from} and submit_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8
    union all
    select (setup_at at time zone 'UTC')::date, 'voice', account_id, customer_id, owner_id, caller, currency, cost_currency,
      count(*)::bigint, 0::bigint, count(answer_at)::bigint, sum(price), sum(cost), sum(billed_duration)::bigint
    from traffic_voice where setup_at >= ${from} and setup_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8
    union all
    select (at at time zone 'UTC')::date, case kind when 'mail' then 'email' else kind end, account_id, customer_id,
      owner_id, case kind when 'mo' then recipient else sender end, currency, cost_currency, count(*)::bigint,
      count(*) filter (where state in (${delivered}))::bigint, 0::bigint, sum(price), sum(cost), 0::bigint
    from traffic_messages where at >= ${from} and at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8`;
}
