import { type PageResult, validateRecipients } from '@portal/contracts';
import {
  type DraftSaveBody,
  type DraftView,
  EMAILBOX_TYPE,
  hasSpamWord,
  type MailboxBindBody,
  type MailboxView,
  type MailDetail,
  type MailListQuery,
  type MailMarkBody,
  type MailRow,
  type MailSendBody,
  type SenderItem,
  type SignatureRow,
  type UnreadCounters,
} from '@portal/contracts/mail';
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { SecretBox } from '../../platform/auth/secret-box.js';
import { counterpartsOf } from '../../platform/counterparts.js';
import { cappedCount } from '../../platform/db/count.js';
import { containsPattern } from '../../platform/db/like.js';
import { searchMatch } from '../../platform/db/search.js';
import type { FileService } from '../../platform/files/service.js';
import { AppError } from '../../platform/http/errors.js';
import { templated } from '../../platform/i18n/message-templates.js';
import type { Platform } from '../../platform/platform.js';
import { dingRobotUrl, postRobotText } from '../../platform/webhooks.js';
import { CUSTOMER_TOUCHED } from '../crm/touch.js';
import { addressBook } from './book.js';
import { mailDingText } from './calls.js';
import type { AccountRow, Mailbox, MailConnector, OutgoingMail } from './connectors/types.js';
import { hasRemoteImages, htmlToText, sanitizeMailHtml, snippetOf } from './html.js';
import { mailLog } from './logs.js';
import { mailAccounts, mailMessages, mailSignatures, mailSyncState, type StoredAddress } from './schema.js';
import { senderRules } from './sender-rules.js';
import { readInboxSettings } from './settings.js';
import { ingest } from './store.js';

type Msg = typeof mailMessages.$inferSelect;

export interface SendOptions {
  /** changes the sanitised HTML just before it is sent (marketing: tracked links and the open pixel) */
  decorate?: (html: string) => string;
  /** asks for delivery status notifications */
  dsn?: boolean;
}

/** told of every received mail once it is stored (marketing: replies and delivery reports) */
export type InboundHook = (a: AccountRow, id: number, raw: Buffer) => Promise<void>;
export type ListBox = 'inbox' | 'star' | 'junk' | 'sent' | 'drafts';

const toView = (a: AccountRow, userName: string | null): MailboxView => ({
  id: a.id,
  userId: a.userId,
  userName,
  email: a.email,
  displayName: a.displayName,
  connector: a.connector,
  imapHost: a.imapHost,
  imapPort: a.imapPort,
  imapTls: a.imapTls,
  smtpHost: a.smtpHost,
  smtpPort: a.smtpPort,
  smtpTls: a.smtpTls,
  username: a.username,
  hasPassword: !!a.secret,
  sseStatus: a.sseStatus === 1 ? 1 : 0,
  lastSyncAt: a.lastSyncAt?.toISOString() ?? null,
  lastError: a.lastError,
});

/** what a list row shows: everything but the bodies (the html of 20 mails would dwarf the rest) */
const ROW_COLUMNS = {
  id: mailMessages.id,
  accountId: mailMessages.accountId,
  folder: mailMessages.folder,
  subject: mailMessages.subject,
  fromEmail: mailMessages.fromEmail,
  fromName: mailMessages.fromName,
  toList: mailMessages.toList,
  ccList: mailMessages.ccList,
  at: mailMessages.at,
  seen: mailMessages.seen,
  flagged: mailMessages.flagged,
  attachments: mailMessages.attachments,
  snippet: mailMessages.snippet,
  sendAt: mailMessages.sendAt,
  sendError: mailMessages.sendError,
  counterpartKind: mailMessages.counterpartKind,
  counterpartId: mailMessages.counterpartId,
  counterpartName: mailMessages.counterpartName,
};
type RowOf = Pick<Msg, keyof typeof ROW_COLUMNS>;

const toRow = (m: RowOf): MailRow => ({
  id: m.id,
  accountId: m.accountId,
  folder: m.folder,
  subject: m.subject,
  senderEmail: m.fromEmail,
  senderName: m.fromName,
  receiverEmailList: m.toList,
  ccEmailList: m.ccList,
  receiveTime: m.at.toISOString(),
  read: m.seen,
  star: m.flagged,
  hasAttachment: m.attachments.length > 0,
  snippet: m.snippet,
  sendAt: m.sendAt?.toISOString() ?? null,
  sendError: m.sendError,
  counterpartKind: m.counterpartKind,
  counterpartId: m.counterpartId,
  counterpartName: m.counterpartName,
});

/** The mail room's behaviour over the store; connectors carry changes to and from the servers. */
export class MailService {
  readonly rules: ReturnType<typeof senderRules>;
  readonly log: ReturnType<typeof mailLog>;

