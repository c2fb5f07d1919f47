import { pickRule } from '@portal/contracts/traffic';
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { trafficBlacklist, trafficTwoWayActions, trafficTwoWayRules } from './schema.js';

/** an MO just stored by the ingestion, with the text it carried (kept only as a hash on the record) */
export type FreshMo = {
  recordId: string;
  at: Date;
  accountId: number;
  customerId: number;
  ownerId: number;
  /** the handset */
  sender: string;
  /** our number / sender id */
  recipient: string;
  channelId: number;
  country: string;
  content: string | undefined;
};

/**
 * Two-way rules on incoming MO (decision 0115), in the ingestion's transaction and only for MOs whose
 * key was new there — a re-ingested MO (or the same MO in two batches at once: the second waits on the
 * key and finds it taken) acts nothing again; the action's primary key on the MO id holds it besides.
 * The rules are read as they are now, so a rule changed between two MOs acts on the second as changed.
 * Answers the number of MOs a rule acted on.
 */
export async function applyTwoWayRules(tx: DbOrTx, mos: readonly FreshMo[], now: Date): Promise<number> {
  const withText = mos.filter((m) => m.content?.trim());
  if (withText.length === 0) return 0;
  const r = trafficTwoWayRules;
  const rules = await tx
    .select({
      id: r.id,
      keyword: r.keyword,
      match: r.match,
      action: r.action,
      replyText: r.replyText,
      accountId: r.accountId,
    })
    .from(r)
    .where(
      and(
        eq(r.enabled, true),
        or(isNull(r.accountId), inArray(r.accountId, [...new Set(withText.map((m) => m.accountId))])),
      ),
    );
  if (rules.length === 0) return 0;
  const actions: (typeof trafficTwoWayActions.$inferInsert)[] = [];
  for (const mo of withText) {
    const rule = pickRule(rules, mo.accountId, mo.content!);
    if (!rule) continue;
    actions.push({
      moId: mo.recordId,
      moAt: mo.at,
      accountId: mo.accountId,
      customerId: mo.customerId,
      ownerId: mo.ownerId,
      handset: mo.sender,
      senderId: mo.recipient,
      ruleId: rule.id,
      keyword: rule.keyword,
      action: rule.action,
      replyText: rule.action === 'reply' ? rule.replyText : null,
      forwardTo: rule.action === 'forward' && mo.ownerId > 0 ? mo.ownerId : null,
      channelId: mo.channelId,
      country: mo.country,
      // an opt-out and an opt-in are done here; a reply and a forward wait for two-way-review
      state: rule.action === 'optout' || rule.action === 'optin' ? 'done' : 'pending',
      createdAt: now,
    });
  }
  if (actions.length === 0) return 0;
  const stored = await tx
    .insert(trafficTwoWayActions)
    .values(actions)
    .onConflictDoNothing({ target: trafficTwoWayActions.moId })
    .returning({ moId: trafficTwoWayActions.moId });
  const fresh = new Set(stored.map((s) => s.moId));
  for (const a of actions) {
    if (!fresh.has(a.moId)) continue;
    // in MO order: a STOP then a START of the same handset in one batch leaves it opted in
    if (a.action === 'optout') await listNumber(tx, a.accountId, a.handset, a.moId, a.ruleId, now);
    if (a.action === 'optin')
      await unlistNumber(tx, a.accountId, a.handset, now, { by: null, moId: a.moId, reason: a.keyword });
  }
  return fresh.size;
}

/**
 * Puts a number on the account's blacklist, or lists again one that opted back in (a fresh entry of
 * the feed); one listed already stays as it was.
 */
async function listNumber(tx: DbOrTx, accountId: number, number: string, moId: string, ruleId: number, now: Date) {
  const b = trafficBlacklist;
  await tx
    .insert(b)
    .values({ accountId, number, moId, ruleId, createdAt: now, changedAt: now })
    .onConflictDoUpdate({
      target: [b.accountId, b.number],
      set: {
        moId,
        ruleId,
        createdAt: now,
        changedAt: now,
        removedAt: null,
        removedBy: null,
        removedMoId: null,
        removedReason: null,
      },
      setWhere: isNotNull(b.removedAt),
    });
}

/**
 * Takes a number off the account's blacklist (decision 0131): the entry stays as `removed` with who
 * (null: the handset by an MO) and why, a removal the platform reads in the feed; the opt-outs of that
 * handset shown in two-way-review become `reversed`. Answers whether it was listed.
 */
export async function unlistNumber(
  tx: DbOrTx,
  accountId: number,
  number: string,
  now: Date,
  why: { by: number | null; moId: string | null; reason: string },
  /** the review record a staff command reverses itself (with its history) */
  exceptActionId?: number,
): Promise<boolean> {
  const b = trafficBlacklist;
  const removed = await tx
    .update(b)
    .set({ removedAt: now, changedAt: now, removedBy: why.by, removedMoId: why.moId, removedReason: why.reason })
    .where(and(eq(b.accountId, accountId), eq(b.number, number), isNull(b.removedAt)))
    .returning({ number: b.number });
  const a = trafficTwoWayActions;
  await tx
    .update(a)
    .set({ state: 'reversed', version: sql`${a.version} + 1` })
    .where(
      and(
        eq(a.accountId, accountId),
        eq(a.handset, number),
        eq(a.action, 'optout'),
        eq(a.state, 'done'),
        exceptActionId === undefined ? undefined : ne(a.id, exceptActionId),
      ),
    );
  return removed.length > 0;
}
