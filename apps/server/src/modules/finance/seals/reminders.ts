import { contractArchiveResource, sealResource } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { defineMessageTemplates, templated } from '../../../platform/i18n/message-templates.js';
import type { Platform } from '../../../platform/platform.js';
import { dayOf } from '../ledger.js';

export const SEAL_REMINDER_JOB = 'finance.seal-reminders';
/** how many days before a seal's validity or an archived contract's term ends its person is told */
export const EXPIRY_NOTICE_DAYS = 30;
/** names listed in one message; the rest are counted */
const NAMES_SHOWN = 5;

defineMessageTemplates('financeSeal', {
  sealExpiring: {
    title: { 'zh-CN': '印章即将到期', en: 'Seals expire soon' },
    content: {
      'zh-CN': '您保管的 {count} 枚印章将于 {day} 起陆续到期（{names}），请及时办理续期或停用。',
      en: '{count} seals you keep expire from {day} ({names}): renew or retire them in time.',
    },
  },
  contractExpiring: {
    title: { 'zh-CN': '归档合同即将到期', en: 'Archived contracts end soon' },
    content: {
      'zh-CN': '您申请归档的 {count} 份合同将于 {day} 起陆续到期（{names}），请及时续签。',
      en: '{count} archived contracts you applied for end from {day} ({names}): renew them in time.',
    },
  },
});

interface Due {
  id: number;
  name: string;
  user_id: number;
  due: string;
}

const namesOf = (rows: Due[]) =>
  rows
    .slice(0, NAMES_SHOWN)
    .map((r) => r.name)
    .join('、') + (rows.length > NAMES_SHOWN ? ' …' : '');

/**
 * Records whose expiry falls within the notice days and was not told for that day yet: marked told
 * in the same statement (a concurrent run tells each once), answered for the messages.
 */
async function claimDue(p: Platform, kind: 'seal' | 'contract', today: string, until: string): Promise<Due[]> {
  const source =
    kind === 'seal'
      ? sql`select s.id, s.name, s.keeper_id as user_id, s.valid_until as due from fin_seals s
          where s.active and s.valid_until between ${today} and ${until}`
      : sql`select a.id, a.archive_no || ' ' || a.title as name, a.applicant_id as user_id, a.end_day as due
          from fin_contract_archives a where a.end_day between ${today} and ${until}`;
  return rowsOf<Due>(
    await p.db.execute(sql`with due as (${source}), told as (
        insert into fin_seal_reminders (kind, record_id, due_day, noticed_at)
        select ${kind}, id, due, ${p.clock.now()} from due
        on conflict (kind, record_id) do update set due_day = excluded.due_day, noticed_at = excluded.noticed_at
          where fin_seal_reminders.due_day <> excluded.due_day
        returning record_id)
      select due.id, due.name, due.user_id, due.due::text as due from due join told on told.record_id = due.id
      order by due.due, due.id`),
  );
}

/**
 * The daily run (decision 0128): the keeper of each active seal whose validity ends within
 * `EXPIRY_NOTICE_DAYS`, and the applicant of each archived contract whose term ends within them, get
 * one message per person and kind in the message center; each expiry day is told once.
 */
export async function runSealReminders(p: Platform): Promise<{ seals: number; contracts: number }> {
  const now = p.clock.now();
  const today = dayOf(now);
  const until = dayOf(new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000));
  const told = { seals: 0, contracts: 0 };
  for (const kind of ['seal', 'contract'] as const) {
    const rows = await claimDue(p, kind, today, until);
    const byUser = new Map<number, Due[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    for (const [userId, list] of byUser)
      await p.notifier.send({
        userIds: [userId],
        type: 'system',
        ...templated(kind === 'seal' ? 'financeSeal.sealExpiring' : 'financeSeal.contractExpiring', {
          count: list.length,
          day: list[0]!.due,
          names: namesOf(list),
        }),
        link: (kind === 'seal' ? sealResource : contractArchiveResource).routes.list,
        source: { kind: kind === 'seal' ? 'finance.seal' : 'finance.contractArchive', id: String(list[0]!.id) },
      });
    if (kind === 'seal') told.seals = rows.length;
    else told.contracts = rows.length;
  }
  return told;
}
