import { Errors, envelope } from '@portal/contracts';
import {
  AUTO_MAIL_PATH,
  AUTO_MAIL_RUN_PATH,
  AUTO_MAIL_TRIES,
  type AutoMailRunResult,
  type AutoMailSetting,
  autoMailRunResult,
  autoMailSender,
  autoMailSetting,
  FinPerm,
} from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { type MailboxRef, portOf } from '../../platform/ports.js';
import { docOf, type MailedKind, mailDoc } from './customer-mail.js';
import { finSettings } from './schema.js';

/** the nightly job mailing flagged accounts' bills and statements (decision 0142) */
export const AUTO_MAIL_JOB = 'finance.bill-mail';
const KEY = 'autoMail';
/** a claim older than this is taken to be a crashed run's and may be taken again */
const CLAIM_MINUTES = 15;
const MAILBOX_CHOICES = 200;

/** the sender mailbox named by the setting (null: none set) */
async function senderId(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ id: number | null }>(
    await db.execute(sql`select (value->>'mailboxId')::int as id from fin_settings where key = ${KEY}`),
  );
  return row?.id ?? null;
}

/** the setting with the mailbox it names (its address) and the mailboxes one may choose */
export async function readAutoMail(p: Platform): Promise<AutoMailSetting> {
  const mail = portOf(p.db, 'mail');
  const id = await senderId(p.db);
  const box = id && mail?.mailbox ? await mail.mailbox(id) : null;
  const all = mail?.mailboxes ? await mail.mailboxes(MAILBOX_CHOICES) : [];
  const brief = (m: MailboxRef) => ({ id: m.id, email: m.email, displayName: m.displayName });
  return { mailboxId: box?.id ?? null, email: box?.email ?? null, mailboxes: all.map(brief) };
}

/** names the sender mailbox (null: none, nothing is mailed); a mailbox the mail room does not know is refused */
export async function saveAutoMail(p: Platform, auth: AuthContext, mailboxId: number | null) {
  if (mailboxId !== null) {
    const box = await portOf(p.db, 'mail')?.mailbox?.(mailboxId);
    if (!box) throw new AppError('FIN_AUTOMAIL_MAILBOX_UNKNOWN', { vars: { value: String(mailboxId) } });
  }
  const now = p.clock.now();
  await p.db
    .insert(finSettings)
    .values({ key: KEY, value: { mailboxId }, updatedBy: auth.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: finSettings.key,
      set: { value: { mailboxId }, updatedBy: auth.userId, updatedAt: now },
    });
  return readAutoMail(p);
}

/** the system as the reader of every account's records (scope: all) */
const systemAuth = (userId: number): AuthContext => ({
  userId,
  username: 'system',
  sessionId: '',
  perms: new Set([FinPerm.BILLS, FinPerm.ALL_ACCOUNTS]),
  scope: { kind: 'all', departmentIds: [] },
});

const TABLES: Record<MailedKind, string> = { bill: 'fin_bills', statement: 'fin_statements' };

