import { type PageResult, Perm } from '@portal/contracts';
import type { MailLogDirection, MailLogRow } from '@portal/contracts/mail';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { containsPattern } from '../../platform/db/like.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { AccountRow } from './connectors/types.js';
import { mailLogs, type mailMessages } from './schema.js';

type Msg = typeof mailMessages.$inferSelect;
const L = mailLogs;

/** Mail logs: one line per mail sent, received or failed, per mailbox (emailLog/query). */
export const mailLog = (p: Platform) => ({
  async write(a: AccountRow, direction: MailLogDirection, m: Partial<Msg> & { subject?: string }, error?: string) {
    const peers =
      direction === 'received'
        ? (m.fromEmail ?? '')
        : [...(m.toList ?? []), ...(m.ccList ?? []), ...(m.bccList ?? [])].map((x) => x.email).join(', ');
    await p.db.insert(L).values({
      accountId: a.id,
      userId: a.userId,
      mailbox: a.email,
      direction,
      messageRowId: m.id ?? null,
      subject: m.subject ?? '',
      peers: peers.slice(0, 2000),
      counterpartKind: m.counterpartKind ?? null,
      counterpartId: m.counterpartId ?? null,
      counterpartName: m.counterpartName ?? null,
      error: error?.slice(0, 500) ?? null,
      at: p.clock.now(),
    });
  },

  /** My mailboxes' logs; holders of the mailbox accounts key may read anyone's. */
  async page(
    auth: AuthContext,
    q: {
      page: number;
      size: number;
      accountId?: number;
      userId?: number;
      direction?: MailLogDirection;
      counterpartKind?: 'customer' | 'supplier';
      keyword?: string;
    },
  ): Promise<PageResult<MailLogRow>> {
    const admin = auth.perms.has(Perm.MAIL_ACCOUNTS);
    if (q.userId && q.userId !== auth.userId && !admin) throw new AppError('NO_PERMISSION');
    const who = q.userId ?? (admin && q.accountId ? undefined : auth.userId);
    const k = q.keyword ? containsPattern(q.keyword) : null;
    const where = and(
      who ? eq(L.userId, who) : undefined,
      q.accountId ? eq(L.accountId, q.accountId) : undefined,
      q.direction ? eq(L.direction, q.direction) : undefined,
      q.counterpartKind ? eq(L.counterpartKind, q.counterpartKind) : undefined,
      k ? or(ilike(L.subject, k), ilike(L.peers, k), ilike(L.counterpartName, k)) : undefined,
    );
    const rows = await p.db
      .select({ l: L, userName: staffUsers.name })
      .from(L)
      .leftJoin(staffUsers, eq(staffUsers.id, L.userId))
      .where(where)
      .orderBy(desc(L.at), desc(L.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await p.db.select({ n: sql<number>`count(*)::int` }).from(L).where(where);
    return {
      records: rows.map(({ l, userName }) => ({
        id: l.id,
        mailbox: l.mailbox,
        userName,
        direction: l.direction,
        messageId: l.messageRowId,
        subject: l.subject,
        peers: l.peers,
        counterpartKind: l.counterpartKind,
        counterpartId: l.counterpartId,
        counterpartName: l.counterpartName,
        error: l.error,
        at: l.at.toISOString(),
      })),
      total: n?.n ?? 0,
      page: q.page,
      size: q.size,
    };
  },
});
