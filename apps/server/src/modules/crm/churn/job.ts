import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { appendRecordEvents } from '../../../platform/history/service.js';
import { templated } from '../../../platform/i18n/message-templates.js';
import { returnDue } from '../../../platform/ownership/index.js';
import type { Platform } from '../../../platform/platform.js';
import { portOf } from '../../../platform/ports.js';
import { customerOwners } from '../pool/ownership.js';
import './messages.js';
import { crmChurnFlags } from './schema.js';

export const CHURN_JOB = 'crm.churn';
const DAY_MS = 86_400_000;
/** customer ids per call of the traffic port */
const PORT_CHUNK = 500;

interface Candidate {
  id: number;
  code: string;
  name: string;
  owner_id: number;
  drop_percent: number;
  window_days: number;
  return_to_sea: boolean;
}

export interface Churning {
  id: number;
  fall: number;
  before: string;
  recent: string;
  returned: boolean;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Dealt private customers under an enabled churn rule (their level's row, else the row without a
 * level), not flagged within the rule's window.
 */
async function candidates(p: Platform, now: Date): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await p.db.execute(sql`select c.id, c.code, c.name, c.owner_id, r.drop_percent, r.window_days, r.return_to_sea
      from crm_customers c
      join lateral (select * from crm_churn_rules r where r.level = c.level or r.level is null
                    order by r.level is null limit 1) r on r.enabled
      left join crm_churn_flags f on f.customer_id = c.id
      where c.state = 'private' and c.dealt and c.owner_id is not null
        and (f.flagged_at is null or f.flagged_at <= ${now}::timestamptz - make_interval(days => r.window_days))
      order by c.id`),
  );
}

/**
 * Paid traffic of each customer over the last `n` closed days and the `n` days before, from the
 * traffic room's daily rollups (the `traffic` port).
 */
async function windows(p: Platform, now: Date, n: number, ids: number[]) {
  const traffic = portOf(p.db, 'traffic');
  const out = new Map<number, { before: Decimal; recent: Decimal }>();
  if (!traffic) return out;
  const today = Date.parse(day(now.getTime()));
  const recentFrom = day(today - n * DAY_MS);
  for (let i = 0; i < ids.length; i += PORT_CHUNK) {
    const figures = await traffic.byDay({
      from: new Date(today - 2 * n * DAY_MS),
      to: new Date(today - DAY_MS),
      customerIds: ids.slice(i, i + PORT_CHUNK),
    });
    for (const f of figures) {
      const w = out.get(f.customerId) ?? { before: new Decimal(0), recent: new Decimal(0) };
      if (f.day >= recentFrom) w.recent = w.recent.plus(f.revenue);
      else w.before = w.before.plus(f.revenue);
      out.set(f.customerId, w);
    }
  }
  return out;
}

/** Flags one customer: the flag row and a history entry in one transaction. */
async function flag(p: Platform, c: Candidate, w: { before: Decimal; recent: Decimal }, fall: number, now: Date) {
  const row = {
    customerId: c.id,
    flaggedAt: now,
    windowDays: c.window_days,
    before: w.before.toFixed(6),
    recent: w.recent.toFixed(6),
    fallPercent: fall,
  };
  await p.db.transaction(async (tx) => {
    await tx.insert(crmChurnFlags).values(row).onConflictDoUpdate({ target: crmChurnFlags.customerId, set: row });
    await appendRecordEvents(
      tx,
      [
        {
          entity: 'crm.customer',
          recordId: c.id,
          actorId: null,
          kind: 'state',
          changes: [{ field: 'paidTraffic', from: row.before, to: row.recent }],
          body: `流失预警 / Churning: −${fall}% (${c.window_days} d)`,
          data: { reason: 'churn', fallPercent: fall, windowDays: c.window_days, returnToSea: c.return_to_sea },
        },
      ],
      now,
    );
  });
}

/**
 * The daily churn evaluation: a dealt customer whose paid traffic fell by the rule's per cent over
 * its window against the window before is flagged (history), its owner told through the message
 * centre, and returned to the open sea when the rule says so. A customer without paid traffic in
 * the window before has nothing to fall from and is left alone. Without the traffic room nothing
 * is flagged.
 */
export async function runChurnJob(p: Platform): Promise<Churning[]> {
  const now = p.clock.now();
  const all = await candidates(p, now);
  const byWindow = new Map<number, Candidate[]>();
  for (const c of all) byWindow.set(c.window_days, [...(byWindow.get(c.window_days) ?? []), c]);
  const done: Churning[] = [];
  for (const [n, group] of byWindow) {
    const figures = await windows(
      p,
      now,
      n,
      group.map((c) => c.id),
    );
    for (const c of group) {
      const w = figures.get(c.id);
      if (!w || w.before.lte(0)) continue;
      const fall = w.before.minus(w.recent).div(w.before).times(100);
      if (fall.lt(c.drop_percent)) continue;
      const whole = fall.floor().toNumber();
      await flag(p, c, w, whole, now);
      const returned = c.return_to_sea ? (await returnDue(p, customerOwners, [c.id])).length > 0 : false;
      const vars = { name: c.name, code: c.code, days: n, fall: whole };
      await p.notifier.send({
        userIds: [c.owner_id],
        type: 'system',
        ...templated(returned ? 'crmChurn.returned' : 'crmChurn.churning', vars),
        link: returned ? '/crm/open-sea' : `/crm/customer/detail?id=${c.id}`,
        source: { kind: 'crm.customer', id: String(c.id) },
      });
      done.push({ id: c.id, fall: whole, before: w.before.toFixed(6), recent: w.recent.toFixed(6), returned });
    }
  }
  return done;
}
