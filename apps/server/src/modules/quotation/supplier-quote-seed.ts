import { count, eq } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { Db } from '../../platform/db/index.js';
import { portOf } from '../../platform/ports.js';
import { agree, type Outbox, pendingTasksOf, reject } from '../approval/index.js';
import { type ChannelRef, channelRefs } from '../srm/index.js';
import { rowInForce } from './prices.js';
import { Q } from './rating.js';
import { qmSupplierQuotes } from './schema.js';
import { type CostRow, costContext, ensureSupplierQuoteHandler, openRequest } from './supplier-quote.js';

const DAY = 86_400_000;
const destOf = (c: ChannelRef) => ({
  bookKind: 'channel' as const,
  bookId: c.id,
  product: 'sms' as const,
  dest: c.networks[0]!,
  category: '',
});
const PLAN = [
  { outcome: 'pending', raise: 1.3 },
  { outcome: 'approved', raise: 1.15 },
  { outcome: 'rejected', raise: 2.5 },
  { outcome: 'pending', raise: 1.6 },
] as const;

/**
 * Demo supplier-quote requests by the buyer `purchase01`: raises on the first network of a few
 * live SMS channels (routed ones first), two pending, one approved (the cost in the book from the seeding), one rejected,
 * decided by their process through the engine. Idempotent: nothing when any request exists.
 */
export async function seedSupplierQuotes(db: Db, base: number): Promise<number> {
  const [made] = await db.select({ n: count() }).from(qmSupplierQuotes);
  if (made!.n > 0) return 0;
  const [buyer] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'purchase01'));
  if (!buyer) return 0;
  ensureSupplierQuoteHandler();
  const live = (await channelRefs(db)).filter((c) => c.product === 'sms' && c.state === 'live' && c.networks.length);
  // channels whose first network carries routed traffic first: their requests show warned accounts
  const bindingsTo = portOf(db, 'channels')?.bindingsTo;
  const routed: typeof live = [];
  const plain: typeof live = [];
  for (const c of live.slice(0, 60)) {
    if (routed.length >= PLAN.length) break;
    const old = await rowInForce(db, destOf(c), new Date(base));
    if (!old?.country) continue;
    const binds = await bindingsTo?.(c.id, { country: old.country, network: c.networks[0] }, new Date(base));
    (binds?.length ? routed : plain).push(c);
  }
  const channels = [...routed, ...plain];
  let n = 0;
  for (const [i, plan] of PLAN.entries()) {
    const c = channels[i];
    if (!c) break;
    // asked for days before the seed's day: the approved one enters the book from its decision (now)
    const from = new Date(base + i * DAY);
    const dest = destOf(c);
    const old = await rowInForce(db, dest, from);
    if (!old) continue;
    const r: CostRow = {
      ...dest,
      destKind: 'network',
      country: old.country,
      unitPrice: new Q(old.unitPrice).mul(plan.raise).toFixed(6),
      connectFee: '0',
      firstIncrement: 1,
      nextIncrement: 1,
      currency: old.currency,
      chargeOn: old.chargeOn,
      source: 'manual',
      createdBy: buyer.id,
    };
    const ctx = await costContext(db, r, from);
    const verdict = {
      raise: true,
      overPrice: ctx.affected.some((a) => a.over),
      oldCost: new Q(old.unitPrice).toFixed(6),
    };
    await db.transaction(async (tx) => {
      const out: Outbox = Object.assign([], { now: new Date() });
      const { approvalId } = await openRequest(tx, out, buyer.id, r, from, ctx, verdict);
      if (plan.outcome === 'pending') return;
      for (const task of await pendingTasksOf(tx, approvalId)) {
        if (plan.outcome === 'approved') await agree(tx, task.taskId, task.userId, '同意 / agreed', out);
        else
          await reject(
            tx,
            { taskId: task.taskId, target: 'end', opinion: '涨幅过大，请与供应商再议 / too steep, negotiate again' },
            task.userId,
            out,
          );
      }
    });
    n++;
  }
  return n;
}
