import { and, eq, inArray, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { htmlToText, snippetOf } from './html.js';
import { mailAccounts, mailBook, mailMessages, mailSenderRules, mailTemplates } from './schema.js';

/**
 * Demo users with a mailbox on the built-in server; ops01 has none, so the demo shows the
 * no-mailbox screen and binding one.
 */
const DEMO_MAIL_USERS = ['admin', 'sales01', 'sales02', 'salesmgr', 'finance01'];
const DOMAIN = 'portal.example';

/** Customers and suppliers of the demo world writing in (their addresses: the demo domains). */
const CORRESPONDENTS = [
  { name: 'Lena Fischer', email: 'lena.fischer@nordtel.example' },
  { name: '陈静', email: 'chen.jing@huaxin-sms.example' },
  { name: 'Carlos Mendes', email: 'carlos@latamvoice.example' },
  { name: 'Aisha Rahman', email: 'aisha.r@gulfconnect.example' },
  { name: 'Billing Desk', email: 'billing@routehub.example' },
  { name: '王强', email: 'wang.qiang@dragonwave.example' },
];
const SUBJECTS = [
  [
    '询价：印尼 OTP 短信路由',
    'Please quote Indonesia OTP SMS routes, about 2M messages a month, delivery rate above 95%.',
  ],
  ['Invoice for October traffic', 'Attached is our invoice for October. Payment terms: 30 days.'],
  ['WhatsApp 模板审核进度', '请问上周提交的三个 WhatsApp 模板审核进度如何？'],
  ['Voice route quality report', 'ASR on the Brazil mobile route dropped to 38% since Monday; can you check?'],
  ['合同续签', '我们的年度合同下月到期，附件为续签条款草案，请查收。'],
  ['New sender ID registration', 'Please register the sender ID NORDTEL for Germany and Austria.'],
  ['Re: 账户充值', '已通过银行转账充值 5,000 USD，请确认到账。'],
  ['Rate change notice', 'From the 1st, termination rates to UK mobile change; the new deck is attached.'],
];

/** A demo mailbox per documented user on the local connector, with a realistic inbox. Idempotent. */
export async function seedMailDemo(ctx: SeedContext): Promise<void> {
  const { db, rng } = ctx;
  const users = await db
    .select({ id: staffUsers.id, username: staffUsers.username, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.username, DEMO_MAIL_USERS));
  const base = Date.UTC(2026, 10, 20, 9);
  for (const u of users.sort((a, b) => a.username.localeCompare(b.username))) {
    const email = `${u.username}@${DOMAIN}`;
    const [exists] = await db
      .select({ id: mailAccounts.id })
      .from(mailAccounts)
      .where(sql`lower(${mailAccounts.email}) = ${email}`);
    if (exists) continue;
    const [box] = await db
      .insert(mailAccounts)
      .values({ userId: u.id, email, displayName: u.name, connector: 'local' })
      .returning({ id: mailAccounts.id });
    const mails = SUBJECTS.map(([subject, text], i) => {
      const from = CORRESPONDENTS[(i + rng.int(0, CORRESPONDENTS.length - 1)) % CORRESPONDENTS.length]!;
      const html = `<p>${text}</p><p>--<br>${from.name}</p>`;
      const junk = i === SUBJECTS.length - 1;
      return {
        accountId: box!.id,
        folder: junk ? ('junk' as const) : ('inbox' as const),
        subject: subject!,
        fromEmail: from.email,
        fromName: from.name,
        toList: [{ email, name: u.name }],
        html,
        textBody: htmlToText(html),
        snippet: snippetOf(htmlToText(html)),
        seen: i >= 3,
        flagged: i === 1,
        at: new Date(base - i * 3_600_000 * rng.int(2, 9)),
      };
    });
    await db.insert(mailMessages).values(mails);
  }
  await seedMailExtras(ctx, users);
}

/** Address book entries, a template each (salesmgr's shared), a blacklisted bulk sender. Idempotent. */
async function seedMailExtras(ctx: SeedContext, users: { id: number; username: string; name: string }[]) {
  const { db, rng } = ctx;
  for (const u of users.sort((a, b) => a.username.localeCompare(b.username))) {
    const picks = CORRESPONDENTS.filter(() => rng.next() < 0.6);
    if (picks.length)
      await db
        .insert(mailBook)
        .values(
          picks.map((c) => ({
            userId: u.id,
            email: c.email,
            name: c.name,
            company: c.email.split('@')[1]!.replace('.example', ''),
          })),
        )
        .onConflictDoNothing();
    const [tpl] = await db
      .select({ id: mailTemplates.id })
      .from(mailTemplates)
      .where(and(eq(mailTemplates.userId, u.id), eq(mailTemplates.name, '报价回复')));
    if (!tpl)
      await db.insert(mailTemplates).values({
        userId: u.id,
        name: '报价回复',
        subject: '报价 / Quotation',
        content: '<p>您好，</p><p>感谢询价，附件为我们的最新报价，有效期 30 天。</p><p>Best regards</p>',
        shared: u.username === 'salesmgr',
      });
    // a bulk-mail sender everyone has blacklisted
    await db
      .insert(mailSenderRules)
      .values({ userId: u.id, kind: 'black', value: '@promo-blast.example', source: 'manual', remark: 'bulk mail' })
      .onConflictDoNothing();
  }
}
