import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { templated } from '../../../platform/i18n/message-templates.js';
import { returnDue } from '../../../platform/ownership/index.js';
import type { Platform } from '../../../platform/platform.js';
import { noticeDaysOf, returnAtOf } from './due.js';
import './messages.js';
import { customerOwners } from './ownership.js';

export const POOL_RETURN_JOB = 'crm.pool-return';
/** names listed in one message; the rest are counted */
const NAMES_SHOWN = 5;

interface Due {
  id: number;
  code: string;
  name: string;
  owner_id: number;
  due: string | Date;
}

const when = (d: string | Date) => new Date(d).toISOString().slice(0, 16).replace('T', ' ');
const namesOf = (rows: Due[]) =>
  rows
    .slice(0, NAMES_SHOWN)
    .map((r) => `${r.name}（${r.code}）`)
    .join('、') + (rows.length > NAMES_SHOWN ? ' …' : '');

function byOwner(rows: Due[]) {
  const out = new Map<number, Due[]>();
  for (const r of rows) {
    const list = out.get(r.owner_id);
    if (list) list.push(r);
    else out.set(r.owner_id, [r]);
  }
  return out;
}

/**
 * Owners whose customers fall due within their rule's notice days are told once per return time
 * (one message per owner and run); a follow-up moves the time and arms a new notice.
 */
export async function noticeReturns(p: Platform): Promise<number> {
  const now = p.clock.now();
  const told = await p.db.transaction(async (tx) => {
    const soon = rowsOf<Due>(
      await tx.execute(sql`select c.id, c.code, c.name, c.owner_id, d.due from crm_customers c
        cross join lateral (select ${returnAtOf('c')} as due, ${noticeDaysOf('c')} as notice) d
        where c.state = 'private' and c.owner_id is not null and not c.locked and not c.dealt
          and d.due is not null and d.notice > 0 and d.due > ${now}
          and d.due - make_interval(days => d.notice) <= ${now}
        order by d.due, c.id`),
    );
    if (!soon.length) return [];
    const fresh = new Set(
      rowsOf<{ customer_id: number }>(
        await tx.execute(sql`insert into crm_return_notices (customer_id, due_at, noticed_at)
          select (x->>'id')::int, (x->>'due')::timestamptz, ${now}
          from jsonb_array_elements(${JSON.stringify(soon.map((s) => ({ id: s.id, due: new Date(s.due).toISOString() })))}::jsonb) x
          on conflict (customer_id) do update set due_at = excluded.due_at, noticed_at = excluded.noticed_at
            where crm_return_notices.due_at <> excluded.due_at
          returning customer_id`),
      ).map((r) => r.customer_id),
    );
    return soon.filter((s) => fresh.has(s.id));
  });
  for (const [owner, rows] of byOwner(told))
    await p.notifier.send({
      userIds: [owner],
      type: 'system',
      ...templated('crmPool.returnSoon', { count: rows.length, at: when(rows[0]!.due), names: namesOf(rows) }),
      link: rows.length === 1 ? `/crm/customer/detail?id=${rows[0]!.id}` : '/crm/client-partner/my-client',
      source: { kind: 'crm.customer', id: String(rows[0]!.id) },
    });
  return told.length;
}

/**
 * Customers past their return time go back to the open sea, one transaction each with the reason
 * "system" (a customer locked, dealt or followed up meanwhile is skipped by `returnDue` or no longer
 * due); their owners are told what left.
 */
export async function returnDueCustomers(p: Platform, batch = 1000): Promise<number> {
  let total = 0;
  for (let after = 0; ; ) {
    const due = rowsOf<Due>(
      await p.db.execute(sql`select c.id, c.code, c.name, c.owner_id, d.due from crm_customers c
        cross join lateral (select ${returnAtOf('c')} as due) d
        where c.state = 'private' and c.owner_id is not null and not c.locked and not c.dealt
          and d.due <= ${p.clock.now()} and c.id > ${after}
        order by c.id limit ${batch}`),
    );
    if (!due.length) return total;
    after = due[due.length - 1]!.id;
    const returned = new Set(
      await returnDue(
        p,
        customerOwners,
        due.map((d) => d.id),
      ),
    );
    const gone = due.filter((d) => returned.has(d.id));
    for (const [owner, rows] of byOwner(gone))
      await p.notifier.send({
        userIds: [owner],
        type: 'system',
        ...templated('crmPool.returned', { count: rows.length, names: namesOf(rows) }),
        link: '/crm/open-sea',
        source: { kind: 'crm.customer', id: String(rows[0]!.id) },
      });
    total += gone.length;
  }
}

/** The scheduled run: notices first, then the returns. */
export async function runPoolJob(p: Platform) {
  const noticed = await noticeReturns(p);
  const returned = await returnDueCustomers(p);
  return { noticed, returned };
}
