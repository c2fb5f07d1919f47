import { CrmPerm, DEFAULT_NOTICE_DAYS } from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { rowsOf } from '../../../platform/db/index.js';
import { renderMessage } from '../../../platform/i18n/message-templates.js';
import type { LoginPromptText } from '../../../platform/login-prompts.js';
import type { Platform } from '../../../platform/platform.js';
import { returnAtOf } from './due.js';
import './messages.js';

const DAY_MS = 86_400_000;
const NAMES_SHOWN = 3;

/**
 * The sign-in prompt of an owner whose customers return to the open sea within
 * `DEFAULT_NOTICE_DAYS` days ("3 of your customers return to the open sea within 3 days"). Its id
 * changes with the day and the count, so the shell shows a new situation once per session.
 */
export async function poolLoginPrompt(
  p: Platform,
  auth: AuthContext,
  locale: 'zh-CN' | 'en',
): Promise<LoginPromptText | null> {
  if (!auth.perms.has(CrmPerm.CUSTOMERS)) return null;
  const now = p.clock.now();
  const until = new Date(now.getTime() + DEFAULT_NOTICE_DAYS * DAY_MS);
  const rows = rowsOf<{ name: string; code: string; n: number }>(
    await p.db.execute(sql`select c.name, c.code, count(*) over ()::int as n from crm_customers c
      cross join lateral (select ${returnAtOf('c')} as due) d
      where c.owner_id = ${auth.userId} and c.state = 'private' and not c.locked and not c.dealt
        and d.due > ${now} and d.due <= ${until}
      order by d.due, c.id limit ${NAMES_SHOWN}`),
  );
  if (!rows.length) return null;
  const count = rows[0]!.n;
  const names =
    rows.map((r) => `${r.name}（${r.code}）`).join(locale === 'en' ? ', ' : '、') + (count > rows.length ? ' …' : '');
  const text = renderMessage(
    { key: 'crmPool.loginPrompt', vars: { count, days: DEFAULT_NOTICE_DAYS, names } },
    locale,
  )!;
  const day = Math.floor(now.getTime() / DAY_MS);
  return { id: day * 1000 + Math.min(count, 999), ...text };
}
