import {
  isSenderRuleValue,
  type SenderRuleBody,
  type SenderRuleKind,
  type SenderRuleRow,
  senderRuleOf,
} from '@portal/contracts/mail';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { mailSenderRules } from './schema.js';

const R = mailSenderRules;
const toRow = (r: typeof R.$inferSelect): SenderRuleRow => ({
  id: r.id,
  kind: r.kind,
  value: r.value,
  source: r.source,
  remark: r.remark,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * White and blacklists of one staff member (all their mailboxes): whitelisted senders never go to
 * spam, blacklisted ones always do. Moving mail to spam and back teaches them (`learned`).
 */
export const senderRules = (p: Platform) => ({
  async one(userId: number, id: number): Promise<SenderRuleRow> {
    const [r] = await p.db
      .select()
      .from(R)
      .where(and(eq(R.id, id), eq(R.userId, userId)));
    if (!r) throw new AppError('NOT_FOUND');
    return toRow(r);
  },

  /** Adds or changes an entry; an address or domain already listed moves to the list given. */
  async save(userId: number, body: SenderRuleBody): Promise<SenderRuleRow> {
    if (!isSenderRuleValue(body.value)) throw new AppError('MAIL_RULE_VALUE_INVALID');
    const values = {
      kind: body.kind,
      value: body.value,
      remark: body.remark,
      source: 'manual' as const,
      updatedAt: p.clock.now(),
    };
    return p.db.transaction(async (tx) => {
      if (body.id) {
        const [own] = await tx
          .select({ id: R.id })
          .from(R)
          .where(and(eq(R.id, body.id), eq(R.userId, userId)));
        if (!own) throw new AppError('NOT_FOUND');
        // the same value under another entry gives way to the one being edited
        await tx.delete(R).where(and(eq(R.userId, userId), eq(R.value, body.value), sql`${R.id} <> ${body.id}`));
        const [r] = await tx
          .update(R)
          .set({ ...values, version: sql`${R.version} + 1` })
          .where(eq(R.id, body.id))
          .returning();
        return toRow(r!);
      }
      const [r] = await tx
        .insert(R)
        .values({ ...values, userId })
        .onConflictDoUpdate({ target: [R.userId, R.value], set: { ...values, version: sql`${R.version} + 1` } })
        .returning();
      return toRow(r!);
    });
  },

  async remove(userId: number, ids: number[]): Promise<number> {
    const r = await p.db
      .delete(R)
      .where(and(eq(R.userId, userId), sql`${R.id} in ${ids}`))
      .returning({ id: R.id });
    if (r.length === 0) throw new AppError('NOT_FOUND');
    return r.length;
  },

  async rulesOf(userId: number) {
    return p.db.select({ kind: R.kind, value: R.value }).from(R).where(eq(R.userId, userId));
  },

  /** The folder a received mail belongs in under the owner's lists (null: where the server put it). */
  folderFor(rules: { kind: SenderRuleKind; value: string }[], sender: string): 'inbox' | 'junk' | null {
    const kind = senderRuleOf(rules, sender);
    return kind === 'black' ? 'junk' : kind === 'white' ? 'inbox' : null;
  },

  /** Mail moved to spam (black) or back (white) by hand: its senders are learned; manual entries stay. */
  async learn(userId: number, senders: string[], kind: SenderRuleKind) {
    const values = [...new Set(senders.map((s) => s.trim().toLowerCase()).filter((s) => s.includes('@')))];
    if (values.length === 0) return;
    const now = p.clock.now();
    await p.db
      .insert(R)
      .values(values.map((value) => ({ userId, kind, value, source: 'learned' as const, updatedAt: now })))
      .onConflictDoUpdate({
        target: [R.userId, R.value],
        set: { kind, updatedAt: now, version: sql`${R.version} + 1` },
        setWhere: sql`${R.source} = 'learned'`,
      });
  },
});
