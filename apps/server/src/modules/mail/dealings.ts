import { isValidEmail, type PageResult } from '@portal/contracts';
import {
  BILL_FLAGS,
  type CounterpartKind,
  type DealingsGroup,
  MAIL_BILL_PUSHED,
  type MailRow,
  type OwnerWarning,
} from '@portal/contracts/mail';
import { and, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import { counterpartsOf } from '../../platform/counterparts.js';
import { containsPattern } from '../../platform/db/like.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { mailAccounts, mailBillPushes, mailMessages } from './schema.js';
import type { MailService } from './service.js';

const M = mailMessages;
const mine = (userId: number) =>
  inArray(M.accountId, sql`(select ${mailAccounts.id} from ${mailAccounts} where ${mailAccounts.userId} = ${userId})`);

/** Mail exchanged with customers and suppliers (vce, dealings), owner warnings, bill mail to finance. */
export const dealings = (p: Platform, mail: MailService) => ({
  /** dealings/query: my linked mails (inbox, spam and sent), newest first. */
  async mails(
    userId: number,
    q: { page: number; size: number; counterpartKind?: CounterpartKind; counterpartId?: number; keyword?: string },
  ): Promise<PageResult<MailRow>> {
    const k = q.keyword ? containsPattern(q.keyword) : null;
    const where = and(
      mine(userId),
      isNotNull(M.counterpartId),
      inArray(M.folder, ['inbox', 'junk', 'sent']),
      q.counterpartKind ? eq(M.counterpartKind, q.counterpartKind) : undefined,
      q.counterpartId ? eq(M.counterpartId, q.counterpartId) : undefined,
      k ? or(ilike(M.subject, k), ilike(M.fromEmail, k), ilike(M.snippet, k)) : undefined,
    );
    const rows = await p.db
      .select()
      .from(M)
      .where(where)
      .orderBy(desc(M.at), desc(M.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await p.db.select({ n: sql<number>`count(*)::int` }).from(M).where(where);
    return { records: rows.map((r) => mail.rowOf(r)), total: n?.n ?? 0, page: q.page, size: q.size };
  },

  /** dealings/customer|supplier/query: my counterparts of one kind with their mail counts. */
  async groups(
    userId: number,
    kind: CounterpartKind,
    q: { page: number; size: number; keyword?: string },
  ): Promise<PageResult<DealingsGroup>> {
    const where = and(
      mine(userId),
      eq(M.counterpartKind, kind),
      isNotNull(M.counterpartId),
      inArray(M.folder, ['inbox', 'junk', 'sent']),
      q.keyword ? ilike(M.counterpartName, containsPattern(q.keyword)) : undefined,
    );
    const rows = await p.db
      .select({
        counterpartId: sql<number>`${M.counterpartId}`,
        counterpartName: sql<string>`max(${M.counterpartName})`,
        received: sql<number>`count(*) filter (where ${M.folder} <> 'sent')::int`,
        sent: sql<number>`count(*) filter (where ${M.folder} = 'sent')::int`,
        lastAt: sql<Date>`max(${M.at})`,
      })
      .from(M)
      .where(where)
      .groupBy(M.counterpartId)
      .orderBy(desc(sql`max(${M.at})`), M.counterpartId)
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await p.db
      .select({ n: sql<number>`count(distinct ${M.counterpartId})::int` })
      .from(M)
      .where(where);
    return {
      records: rows.map((r) => ({
        counterpartKind: kind,
        counterpartId: r.counterpartId,
        counterpartName: r.counterpartName,
        received: r.received,
        sent: r.sent,
        lastAt: new Date(r.lastAt).toISOString(),
      })),
      total: n?.n ?? 0,
      page: q.page,
      size: q.size,
    };
  },

  /** check/owner: recipients belonging to a customer owned by someone other than the writer. */
  async checkOwner(userId: number, emails: string[]): Promise<OwnerWarning[]> {
    const found = await counterpartsOf(p).resolve(emails);
    const others = [...found].filter(([, c]) => c.ownerId !== null && c.ownerId !== userId);
    if (others.length === 0) return [];
    const names = new Map(
      (
        await p.db
          .select({ id: staffUsers.id, name: staffUsers.name })
          .from(staffUsers)
          .where(inArray(staffUsers.id, [...new Set(others.map(([, c]) => c.ownerId!))]))
      ).map((s) => [s.id, s.name]),
    );
    return others.map(([email, c]) => ({
      email,
      counterpartKind: c.kind,
      counterpartId: c.id,
      counterpartName: c.name,
      ownerId: c.ownerId,
      ownerName: names.get(c.ownerId!) ?? null,
    }));
  },

  /** check/cc/email: the addresses that break the recipient rule. */
  checkCc(emails: string[]): string[] {
    return emails.filter((e) => !isValidEmail(e));
  },

  billFlags(lang: 'zh' | 'en') {
    return BILL_FLAGS.map((f) => ({ value: f.value, label: f[lang] }));
  },

  /**
   * pushToFcBillEmail: hands a received mail (a supplier's bill) to finance once. Finance has no
   * room yet: the hand-off is recorded here and announced on the bus for the finance room to take.
   */
  async pushBill(userId: number, body: { id: number; billFlag: string; remark: string }) {
    const {
      rows: [m],
    } = await mail.ownedMail(userId, [body.id]);
    if (m!.folder !== 'inbox' && m!.folder !== 'junk') throw new AppError('MAIL_NOT_RECEIVED');
    const at = p.clock.now();
    const [row] = await p.db
      .insert(mailBillPushes)
      .values({ messageRowId: m!.id, billFlag: body.billFlag, remark: body.remark, pushedBy: userId, at })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('MAIL_BILL_ALREADY_PUSHED');
    await p.bus.publish(MAIL_BILL_PUSHED, m!.id);
    return { id: m!.id, billFlag: row.billFlag, at: row.at.toISOString() };
  },
});
