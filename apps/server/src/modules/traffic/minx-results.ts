import { type SQL, sql } from 'drizzle-orm';
import {
  trafficMinxFallbacks as f,
  trafficMessages as m,
  trafficMinxPlans as mp,
  trafficVoice as v,
} from './schema.js';

/**
 * A fallback's own record (decision 0146): the call (by call id) or the WhatsApp message (by id), looked
 * for within a day of the time it was sent (its partitions). `ok` = answered / delivered or read.
 */
export const fallbackRecord = (fb: SQL) => sql`(
  select ${v.answerAt} is not null as ok, ${v.price} as price from ${v}
    where ${fb}.kind = 'voice' and ${v.callId} = ${fb}.new_id
      and ${v.setupAt} >= ${fb}.sent_at - interval '1 day' and ${v.setupAt} < ${fb}.sent_at + interval '1 day'
  union all
  select ${m.state} in ('delivered', 'read') as ok, ${m.price} as price from ${m}
    where ${fb}.kind = 'whatsapp' and ${m.kind} = 'whatsapp' and ${m.recordId} = ${fb}.new_id
      and ${m.at} >= ${fb}.sent_at - interval '1 day' and ${m.at} < ${fb}.sent_at + interval '1 day'
  limit 1)`;

export interface StepFigures {
  plan_id: number;
  step: number;
  fell_back: string;
  sent: string;
  delivered: string;
  cost: string;
}

/**
 * Per plan and step, the fallbacks made in [from, to): how many, how many the platform sent (their record
 * came in), how many of those were delivered or answered, and what they were charged.
 */
export function stepFiguresSql(planIds: SQL, from: Date, to: Date): SQL {
  return sql`select x.plan_id, x.step, count(*)::text as fell_back, count(r.ok)::text as sent,
      count(*) filter (where r.ok)::text as delivered, coalesce(sum(r.price), 0)::numeric(20, 6)::text as cost
    from ${f} x left join lateral ${fallbackRecord(sql`x`)} r on true
    where x.plan_id in (${planIds}) and x.created_at >= ${from} and x.created_at < ${to}
    group by x.plan_id, x.step`;
}

/** the plans' ids of a where clause (for `stepFiguresSql`) */
export const planIdsOf = (where: SQL | undefined) =>
  sql`select ${mp.id} from ${mp}${where ? sql` where ${where}` : sql``}`;
