import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { envelope, type Locale } from '@portal/contracts';
import {
  type BillMailResult,
  billMailPath,
  billMailResult,
  FinPerm,
  prepaidStatementMailPath,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../../platform/audit/subject.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { rowsOf } from '../../platform/db/index.js';
import { filesOf } from '../../platform/files/service.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { portOf } from '../../platform/ports.js';
import { loadRecord } from '../../platform/resource/query.js';
import { escapeHtml as esc } from '../../platform/sso/pages.js';
import { customerFieldSql } from '../crm/customer-refs.js';
import { reference } from '../system/reference/index.js';
import { billStatement } from './bills.js';
import { finBills, finStatements } from './schema.js';
import { bills } from './settings.js';
import { statements } from './statements.js';

/** What a mailed document is: a postpaid bill or a prepaid statement, by its resource. */
export type MailedKind = 'bill' | 'statement';

export interface Doc {
  id: number;
  code: string;
  accountId: number;
  periodStart: string;
  periodEnd: string;
  currency: string;
  /** the bill's amount, or the statement's consumption */
  amount: string;
  state?: string;
  dueDay?: string;
  unpaid?: string;
  opening?: string;
  moneyIn?: string;
  moneyOut?: string;
  closing?: string;
  mailedTo: string | null;
}

const money = (v: string | undefined) => new Decimal(v ?? 0).toFixed(2);

/** the subject and body in the customer's language (decision 0135) */
export function customerMailText(
  kind: MailedKind,
  locale: Locale,
  v: { customer: string; account: string; entity: string; doc: Doc },
): { subject: string; html: string } {
  const d = v.doc;
  const period = `${d.periodStart} ~ ${d.periodEnd}`;
  const from = v.entity || (locale === 'en' ? 'Finance' : '财务部');
  if (locale === 'en') {
    const subject =
      kind === 'bill'
        ? `Bill ${d.code} for ${v.account}, ${period}`
        : `Prepaid statement ${d.code} for ${v.account}, ${period}`;
    const what =
      kind === 'bill'
        ? `<p>Please find attached bill <b>${esc(d.code)}</b> of account ${esc(v.account)} for ${period}: ` +
          `<b>${money(d.amount)} ${esc(d.currency)}</b>, due on <b>${d.dueDay}</b> ` +
          `(unpaid now: ${money(d.unpaid)} ${esc(d.currency)}).</p>`
        : `<p>Please find attached statement <b>${esc(d.code)}</b> of account ${esc(v.account)} for ${period}: ` +
          `opening balance ${money(d.opening)}, money in ${money(d.moneyIn)}, money out ${money(d.moneyOut)}, ` +
          `consumption ${money(d.amount)}, closing balance <b>${money(d.closing)} ${esc(d.currency)}</b>.</p>`;
    return {
      subject,
      html: `<p>Dear ${esc(v.customer)},</p>${what}<p>The attachment lists the consumption by day, product and country. Please reply to this mail with any question.</p><p>Best regards,<br/>${esc(from)}</p>`,
    };
  }
  const subject =
    kind === 'bill' ? `账单 ${d.code}（${v.account}，${period}）` : `预付月结单 ${d.code}（${v.account}，${period}）`;
  const what =
    kind === 'bill'
      ? `<p>附件为贵司账户 ${esc(v.account)} ${period} 的账单 <b>${esc(d.code)}</b>：金额 <b>${money(d.amount)} ${esc(d.currency)}</b>，` +
        `请于 <b>${d.dueDay}</b> 前付款（当前未付 ${money(d.unpaid)} ${esc(d.currency)}）。</p>`
      : `<p>附件为贵司账户 ${esc(v.account)} ${period} 的预付月结单 <b>${esc(d.code)}</b>：期初余额 ${money(d.opening)}，` +
        `本月入账 ${money(d.moneyIn)}，本月退出 ${money(d.moneyOut)}，本月消费 ${money(d.amount)}，期末余额 <b>${money(d.closing)} ${esc(d.currency)}</b>。</p>`;
  return {
    subject,
    html: `<p>尊敬的 ${esc(v.customer)}：</p>${what}<p>附件按日期、产品和国家列出消费明细。如有疑问，请直接回复本邮件。</p><p>此致<br/>${esc(from)}</p>`,
  };
}

/** the record in the caller's scope (NOT_FOUND else), as the document the mail describes */
export async function docOf(p: Platform, auth: AuthContext, kind: MailedKind, id: number): Promise<Doc> {
  if (kind === 'bill') {
    const fields = [
      'code',
      'accountId',
      'periodStart',
      'periodEnd',
      'currency',
      'amount',
      'state',
      'dueDay',
      'unpaid',
      'mailedTo',
    ];
    return (await loadRecord(p.db, bills, auth, id, fields)) as unknown as Doc;
  }
  const fields = [
    'code',
    'accountId',
    'periodStart',
    'periodEnd',
    'currency',
    'consumption',
    'opening',
    'moneyIn',
    'moneyOut',
    'closing',
    'mailedTo',
  ];
  const st = await loadRecord(p.db, statements, auth, id, fields);
  return { ...(st as unknown as Doc), amount: String(st.consumption) };
}

/**
 * Mails a customer bill or prepaid statement (decision 0135): refused for a draft and for an account
 * without a billing e-mail; the XLSX (lines, total, period, account, our entity) stored among the
 * caller's files and sent through the mail room's port from the caller's own mailbox, subject and
 * body in the account's billing language; the record then remembers when, by whom and to whom, and
 * its history gets a `mail` event.
 */
export async function mailToCustomer(
  p: Platform,
  auth: AuthContext,
  kind: MailedKind,
  id: number,
): Promise<BillMailResult> {
  const doc = { ...(await docOf(p, auth, kind, id)), id };
  return mailDoc(p, kind, doc, { userId: auth.userId }, auth.userId);
}

/** Who a mailing goes out as: a staff member's mailbox (`mailboxId`, else their first one). */
export interface MailSender {
  userId: number;
  mailboxId?: number;
}

/**
 * The one mailing path of a bill or statement, by hand or by the nightly job (decision 0142): the
 * checks, the XLSX stored among the sender's files, the mail, then the record's mark and its history
 * (`actorId` null: the system). A success clears an earlier automatic failure.
 */
export async function mailDoc(
  p: Platform,
  kind: MailedKind,
  doc: Doc,
  sender: MailSender,
  actorId: number | null,
): Promise<BillMailResult> {
  const id = doc.id;
  if (doc.state === 'draft') throw new AppError('FIN_BILL_MAIL_DRAFT', { vars: { value: doc.code } });
  const [acc] = rowsOf<{
    code: string;
    customer: string | null;
    email: string | null;
    locale: Locale;
    entityId: number | null;
  }>(
    await p.db.execute(sql`select a.code, ${customerFieldSql(sql`a.customer_id`, 'name')} as customer,
      a.billing_email as email, a.billing_locale as locale, a.entity_id as "entityId"
      from fin_accounts a where a.id = ${doc.accountId}`),
  );
  if (!acc?.email)
    throw new AppError('FIN_BILL_NO_BILLING_EMAIL', { vars: { value: acc?.code ?? `#${doc.accountId}` } });
  const mail = portOf(p.db, 'mail');
  if (!mail) throw new AppError('NO_MAILBOX');
  const locale = acc.locale;
  const entity = acc.entityId ? (await reference(p).entities()).find((e) => e.id === acc.entityId) : undefined;
  const entityName = entity ? (locale === 'en' ? entity.nameEn || entity.name : entity.name) : '';
  const text = customerMailText(kind, locale, {
    customer: acc.customer ?? acc.code,
    account: acc.code,
    entity: entityName,
    doc,
  });

  const info = [
    { zh: '账户', en: 'Account', value: acc.code },
    { zh: '账期', en: 'Period', value: `${doc.periodStart} ~ ${doc.periodEnd}` },
    ...(doc.dueDay ? [{ zh: '到期日', en: 'Due', value: doc.dueDay }] : []),
    ...(entityName ? [{ zh: '签约主体', en: 'Issued by', value: entityName }] : []),
  ];
  const balances =
    kind === 'statement'
      ? [
          { zh: '期初余额', en: 'Opening balance', amount: doc.opening ?? '0' },
          { zh: '本月入账', en: 'Money in', amount: doc.moneyIn ?? '0' },
          { zh: '本月退出', en: 'Money out', amount: doc.moneyOut ?? '0' },
          { zh: '期末余额', en: 'Closing balance', amount: doc.closing ?? '0' },
        ]
      : [];
  const files = await filesOf(p);
  await fsp.mkdir(files.settings.tmpDir, { recursive: true });
  const tmp = path.join(files.settings.tmpDir, `${kind}-${randomUUID()}.xlsx`);
  await pipeline(await billStatement(p.db, doc, locale, balances, info), fs.createWriteStream(tmp, { flags: 'wx' }));
  const fileName = `${doc.code}.xlsx`;
  const file = await files.storeGenerated(tmp, { name: fileName, ownerUserId: sender.userId });
  const sent = await mail.send(sender.userId, {
    to: [{ email: acc.email, name: acc.customer }],
    subject: text.subject,
    html: text.html,
    fileIds: [file.id],
    accountId: sender.mailboxId,
  });

  const now = p.clock.now();
  const table = kind === 'bill' ? finBills : finStatements;
  await p.db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({
        mailedAt: now,
        mailedBy: actorId,
        mailedTo: acc.email,
        mailFailed: false,
        mailError: null,
        mailClaimedAt: null,
        version: sql`${table.version} + 1`,
      })
      .where(eq(table.id, id));
    await appendRecordEvents(
      tx,
      [
        {
          entity: kind === 'bill' ? bills.def.key : statements.def.key,
          recordId: id,
          actorId,
          kind: 'mail',
          changes: [{ field: 'mailedTo', from: doc.mailedTo, to: acc.email }],
          body: `${acc.email} · ${text.subject}`,
          data: { mailId: sent.id, fileId: file.id, to: acc.email, subject: text.subject },
        },
      ],
      now,
    );
  });
  return { mailId: sent.id, to: acc.email, mailedAt: now.toISOString(), fileName };
}

const MAILING = {
  bill: { zh: '邮寄账单', en: 'Mail the bill' },
  statement: { zh: '邮寄对账单', en: 'Mail the statement' },
};

/** `POST /v2/fc/bill/{id}/mail` and `POST /v2/fc/statement/{id}/mail`: the bills key, the account scope. */
export async function customerMailRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
  for (const [kind, path] of [
    ['bill', billMailPath(':id')],
    ['statement', prepaidStatementMailPath(':id')],
  ] as const)
    r.post(
      path,
      {
        schema: {
          tags: ['finance'],
          summary: `Mail a ${kind === 'bill' ? 'postpaid bill (not a draft)' : 'prepaid statement'} as XLSX to its account’s billing e-mail, from the caller’s own mailbox`,
          params,
          response: { 200: envelope(billMailResult) },
        },
        config: { access: { perm: FinPerm.BILLS }, checkRepeat: true, auditAction: MAILING[kind] },
      },
      async (req) => {
        stampAuditSubject(req, (kind === 'bill' ? bills : statements).def.key, req.params.id);
        return ok(await mailToCustomer(p, req.auth!, kind, req.params.id));
      },
    );
}
