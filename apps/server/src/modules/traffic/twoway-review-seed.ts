import { and, eq, inArray } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import { portOf } from '../../platform/ports.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { ingestBatch } from './ingest.js';
import { trafficTwoWayActions } from './schema.js';
import { readState, writeState } from './settings.js';

const HOUR = 3_600_000;
/** answers the demo rules (STOP / TD opt out, HELP… replies, YES forwards for the first account; one START opts back in) */
const WORDS = ['HELP', 'help me please', 'STOP', 'YES', 'TD', 'Help?', 'yes', 'Thanks'] as const;

/**
 * two-way-review's demo (decision 0115): answers from handsets to the demo SMS accounts over the last
 * day, sent through the ingestion path so the demo rules act on them as on any MO; of the pending
 * replies and forwards, every third is approved and every fifth rejected by the administrator.
 * Idempotent (its own marker; the MO ids are fixed, so a second ingestion changes nothing).
 */
export async function seedTwoWayReview(ctx: SeedContext, now: Date): Promise<void> {
  if (await readState(ctx.db, 'seeded-twoway-review')) return;
  const accounts = ((await portOf(ctx.db, 'accounts')?.active()) ?? [])
    .filter((a) => a.products.includes('sms'))
    .sort((a, b) => a.id - b.id)
    .slice(0, 8);
  if (accounts.length === 0) return;
  const rng = ctx.rng.fork('twoway-review');
  const lines = accounts.flatMap((a) =>
    Array.from({ length: 8 }, (_, k) => ({
      type: 'message' as const,
      kind: 'mo' as const,
      id: `DEMO-MO-${a.id}-${k}`,
      account: a.code,
      from: `85290${String(a.id).padStart(3, '0')}${String(rng.int(0, 9999)).padStart(4, '0')}`,
      to: 'INFO',
      at: new Date(now.getTime() - rng.int(1, 23) * HOUR - rng.int(0, 59) * 60_000).toISOString(),
      content: WORDS[(a.id + k) % WORDS.length]! as string,
    })),
  );
  // one handset that opted out opts back in half an hour later (decision 0131)
  const stop = lines.find((l) => l.content === 'STOP');
  if (stop)
    lines.push({
      ...stop,
      id: `DEMO-MO-OPTIN-${stop.id.slice('DEMO-MO-'.length)}`,
      at: new Date(Math.min(Date.parse(stop.at) + 30 * 60_000, now.getTime() - 60_000)).toISOString(),
      content: 'START',
    });
  await ingestBatch(ctx.db, now, lines);
  const [admin] = await ctx.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.username, 'admin'))
    .limit(1);
  const t = trafficTwoWayActions;
  const pending = await ctx.db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.state, 'pending'),
        inArray(
          t.moId,
          lines.map((l) => l.id),
        ),
      ),
    )
    .orderBy(t.id);
  const decide = (n: number) => pending.filter((_, i) => i % n === n - 1).map((p) => p.id);
  const approved = decide(3);
  const rejected = decide(5).filter((id) => !approved.includes(id));
  const reviewed = { reviewedBy: admin?.id ?? null, reviewedAt: now };
  if (approved.length > 0)
    await ctx.db
      .update(t)
      .set({ state: 'approved', ...reviewed })
      .where(inArray(t.id, approved));
  if (rejected.length > 0)
    await ctx.db
      .update(t)
      .set({ state: 'rejected', rejectReason: 'Reply text not allowed for this sender', ...reviewed })
      .where(inArray(t.id, rejected));
  await writeState(ctx.db, 'seeded-twoway-review', { at: now.toISOString(), lines: lines.length });
  ctx.log.info(`traffic: ${lines.length} two-way answers for the review`);
}