/** the records still to mail of flagged accounts with a billing e-mail (not drafts, tries left) */
async function pending(db: Db, kind: MailedKind): Promise<number[]> {
  const t = sql.raw(TABLES[kind]);
  const notDraft = kind === 'bill' ? sql`and d.state <> 'draft'` : sql``;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select d.id from ${t} d join fin_accounts a on a.id = d.account_id
      where a.auto_mail and a.billing_email is not null and d.mailed_at is null
        and d.mail_tries < ${AUTO_MAIL_TRIES} ${notDraft} order by d.id`),
  );
  return rows.map((r) => r.id);
}

/**
 * Takes one record for this run: only one of two runs at once gets it (the row's update waits for the
 * other's and then sees it claimed); a claim left by a crashed run expires after CLAIM_MINUTES.
 */
async function claim(db: Db, kind: MailedKind, id: number, now: Date): Promise<boolean> {
  const t = sql.raw(TABLES[kind]);
  const stale = new Date(now.getTime() - CLAIM_MINUTES * 60_000);
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`update ${t} set mail_claimed_at = ${now.toISOString()}
      where id = ${id} and mailed_at is null and mail_tries < ${AUTO_MAIL_TRIES}
        and (mail_claimed_at is null or mail_claimed_at < ${stale.toISOString()}) returning id`),
  );
  return rows.length === 1;
}

/** a failed send: counted, its reason kept, the claim released so the next run tries again */
async function failed(db: Db, kind: MailedKind, id: number, reason: string) {
  const t = sql.raw(TABLES[kind]);
  await db.execute(sql`update ${t} set mail_tries = mail_tries + 1, mail_failed = true,
    mail_error = ${reason.slice(0, 500)}, mail_claimed_at = null where id = ${id}`);
}

/**
 * The automatic mailing (decision 0142): every issued bill and monthly statement of an account flagged
 * "mail bills automatically" that is not mailed yet goes out through the manual button's path, from the
 * sender mailbox the setting names, as the system. No sender set: FIN_AUTOMAIL_NO_SENDER, nothing sent.
 */
export async function runAutoMail(p: Platform): Promise<AutoMailRunResult> {
  const mail = portOf(p.db, 'mail');
  const id = await senderId(p.db);
  const box = id && mail?.mailbox ? await mail.mailbox(id) : null;
  if (!box) throw new AppError('FIN_AUTOMAIL_NO_SENDER');
  const auth = systemAuth(box.userId);
  const out = { mailed: 0, failed: 0 };
  for (const kind of ['bill', 'statement'] as const)
    for (const docId of await pending(p.db, kind)) {
      if (!(await claim(p.db, kind, docId, p.clock.now()))) continue;
      try {
        const doc = { ...(await docOf(p, auth, kind, docId)), id: docId };
        await mailDoc(p, kind, doc, { userId: box.userId, mailboxId: box.id }, null);
        out.mailed++;
      } catch (err) {
        const reason =
          err instanceof AppError
            ? `${err.def.code} ${err.message_('en')}`
            : err instanceof Error
              ? err.message
              : String(err);
        await failed(p.db, kind, docId, reason);
        out.failed++;
      }
    }
  return out;
}

/** the nightly job: a run without a sender logs why and sends nothing */
export function defineAutoMailJob(p: Platform) {
  p.jobs.define(AUTO_MAIL_JOB, async () => {
    try {
      const r = await runAutoMail(p);
      p.log.info(r, 'finance: bills mailed automatically');
    } catch (err) {
      if (err instanceof AppError && err.def === Errors.FIN_AUTOMAIL_NO_SENDER)
        p.log.warn('finance: no sender mailbox set, no bill mailed automatically');
      else throw err;
    }
  });
}

/** `GET|POST /v2/fc/bill/autoMail` (the sender) and `POST /v2/fc/bill/autoMail/run` (the job now). */
export async function autoMailRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['finance'];
  r.get(
    AUTO_MAIL_PATH,
    {
      schema: {
        tags,
        summary: 'The mailbox issued bills and statements are mailed from automatically, and the ones to choose',
        response: { 200: envelope(autoMailSetting) },
      },
      config: { access: { perm: FinPerm.BILLS } },
    },
    async () => ok(await readAutoMail(p)),
  );
  r.post(
    AUTO_MAIL_PATH,
    {
      schema: {
        tags,
        summary: 'Name the sender mailbox of the automatic bill mailing (null: none, nothing is mailed)',
        body: autoMailSender,
        response: { 200: envelope(autoMailSetting) },
      },
      config: { access: { perm: FinPerm.ALL_ACCOUNTS }, checkRepeat: true },
    },
    async (req) => ok(await saveAutoMail(p, req.auth!, req.body.mailboxId)),
  );
  r.post(
    AUTO_MAIL_RUN_PATH,
    {
      schema: {
        tags,
        summary:
          'Mail now every issued bill and statement of the accounts flagged to be mailed automatically (the nightly job)',
        response: { 200: envelope(autoMailRunResult) },
      },
      config: { access: { perm: FinPerm.BILLS }, checkRepeat: true },
    },
    async () => ok(await runAutoMail(p)),
  );
}