  readonly inboundHooks: InboundHook[] = [];

  /** told when mailboxes are bound, unbound or their push switched (the IDLE watcher follows) */
  onBoxesChanged: () => void = () => {};

  constructor(
    private readonly p: Platform,
    private readonly secrets: SecretBox,
    private readonly files: FileService,
    private readonly connectors: Record<'imap' | 'local', MailConnector>,
  ) {
    this.rules = senderRules(p);
    this.log = mailLog(p);
  }

  private get db() {
    return this.p.db;
  }

  rowOf(m: Msg): MailRow {
    return toRow(m);
  }

  connectorOf(a: AccountRow): MailConnector {
    return this.connectors[a.connector];
  }

  // ── mailboxes ────────────────────────────────────────────────────────────

  /** The caller's mailbox `accountId`, else their first bound one (null when none is bound). */
  async findAccount(userId: number, accountId?: number): Promise<AccountRow | null> {
    const [a] = await this.db
      .select()
      .from(mailAccounts)
      .where(and(eq(mailAccounts.userId, userId), accountId ? eq(mailAccounts.id, accountId) : undefined))
      .orderBy(asc(mailAccounts.id))
      .limit(1);
    if (!a && accountId && (await this.findAccount(userId))) throw new AppError('NOT_FOUND');
    return a ?? null;
  }

  /** The caller's mailbox with its password opened; without one every mail call answers 10170036. */
  async mailboxOf(userId: number, accountId?: number): Promise<Mailbox> {
    const a = await this.findAccount(userId, accountId);
    if (!a) throw new AppError('NO_MAILBOX');
    return this.open(a);
  }

  /** The caller's mailboxes for the switcher, each with its unread inbox count. */
  async senders(userId: number): Promise<SenderItem[]> {
    const m = mailMessages;
    const rows = await this.db
      .select({
        a: mailAccounts,
        unread: sql<number>`count(${m.id})::int`,
      })
      .from(mailAccounts)
      .leftJoin(m, and(eq(m.accountId, mailAccounts.id), eq(m.folder, 'inbox'), eq(m.seen, false)))
      .where(eq(mailAccounts.userId, userId))
      .groupBy(mailAccounts.id)
      .orderBy(asc(mailAccounts.id));
    if (rows.length === 0) throw new AppError('NO_MAILBOX');
    return rows.map(({ a, unread }) => ({
      id: a.id,
      email: a.email,
      displayName: a.displayName,
      connector: a.connector,
      unread,
      lastError: a.lastError,
    }));
  }

  /** Unbinds one mailbox: its store, sync state and rules go with it. */
  async unbind(userId: number, id: number): Promise<void> {
    const r = await this.db
      .delete(mailAccounts)
      .where(and(eq(mailAccounts.id, id), eq(mailAccounts.userId, userId)))
      .returning({ id: mailAccounts.id });
    if (r.length === 0) throw new AppError('NOT_FOUND');
    this.onBoxesChanged();
  }

  open(a: AccountRow): Mailbox {
    return { ...a, password: a.secret ? this.secrets.open(a.secret) : null };
  }

  async state(userId: number, accountId?: number): Promise<{ bound: boolean; account: MailboxView | null }> {
    const a = await this.findAccount(userId, accountId);
    return { bound: !!a, account: a ? toView(a, null) : null };
  }

