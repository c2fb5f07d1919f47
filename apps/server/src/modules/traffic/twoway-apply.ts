import { pickRule } from '@portal/contracts/traffic';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
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
      // an opt-out is done here; a reply and a forward wait for two-way-review
      state: rule.action === 'optout' ? 'done' : 'pending',
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
  const optouts = actions.filter((a) => a.action === 'optout' && fresh.has(a.moId));
  if (optouts.length > 0)
    await tx
      .insert(trafficBlacklist)
      .values(
        optouts.map((a) => ({
          accountId: a.accountId,
          number: a.handset,
          moId: a.moId,
          ruleId: a.ruleId,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  return fresh.size;
}
