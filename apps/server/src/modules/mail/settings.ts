import { envelope } from '@portal/contracts';
import {
  DEFAULT_INBOX_SETTINGS,
  INBOX_SETTINGS_PATH,
  INBOX_SETTINGS_PERM,
  type InboxSettings,
  inboxSettings,
  type SignatureRow,
  sharedSignatureResource,
} from '@portal/contracts/mail';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../platform/db/index.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { bindResource } from '../../platform/resource/index.js';
import { sanitizeMailHtml } from './html.js';
import { mailMessages, mailSettings, mailSharedSignatures } from './schema.js';

const S = mailSharedSignatures;
const INBOX_KEY = 'inbox';

/** `/setModule/email/signature` on the kernel: the content is kept sanitised, as personal signatures are. */
export const sharedSignatures = bindResource(sharedSignatureResource, {
  table: S,
  search: { keyword: S.search },
  columns: { name: S.name, content: S.content, enabled: S.enabled, updatedAt: S.updatedAt },
  hooks: {
    async beforeCreate(ctx, input) {
      return { content: sanitizeMailHtml(String(input.content ?? '')), updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, _before, patch) {
      return {
        ...(patch.content !== undefined ? { content: sanitizeMailHtml(String(patch.content)) } : {}),
        updatedAt: ctx.p.clock.now(),
      };
    },
  },
});

/** The enabled shared signatures, as the write step's picker lists them (after the caller's own). */
export async function sharedSignatureRows(db: DbOrTx): Promise<SignatureRow[]> {
  const rows = await db.select().from(S).where(eq(S.enabled, true)).orderBy(asc(S.name), asc(S.id)).limit(200);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    content: r.content,
    isDefault: false,
    updatedAt: r.updatedAt.toISOString(),
    shared: true,
  }));
}

/** The inbox settings (defaults until an administrator saves them; a stored value that no longer parses too). */
export async function readInboxSettings(db: DbOrTx): Promise<InboxSettings> {
  const [row] = await db
    .select({ value: mailSettings.value })
    .from(mailSettings)
    .where(eq(mailSettings.key, INBOX_KEY));
  const parsed = row ? inboxSettings.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : DEFAULT_INBOX_SETTINGS;
}

export async function writeInboxSettings(db: DbOrTx, v: InboxSettings, userId: number, now: Date) {
  const value = { ...v, spamWords: [...new Set(v.spamWords.map((w) => w.trim()))] };
  await db
    .insert(mailSettings)
    .values({ key: INBOX_KEY, value, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: mailSettings.key,
      set: { value: sql`excluded.value`, updatedBy: userId, updatedAt: now },
    });
}

/**
 * Spam older than the retention days leaves the portal's store (the `mail.spam-retention` job, on the
 * app clock), a batch at a time; the IMAP server's copy is the mailbox owner's. Answers how many went.
 */
export async function purgeOldSpam(p: Platform, batch = 1000): Promise<number> {
  const { spamRetentionDays } = await readInboxSettings(p.db);
  if (spamRetentionDays === null) return 0;
  const before = new Date(p.clock.now().getTime() - spamRetentionDays * 86_400_000);
  const M = mailMessages;
  let total = 0;
  for (;;) {
    const ids = await p.db
      .select({ id: M.id })
      .from(M)
      .where(and(eq(M.folder, 'junk'), lt(M.at, before)))
      .limit(batch);
    if (ids.length === 0) return total;
    await p.db.delete(M).where(
      inArray(
        M.id,
        ids.map((r) => r.id),
      ),
    );
    total += ids.length;
    if (ids.length < batch) return total;
  }
}

/** GET / POST `setting/inbox` (`/setModule/email/inbox`'s key for both). */
export async function mailSettingsRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  r.get(
    INBOX_SETTINGS_PATH,
    {
      schema: {
        tags,
        summary: 'The inbox settings (spam retention, mail size, spam rules)',
        response: { 200: envelope(inboxSettings) },
      },
      config: { access: { perm: INBOX_SETTINGS_PERM }, audit: false },
    },
    async () => ok(await readInboxSettings(p.db)),
  );
  r.post(
    INBOX_SETTINGS_PATH,
    {
      schema: {
        tags,
        summary: 'Save the inbox settings',
        body: inboxSettings,
        response: { 200: envelope(inboxSettings) },
      },
      config: { access: { perm: INBOX_SETTINGS_PERM }, checkRepeat: true },
    },
    async (req) => {
      await writeInboxSettings(p.db, req.body, req.auth!.userId, p.clock.now());
      return ok(await readInboxSettings(p.db));
    },
  );
}