  async staffAccounts(q: { page: number; size: number; keyword?: string }): Promise<PageResult<MailboxView>> {
    const where = q.keyword
      ? or(ilike(mailAccounts.email, containsPattern(q.keyword)), ilike(staffUsers.name, containsPattern(q.keyword)))
      : undefined;
    const rows = await this.db
      .select({ a: mailAccounts, name: staffUsers.name })
      .from(mailAccounts)
      .leftJoin(staffUsers, eq(staffUsers.id, mailAccounts.userId))
      .where(where)
      .orderBy(asc(mailAccounts.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailAccounts)
      .leftJoin(staffUsers, eq(staffUsers.id, mailAccounts.userId))
      .where(where);
    return { records: rows.map((r) => toView(r.a, r.name)), total: n?.n ?? 0, page: q.page, size: q.size };
  }

  /** Binds (or rebinds) a user's mailbox. An `imap` mailbox is checked by logging in first. */
  async bind(userId: number, body: MailboxBindBody): Promise<MailboxView> {
    const existing = body.id
      ? await this.findAccount(userId, body.id)
      : ((
          await this.db
            .select()
            .from(mailAccounts)
            .where(and(eq(mailAccounts.userId, userId), sql`lower(${mailAccounts.email}) = ${body.email}`))
        )[0] ?? null);
    if (body.id && !existing) throw new AppError('NOT_FOUND');
    const domain = this.p.config.mail.localDomain;
    if (body.connector === 'local' && body.email.split('@')[1] !== domain)
      throw new AppError('MAIL_LOCAL_DOMAIN_ONLY', { vars: { value: domain } });
    const [taken] = await this.db
      .select({ id: mailAccounts.id })
      .from(mailAccounts)
      .where(
        and(sql`lower(${mailAccounts.email}) = ${body.email}`, existing ? ne(mailAccounts.id, existing.id) : undefined),
      );
    if (taken) throw new AppError('MAIL_ADDRESS_TAKEN', { vars: { value: body.email } });
    const password = body.password || (existing?.secret ? this.secrets.open(existing.secret) : null);
    if (body.connector === 'imap') {
      if (!password) throw new AppError('MAIL_PASSWORD_REQUIRED');
      if (!body.imapHost || !body.smtpHost) throw new AppError('VALIDATION_FAILED');
    }
    const values = {
      userId,
      email: body.email,
      displayName: body.displayName,
      connector: body.connector,
      imapHost: body.connector === 'imap' ? body.imapHost : '',
      imapPort: body.imapPort,
      imapTls: body.imapTls,
      smtpHost: body.connector === 'imap' ? body.smtpHost : '',
      smtpPort: body.smtpPort,
      smtpTls: body.smtpTls,
      username: body.username,
      secret: password ? this.secrets.seal(password) : null,
      updatedAt: this.p.clock.now(),
    };
    // a wrong host or password is told now, not at the first sync
    if (body.connector === 'imap') await this.connectors.imap.verify({ ...(values as AccountRow), id: 0, password });
    const [row] = await this.db.transaction(async (tx) => {
      if (!existing) return tx.insert(mailAccounts).values(values).returning();
      // another mailbox behind the same binding: the store starts again from its server
      if (
        existing.email !== values.email ||
        existing.connector !== values.connector ||
        existing.imapHost !== values.imapHost
      ) {
        await tx.delete(mailMessages).where(eq(mailMessages.accountId, existing.id));
        await tx.delete(mailSyncState).where(eq(mailSyncState.accountId, existing.id));
      }
      return tx.update(mailAccounts).set(values).where(eq(mailAccounts.id, existing.id)).returning();
    });
    this.onBoxesChanged();
    return toView(row!, null);
  }

  async setSseStatus(userId: number, sseStatus: 0 | 1, accountId?: number): Promise<void> {
    const box = await this.mailboxOf(userId, accountId);
    await this.db.update(mailAccounts).set({ sseStatus }).where(eq(mailAccounts.id, box.id));
    this.onBoxesChanged();
  }

  // ── reading ──────────────────────────────────────────────────────────────

  async list(userId: number, box: ListBox, q: MailListQuery): Promise<PageResult<MailRow>> {
    const mb = await this.mailboxOf(userId, q.accountId);
    const m = mailMessages;
    const conds: (SQL | undefined)[] = [eq(m.accountId, mb.id)];
    if (box === 'star') conds.push(eq(m.flagged, true), inArray(m.folder, ['inbox', 'sent']));
    else conds.push(eq(m.folder, box));
    if (q.read !== undefined) conds.push(eq(m.seen, q.read === 1));
    if (q.star !== undefined && box !== 'star') conds.push(eq(m.flagged, q.star === 1));
    if (q.keyword) conds.push(searchMatch(m.search, q.keyword));
    if (q.sender) conds.push(sql`lower(${m.fromEmail}) = ${q.sender}`);
    const where = and(...conds);
    const order = q.sortOrder === 'ascend' ? [asc(m.at), asc(m.id)] : [desc(m.at), desc(m.id)];
    // the page's ids first, off the folder (or unread) index alone, then only those rows: a deep page
    // skips index entries instead of whole messages (benchmarks, "Mail client")
    const page = this.db
      .select({ pid: m.id })
      .from(m)
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .as('page');
    const rows = await this.db
      .select(ROW_COLUMNS)
      .from(m)
      .innerJoin(page, eq(page.pid, m.id))
      .orderBy(...order);
    const { total, capped } = await cappedCount(this.db, m, where, this.p.config.listCountCap);
    return { records: rows.map(toRow), total, page: q.page, size: q.size, totalCapped: capped };
  }

  /** Mail of the caller by id, in whichever of their mailboxes (all in one mailbox, else not found). */
  async ownedMail(userId: number, ids: number[]): Promise<{ mb: Mailbox; rows: Msg[] }> {
    const [first] = await this.db
      .select({ accountId: mailMessages.accountId })
      .from(mailMessages)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailMessages.accountId))
      .where(and(eq(mailMessages.id, ids[0]!), eq(mailAccounts.userId, userId)));
    if (!first) {
      await this.mailboxOf(userId);
      throw new AppError('NOT_FOUND');
    }
    const mb = await this.mailboxOf(userId, first.accountId);
    return { mb, rows: await this.owned(mb, ids) };
  }

  private async owned(mb: Mailbox, ids: number[]): Promise<Msg[]> {
    const rows = await this.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, mb.id), inArray(mailMessages.id, ids)));
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    return rows;
  }

  /**
   * The first attachment of one of the user's own mails whose name ends in one of `exts` (another
   * room reads a price list from it through the mail port): null when the mail is not theirs or has none.
   */
  async ownAttachment(userId: number, mailId: number, exts: string[]) {
    const [m] = await this.db
      .select({
        subject: mailMessages.subject,
        from: sql<string>`coalesce(nullif(${mailMessages.fromName}, ''), ${mailMessages.fromEmail})`,
        attachments: mailMessages.attachments,
      })
      .from(mailMessages)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailMessages.accountId))
      .where(and(eq(mailMessages.id, mailId), eq(mailAccounts.userId, userId)));
    const a = m?.attachments.find((x) => x.fileId && exts.some((e) => x.name.toLowerCase().endsWith(e)));
    const f = a?.fileId ? await this.files.find(a.fileId) : null;
    if (!m || !a || !f) return null;
    const chunks: Buffer[] = [];
    for await (const c of await this.files.open(f)) chunks.push(Buffer.from(c));
    return { subject: m.subject, from: m.from, fileName: a.name, content: Buffer.concat(chunks) };
  }

  /**
   * The user's newest mails (drafts aside) with an attachment `ownAttachment` would read (stored, named
   * with one of `exts`), newest first, with that attachment's name.
   */
  async ownAttachmentMails(userId: number, exts: string[], limit: number) {
    const names = `\\.(${exts.map((e) => e.replace(/^\./, '').replace(/[^a-z0-9]/gi, '')).join('|')})$`;
    const first = sql`(select a->>'name' from jsonb_array_elements(${mailMessages.attachments}) a
      where a->>'fileId' is not null and lower(a->>'name') ~ ${names} limit 1)`;
    const rows = await this.db
      .select({
        mailId: mailMessages.id,
        subject: mailMessages.subject,
        from: sql<string>`coalesce(nullif(${mailMessages.fromName}, ''), ${mailMessages.fromEmail})`,
        at: mailMessages.at,
        fileName: sql<string | null>`${first}`,
      })
      .from(mailMessages)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailMessages.accountId))
      .where(
        and(
          eq(mailAccounts.userId, userId),
          ne(mailMessages.folder, 'drafts'),
          sql`jsonb_array_length(${mailMessages.attachments}) > 0`,
          sql`${first} is not null`,
        ),
      )
      .orderBy(desc(mailMessages.at), desc(mailMessages.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, fileName: r.fileName! }));
  }

  /** A mail's details; opening an unread mail marks it read (here and on the server). */
  async detail(userId: number, id: number): Promise<MailDetail> {
    const {
      rows: [m],
    } = await this.ownedMail(userId, [id]);
    if (!m!.seen && m!.folder !== 'drafts') await this.mark(userId, { ids: [id], markType: 'read' });
    return this.toDetail({ ...m!, seen: m!.folder === 'drafts' ? m!.seen : true });
  }

  private async toDetail(m: Msg): Promise<MailDetail> {
    const ids = m.attachments.map((a) => a.fileId).filter((x): x is string => !!x);
    const infos = new Map((await this.files.infos(ids)).map((f) => [f.id, f]));
    return {
      ...toRow(m),
      bccEmailList: m.bccList,
      content: m.html,
      hasRemoteImages: hasRemoteImages(m.html),
      attachments: m.attachments.map((a) => ({
        fileId: a.fileId,
        name: a.name,
        size: a.size,
        contentType: a.contentType,
        url: a.fileId ? (infos.get(a.fileId)?.url ?? null) : null,
      })),
    };
  }

  async counters(userId: number, accountId?: number): Promise<UnreadCounters> {
    const mb = await this.mailboxOf(userId, accountId);
    const m = mailMessages;
    const [r] = await this.db
      .select({
        inbox: sql<number>`count(*) filter (where ${m.folder} = 'inbox')::int`,
        star: sql<number>`count(*) filter (where ${m.flagged} and ${m.folder} in ('inbox', 'sent'))::int`,
        junk: sql<number>`count(*) filter (where ${m.folder} = 'junk')::int`,
      })
      .from(m)
      .where(and(eq(m.accountId, mb.id), eq(m.seen, false)));
    return { receiveUnReadNum: r?.inbox ?? 0, indiciaUnReadNum: r?.star ?? 0, junkUnReadNum: r?.junk ?? 0 };
  }

  // ── changing ─────────────────────────────────────────────────────────────

  /** Read / unread / star / unstar: in the store first, then on the server (a server error leaves the store as marked). */
  async mark(userId: number, body: MailMarkBody): Promise<number> {
    const { mb, rows } = await this.ownedMail(userId, body.ids);
    const set =
      body.markType === 'read' || body.markType === 'unread'
        ? { seen: body.markType === 'read' }
        : { flagged: body.markType === 'star' };
    await this.db.update(mailMessages).set(set).where(inArray(mailMessages.id, body.ids));
    await this.pushBack(mb, () => this.connectorOf(mb).setFlags(mb, rows, set));
    return rows.length;
  }

  /** Moves mail between the inbox and the spam folder, here and on the server. */
  async moveJunk(userId: number, ids: number[], junk: boolean): Promise<number> {
    const owned = await this.ownedMail(userId, ids);
    const mb = owned.mb;
    const rows = owned.rows.filter((m) => m.folder === (junk ? 'inbox' : 'junk'));
    if (rows.length === 0) return 0;
    const to = junk ? 'junk' : 'inbox';
    await this.db
      .update(mailMessages)
      .set({ folder: to })
      .where(
        inArray(
          mailMessages.id,
          rows.map((r) => r.id),
        ),
      );
    if ((await readInboxSettings(this.db)).learnFromMoves)
      await this.rules.learn(
        mb.userId,
        rows.map((r) => r.fromEmail),
        junk ? 'black' : 'white',
      );
    await this.pushBack(mb, async () => {
      const moved = await this.connectorOf(mb).move(mb, rows, to);
      for (const [id, ref] of moved) await this.db.update(mailMessages).set(ref).where(eq(mailMessages.id, id));
    });
    return rows.length;
  }

  private async pushBack(mb: Mailbox, fn: () => Promise<void>) {
    try {
      await fn();
      if (mb.lastError) await this.db.update(mailAccounts).set({ lastError: null }).where(eq(mailAccounts.id, mb.id));
    } catch (err) {
      this.p.log.warn({ err, account: mb.id }, 'mail change not written back to the server');
      await this.db
        .update(mailAccounts)
        .set({ lastError: err instanceof Error ? err.message.slice(0, 300) : 'error' })
        .where(eq(mailAccounts.id, mb.id));
    }
  }

  // ── sending and drafts ───────────────────────────────────────────────────

  private checkRecipients(body: {
    receiverEmailList: StoredAddress[];
    ccEmailList: StoredAddress[];
    bccEmailList: StoredAddress[];
  }) {
    const all = [...body.receiverEmailList, ...body.ccEmailList, ...body.bccEmailList];
    if (validateRecipients(all)) throw new AppError('MAIL_RECIPIENT_INVALID');
    return all;
  }

  private async attachmentsOf(userId: number, fileIds: string[]) {
    const out: OutgoingMail['attachments'] = [];
    for (const id of fileIds) {
      const f = await this.files.find(id);
      if (!f || f.ownerUserId !== userId) throw new AppError('FILE_NOT_ATTACHABLE', { vars: { value: id } });
      const chunks: Buffer[] = [];
      for await (const c of await this.files.open(f)) chunks.push(Buffer.from(c));
      out.push({ filename: f.name, content: Buffer.concat(chunks), contentType: f.mime });
    }
    return out;
  }

  /** Sends a mail; `extra` are attachments built by the server (batch forward's `.eml` files). */
  async send(
    userId: number,
    body: MailSendBody,
    extra: OutgoingMail['attachments'] = [],
    opts: SendOptions = {},
  ): Promise<{ id: number; messageId: string }> {
    const mb = body.draftId
      ? (await this.ownedMail(userId, [body.draftId])).mb
      : await this.mailboxOf(userId, body.accountId);
    if (body.receiverEmailList.length + body.ccEmailList.length + body.bccEmailList.length === 0)
      throw new AppError('MAIL_NO_RECIPIENT');
    this.checkRecipients(body);
    if (body.draftId) await this.ownDraft(mb, body.draftId);
    const safe = sanitizeMailHtml(body.content);
    const html = opts.decorate ? opts.decorate(safe) : safe;
    const mail: OutgoingMail = {
      dsn: opts.dsn,
      from: { email: mb.email, name: mb.displayName || null },
      to: body.receiverEmailList,
      cc: body.ccEmailList,
      bcc: body.bccEmailList,
      subject: body.subject,
      html,
      attachments: [...(await this.attachmentsOf(userId, body.fileIds)), ...extra],
    };
    // the inbox settings' size limit: the body and every attachment
    const { maxMessageMb } = await readInboxSettings(this.db);
    const bytes = Buffer.byteLength(html) + mail.attachments.reduce((n, a) => n + a.content.length, 0);
    if (bytes > maxMessageMb * 1024 * 1024) throw new AppError('MAIL_TOO_LARGE', { vars: { value: maxMessageMb } });
    let sent: Awaited<ReturnType<MailConnector['send']>>;
    try {
      sent = await this.connectorOf(mb).send(mb, mail);
    } catch (err) {
      await this.log.write(
        mb,
        'failed',
        { subject: body.subject, toList: mail.to, ccList: mail.cc, bccList: mail.bcc },
        err instanceof Error ? err.message : String(err),
      );
      throw err;
    }
    const id = await ingest(this.db, this.files, {
      accountId: mb.id,
      folder: 'sent',
      raw: sent.raw,
      remote: sent.remote,
      seen: true,
      flagged: false,
      at: this.p.clock.now(),
      ownerUserId: userId,
    });
    if (id) await this.linkAndLog(mb, id, 'sent');
    if (body.draftId) await this.db.delete(mailMessages).where(eq(mailMessages.id, body.draftId));
    return { id: id ?? 0, messageId: sent.messageId };
  }

  private async ownDraft(mb: Mailbox, id: number): Promise<Msg> {
    const [d] = await this.owned(mb, [id]);
    if (d!.folder !== 'drafts') throw new AppError('MAIL_NOT_A_DRAFT');
    return d!;
  }

  /** Drafts are kept in the store only (autosave from the write screen). */
  async saveDraft(userId: number, body: DraftSaveBody): Promise<number> {
    const mb = body.id ? (await this.ownedMail(userId, [body.id])).mb : await this.mailboxOf(userId, body.accountId);
    this.checkRecipients(body);
    const html = sanitizeMailHtml(body.content);
    const values = {
      subject: body.subject,
      fromEmail: mb.email,
      fromName: mb.displayName || null,
      toList: body.receiverEmailList,
      ccList: body.ccEmailList,
      bccList: body.bccEmailList,
      html,
      snippet: snippetOf(htmlToText(html)),
      attachments: (await this.ownFiles(userId, body.fileIds)).map((f) => ({
        fileId: f.id,
        name: f.name,
        size: f.size,
        contentType: 'application/octet-stream',
      })),
      at: this.p.clock.now(),
    };
    if (body.id) {
      await this.ownDraft(mb, body.id);
      await this.db.update(mailMessages).set(values).where(eq(mailMessages.id, body.id));
      return body.id;
    }
    const [row] = await this.db
      .insert(mailMessages)
      .values({ ...values, accountId: mb.id, folder: 'drafts', seen: true })
      .returning({ id: mailMessages.id });
    return row!.id;
  }

  /** Files a draft may carry: the writer's own uploads (an id of someone else's file is refused). */
  private async ownFiles(userId: number, ids: string[]) {
    const infos = await this.files.infos(ids);
    for (const id of ids) {
      const f = await this.files.find(id);
      if (!f || f.ownerUserId !== userId) throw new AppError('FILE_NOT_ATTACHABLE', { vars: { value: id } });
    }
    return infos;
  }

  async viewDraft(userId: number, id: number): Promise<DraftView> {
    const { mb } = await this.ownedMail(userId, [id]);
    const d = await this.ownDraft(mb, id);
    return { ...(await this.toDetail(d)), fileIds: d.attachments.map((a) => a.fileId).filter((x): x is string => !!x) };
  }

  async deleteDrafts(userId: number, ids: number[]): Promise<number> {
    const { mb } = await this.ownedMail(userId, ids);
    for (const id of ids) await this.ownDraft(mb, id);
    const r = await this.db
      .delete(mailMessages)
      .where(inArray(mailMessages.id, ids))
      .returning({ id: mailMessages.id });
    return r.length;
  }

  // ── receiving ────────────────────────────────────────────────────────────

  /** Fetches new mail of one mailbox from its server into the store and tells its owner. */
  async sync(account: AccountRow): Promise<number> {
    const mb = this.open(account);
    const got = { inbox: 0, junk: 0 };
    const rules = await this.filingOf(mb.userId);
    const refiled: Msg[] = [];
    try {
      await this.connectorOf(mb).sync(mb, async (f) => {
        if (f.remote) {
          const [dup] = await this.db
            .select({ id: mailMessages.id })
            .from(mailMessages)
            .where(
              and(
                eq(mailMessages.accountId, mb.id),
                eq(mailMessages.remotePath, f.remote.remotePath),
                eq(mailMessages.uidValidity, f.remote.uidValidity),
                eq(mailMessages.uid, f.remote.uid),
              ),
            );
          if (dup) return false;
        }
        const id = await ingest(this.db, this.files, { accountId: mb.id, ...f, ownerUserId: mb.userId });
        if (!id) return false;
        const row = await this.refile(id, rules);
        if (row.folder !== f.folder) refiled.push({ ...row, folder: f.folder });
        await this.linkAndLog(mb, id, 'received');
        await this.inbound(mb, id, f.raw);
        if (!f.seen) got[row.folder as 'inbox' | 'junk']++;
        return true;
      });
      await this.db
        .update(mailAccounts)
        .set({ lastSyncAt: this.p.clock.now(), lastError: null })
        .where(eq(mailAccounts.id, mb.id));
    } catch (err) {
      await this.db
        .update(mailAccounts)
        .set({ lastError: err instanceof Error ? err.message.slice(0, 300) : 'error' })
        .where(eq(mailAccounts.id, mb.id));
      throw err;
    }
    // what the lists moved is moved on the server too, so other clients agree
    for (const to of ['inbox', 'junk'] as const) {
      const rows = refiled.filter((r) => r.folder !== to);
      if (rows.length === 0) continue;
      await this.pushBack(mb, async () => {
        const moved = await this.connectorOf(mb).move(mb, rows, to);
        for (const [id, ref] of moved) await this.db.update(mailMessages).set(ref).where(eq(mailMessages.id, id));
      });
    }
    await this.announce(mb, got.inbox, 'inbox');
    await this.announce(mb, got.junk, 'junk');
    return got.inbox + got.junk;
  }

  /** Mail handed to the built-in server: into the inbox of every local mailbox among the recipients. */
  async deliverLocal(raw: Buffer, recipients: string[]): Promise<void> {
    if (recipients.length === 0) return;
    const boxes = await this.db
      .select()
      .from(mailAccounts)
      .where(and(eq(mailAccounts.connector, 'local'), inArray(sql`lower(${mailAccounts.email})`, recipients)));
    for (const b of boxes) {
      const id = await ingest(this.db, this.files, {
        accountId: b.id,
        folder: 'inbox',
        raw,
        remote: null,
        seen: false,
        flagged: false,
        at: this.p.clock.now(),
        ownerUserId: b.userId,
      });
      if (!id) continue;
      const row = await this.refile(id, await this.filingOf(b.userId));
      await this.linkAndLog(b, id, 'received');
      await this.inbound(b, id, raw);
      await this.announce(b, 1, row.folder as 'inbox' | 'junk');
    }
  }

  /**
   * Links a stored mail to the customer (or supplier) of its counterpart — the sender of a received
   * mail, the first known recipient of a sent one — through the rooms' counterpart lookup, and logs it.
   */
  private async linkAndLog(a: AccountRow, id: number, direction: 'sent' | 'received') {
    const [m] = await this.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    const emails =
      direction === 'received' ? [m!.fromEmail] : [...m!.toList, ...m!.ccList, ...m!.bccList].map((x) => x.email);
    const found = await counterpartsOf(this.p).resolve(emails);
    const c = emails.map((e) => found.get(e.toLowerCase())).find((x) => !!x);
    const link = c ? { counterpartKind: c.kind, counterpartId: c.id, counterpartName: c.name } : {};
    if (c) await this.db.update(mailMessages).set(link).where(eq(mailMessages.id, id));
    await this.log.write(a, direction, { ...m!, ...link });
    // the owner writing to their customer is a touch (CRM's rule: it moves the last contact)
    if (direction === 'sent' && c?.kind === 'customer' && c.ownerId === a.userId)
      await this.p.bus.publish(CUSTOMER_TOUCHED, c.id);
  }

  private async inbound(a: AccountRow, id: number, raw: Buffer) {
    for (const hook of this.inboundHooks)
      await hook(a, id, raw).catch((err) => this.p.log.warn({ err, account: a.id }, 'mail inbound hook failed'));
  }

  /** What files received mail: the owner's white / blacklist and the inbox settings' spam words. */
  private async filingOf(userId: number) {
    return { rules: await this.rules.rulesOf(userId), spamWords: (await readInboxSettings(this.db)).spamWords };
  }

  /**
   * Puts a just received mail where its owner's white / blacklist says; else a subject with a spam
   * word goes to spam (only in the store: the caller writes back).
   */
  private async refile(id: number, filing: Awaited<ReturnType<MailService['filingOf']>>): Promise<Msg> {
    const [row] = await this.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    const to =
      this.rules.folderFor(filing.rules, row!.fromEmail) ??
      (hasSpamWord(row!.subject, filing.spamWords) ? 'junk' : null);
    if (!to || to === row!.folder) return row!;
    await this.db.update(mailMessages).set({ folder: to }).where(eq(mailMessages.id, id));
    return { ...row!, folder: to };
  }

  /** The new-mail push (spec 3/4): msgType 2 with {newEmailNum} and {emailboxType}, unless turned off. */
  private async announce(a: AccountRow, n: number, folder: 'inbox' | 'junk') {
    if (n <= 0 || a.sseStatus !== 1) return;
    await this.p.notifier.send({
      userIds: [a.userId],
      type: 'mail',
      msgType: 2,
      ...templated('mail.newMail'),
      link: folder === 'inbox' ? '/message/email/inbox' : '/message/email/spam',
      vars: { newEmailNum: n, emailboxType: EMAILBOX_TYPE[folder] },
    } as Parameters<Platform['notifier']['send']>[0]);
    const robot = dingRobotUrl();
    // the robot is told without holding up the sync (or the sender's request, for local delivery)
    if (a.dingStatus && robot)
      postRobotText(robot, mailDingText(a.email, n, folder)).catch((err) =>
        this.p.log.warn({ err, account: a.id }, 'mail ding notice not delivered'),
      );
  }

  // ── suggestions and signatures ───────────────────────────────────────────

  /** Address suggestions: colleagues and everyone this mailbox has exchanged mail with. */
  async contacts(userId: number, keyword: string, size: number, accountId?: number) {
    const mb = await this.mailboxOf(userId, accountId);
    const k = containsPattern(keyword);
    const staff = await this.db
      .select({ email: staffUsers.email, name: staffUsers.name })
      .from(staffUsers)
      .where(and(sql`${staffUsers.email} is not null`, or(ilike(staffUsers.email, k), ilike(staffUsers.name, k))))
      .orderBy(asc(staffUsers.email))
      .limit(size);
    const mail = await this.db
      .selectDistinct({ email: mailMessages.fromEmail, name: mailMessages.fromName })
      .from(mailMessages)
      .where(
        and(eq(mailMessages.accountId, mb.id), or(ilike(mailMessages.fromEmail, k), ilike(mailMessages.fromName, k))),
      )
      .orderBy(asc(mailMessages.fromEmail))
      .limit(size);
    const book = await addressBook(this.p).suggest(userId, keyword, size);
    const seen = new Set<string>();
    return [
      ...book.map((b) => ({ email: b.email, name: b.name || null, source: 'book' as const })),
      ...staff.map((s) => ({ email: s.email!, name: s.name, source: 'staff' as const })),
      ...mail.filter((m) => m.email).map((m) => ({ email: m.email, name: m.name, source: 'mail' as const })),
    ]
      .filter((c) => !seen.has(c.email) && seen.add(c.email) && c.email !== mb.email)
      .slice(0, size);
  }

  async signatures(
    userId: number,
    q: { page: number; size: number; keyword?: string },
  ): Promise<PageResult<SignatureRow>> {
    const s = mailSignatures;
    const where = and(eq(s.userId, userId), q.keyword ? ilike(s.name, containsPattern(q.keyword)) : undefined);
    const rows = await this.db
      .select()
      .from(s)
      .where(where)
      .orderBy(desc(s.isDefault), asc(s.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [n] = await this.db.select({ n: sql<number>`count(*)::int` }).from(s).where(where);
    return { records: rows.map(toSignature), total: n?.n ?? 0, page: q.page, size: q.size };
  }

  async signature(userId: number, id: number): Promise<SignatureRow> {
    const [row] = await this.db
      .select()
      .from(mailSignatures)
      .where(and(eq(mailSignatures.id, id), eq(mailSignatures.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND');
    return toSignature(row);
  }

  async saveSignature(
    userId: number,
    body: { id?: number; name: string; content: string; isDefault: boolean },
  ): Promise<SignatureRow> {
    return this.db.transaction(async (tx) => {
      if (body.isDefault)
        await tx.update(mailSignatures).set({ isDefault: false }).where(eq(mailSignatures.userId, userId));
      const values = {
        name: body.name,
        content: sanitizeMailHtml(body.content),
        isDefault: body.isDefault,
        updatedAt: this.p.clock.now(),
      };
      if (body.id) {
        const [row] = await tx
          .update(mailSignatures)
          .set(values)
          .where(and(eq(mailSignatures.id, body.id), eq(mailSignatures.userId, userId)))
          .returning();
        if (!row) throw new AppError('NOT_FOUND');
        return toSignature(row);
      }
      const [row] = await tx
        .insert(mailSignatures)
        .values({ ...values, userId })
        .returning();
      return toSignature(row!);
    });
  }

  async deleteSignature(userId: number, id: number): Promise<void> {
    const r = await this.db
      .delete(mailSignatures)
      .where(and(eq(mailSignatures.id, id), eq(mailSignatures.userId, userId)))
      .returning();
    if (r.length === 0) throw new AppError('NOT_FOUND');
  }
}

const toSignature = (r: typeof mailSignatures.$inferSelect): SignatureRow => ({
  id: r.id,
  name: r.name,
  content: r.content,
  isDefault: r.isDefault,
  updatedAt: r.updatedAt.toISOString(),
});
