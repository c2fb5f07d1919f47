import type { TimedDraftBody } from '@portal/contracts/mail';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { mailAccounts, mailMessages } from './schema.js';
import type { MailService } from './service.js';

const M = mailMessages;

/** Timed sends: a draft with a send time, sent by the `mail.timed` job once the app clock reaches it. */
export const timedSends = (p: Platform, mail: MailService) => {
  const future = (iso: string) => {
    const at = new Date(iso);
    if (at.getTime() <= p.clock.now().getTime()) throw new AppError('MAIL_SEND_AT_PAST');
    return at;
  };
  return {
    /** draft/timing/save: saves the draft and sets its send time (recipients checked now, not at the time). */
    async save(userId: number, body: TimedDraftBody): Promise<number> {
      const sendAt = future(body.sendAt);
      if (body.receiverEmailList.length + body.ccEmailList.length + body.bccEmailList.length === 0)
        throw new AppError('MAIL_NO_RECIPIENT');
      const id = await mail.saveDraft(userId, body);
      await p.db.update(M).set({ sendAt, sendError: null }).where(eq(M.id, id));
      return id;
    },

    /** draft/update/timing/time: another time, or null to cancel (it stays a draft). */
    async retime(userId: number, id: number, sendAt: string | null): Promise<void> {
      const {
        rows: [d],
      } = await mail.ownedMail(userId, [id]);
      if (d!.folder !== 'drafts') throw new AppError('MAIL_NOT_A_DRAFT');
      if (sendAt === null) {
        if (!d!.sendAt) throw new AppError('MAIL_NOT_TIMED');
        await p.db.update(M).set({ sendAt: null }).where(eq(M.id, id));
        return;
      }
      const at = future(sendAt);
      await p.db.update(M).set({ sendAt: at, sendError: null }).where(eq(M.id, id));
    },

    /**
     * The job: every due draft is claimed (its send time cleared in one statement, so two runs never
     * send it twice) and sent; a failure stays a draft with its reason and a `failed` mail log line.
     */
    async sendDue(limit = 50): Promise<{ sent: number; failed: number }> {
      const due = await p.db
        .update(M)
        .set({ sendAt: null })
        .where(
          sql`${M.id} in (select ${M.id} from ${M} where ${and(
            isNotNull(M.sendAt),
            lte(M.sendAt, p.clock.now()),
            eq(M.folder, 'drafts'),
          )} order by ${M.sendAt} limit ${limit} for update skip locked)`,
        )
        .returning();
      let sent = 0;
      let failed = 0;
      for (const d of due.sort((a, b) => a.id - b.id)) {
        const [owner] = await p.db
          .select({ userId: mailAccounts.userId })
          .from(mailAccounts)
          .where(eq(mailAccounts.id, d.accountId));
        try {
          await mail.send(owner!.userId, {
            draftId: d.id,
            receiverEmailList: d.toList,
            ccEmailList: d.ccList,
            bccEmailList: d.bccList,
            subject: d.subject,
            content: d.html,
            fileIds: d.attachments.map((a) => a.fileId).filter((x): x is string => !!x),
          });
          sent++;
        } catch (err) {
          failed++;
          const reason = err instanceof Error ? err.message : String(err);
          await p.db
            .update(M)
            .set({ sendError: reason.slice(0, 300) })
            .where(eq(M.id, d.id));
          p.log.warn({ err, draft: d.id }, 'timed mail not sent');
        }
      }
      return { sent, failed };
    },

    /** The caller's timed drafts, soonest first. */
    async pending(userId: number) {
      return p.db
        .select({ id: M.id, subject: M.subject, sendAt: M.sendAt })
        .from(M)
        .innerJoin(mailAccounts, eq(mailAccounts.id, M.accountId))
        .where(and(eq(mailAccounts.userId, userId), isNotNull(M.sendAt)))
        .orderBy(asc(M.sendAt));
    },
  };
};
