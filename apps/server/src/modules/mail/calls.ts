import type { Locale } from '@portal/contracts';
import {
  type BatchTransmitBody,
  FOLLOW_UP_DICTS,
  MARK_OPTIONS,
  type MailDingState,
  type SenderHit,
} from '@portal/contracts/mail';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { counterpartsOf } from '../../platform/counterparts.js';
import { containsPattern } from '../../platform/db/like.js';
import { dictWithItems } from '../../platform/dict/service.js';
import type { FileService } from '../../platform/files/service.js';
import type { Platform } from '../../platform/platform.js';
import { dingRobotUrl } from '../../platform/webhooks.js';
import { emlFileName, emlOf } from './eml.js';
import { mailAccounts, mailMessages } from './schema.js';
import type { MailService } from './service.js';

/** The robot's text for new mail (one chat for everyone: both languages). */
export const mailDingText = (mailbox: string, n: number, folder: 'inbox' | 'junk') =>
  folder === 'inbox'
    ? `${mailbox} 收到 ${n} 封新邮件 / ${n} new mail(s) for ${mailbox}`
    : `${mailbox} 的垃圾邮件箱收到 ${n} 封邮件 / ${n} mail(s) in ${mailbox}'s spam`;

/** The spec-7 calls of session 9 over the mail service, the counterpart registry and the dictionaries. */
export const mailCalls = (p: Platform, mail: MailService, files: FileService) => ({
  /** sender/query: who wrote to this mailbox's inbox or spam, most mail first. */
  async senders(
    userId: number,
    q: { accountId?: number; folder: 'inbox' | 'junk'; keyword?: string; size: number },
  ): Promise<SenderHit[]> {
    const mb = await mail.mailboxOf(userId, q.accountId);
    const m = mailMessages;
    const k = q.keyword ? containsPattern(q.keyword) : undefined;
    const rows = await p.db
      .select({
        email: m.fromEmail,
        name: sql<string | null>`max(${m.fromName})`,
        count: sql<number>`count(*)::int`,
        lastAt: sql<Date>`max(${m.at})`,
      })
      .from(m)
      .where(
        and(
          eq(m.accountId, mb.id),
          eq(m.folder, q.folder),
          sql`${m.fromEmail} <> ''`,
          k ? or(ilike(m.fromEmail, k), ilike(m.fromName, k)) : undefined,
        ),
      )
      .groupBy(m.fromEmail)
      .orderBy(desc(sql`count(*)`), m.fromEmail)
      .limit(q.size);
    return rows.map((r) => ({ ...r, lastAt: new Date(r.lastAt).toISOString() }));
  },

  /** email/customer/contact: through the counterpart registry (CRM answers with the caller's data scope). */
  async customerContacts(auth: AuthContext, q: { customerId?: number; keyword?: string; size: number }) {
    const hits = await counterpartsOf(p).contacts('customer', auth, {
      keyword: q.keyword,
      counterpartId: q.customerId,
      limit: q.size,
    });
    return hits.map((h) => ({
      email: h.email,
      name: h.name,
      customerId: h.counterpartId,
      customerName: h.counterpartName,
      keyDecisionMaker: h.keyDecisionMaker,
    }));
  },

  /** email/batch/transmit: one mail with each chosen mail attached as `.eml`. */
  async batchTransmit(userId: number, body: BatchTransmitBody) {
    const { mb, rows } = await mail.ownedMail(userId, body.ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const chosen = body.ids.map((id) => byId.get(id)!);
    const attachments = [];
    // as files, not message/rfc822 parts: readers (mailparser among them) inline those into the body
    for (const m of chosen)
      attachments.push({
        filename: emlFileName(m),
        content: await emlOf(m, files),
        contentType: 'application/octet-stream',
      });
    const subject =
      body.subject || (chosen.length === 1 ? `Fwd: ${chosen[0]!.subject}` : `Fwd: ${chosen.length} mails`);
    return mail.send(
      userId,
      {
        accountId: mb.id,
        receiverEmailList: body.receiverEmailList,
        ccEmailList: body.ccEmailList,
        bccEmailList: [],
        subject,
        content: body.content,
        fileIds: [],
      },
      attachments,
    );
  },

  async followOptions(kind: 'customer' | 'supplier', locale: Locale) {
    const { items } = await dictWithItems(p.db, FOLLOW_UP_DICTS[kind]);
    return items
      .filter((i) => i.enabled)
      .map((i) => ({ value: i.value, label: locale === 'en' ? i.labelEn || i.label : i.label }));
  },

  markOptions(locale: Locale) {
    return MARK_OPTIONS.map((o) => ({ value: o.value, label: locale === 'en' ? o.en : o.zh }));
  },

  async ding(userId: number, accountId?: number): Promise<MailDingState> {
    const mb = await mail.mailboxOf(userId, accountId);
    return { accountId: mb.id, email: mb.email, enabled: mb.dingStatus, robot: !!dingRobotUrl() };
  },

  async setDing(userId: number, body: { accountId?: number; enabled: boolean }): Promise<MailDingState> {
    const mb = await mail.mailboxOf(userId, body.accountId);
    await p.db.update(mailAccounts).set({ dingStatus: body.enabled }).where(eq(mailAccounts.id, mb.id));
    return { accountId: mb.id, email: mb.email, enabled: body.enabled, robot: !!dingRobotUrl() };
  },
});
