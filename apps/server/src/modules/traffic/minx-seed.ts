import type { MinxStep } from '@portal/contracts/traffic';
import { portOf } from '../../platform/ports.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { runMinxFallbacks, sendMinxFallbacks } from './minx-job.js';
import { trafficMinxPlans } from './schema.js';
import { readState, writeState } from './settings.js';

const HOUR = 3_600_000;

/**
 * The demo plans of decision 0146: the first two accounts that carry SMS and voice get a plan (voice,
 * then WhatsApp where the account carries it) active since six hours ago, and the job and the platform
 * play the last hours over today's seeded sends, so the screen shows results after `npm start`.
 * Idempotent (a marker in traffic_state).
 */
export async function seedMinx(ctx: SeedContext, now: Date): Promise<void> {
  if (await readState(ctx.db, 'seeded-minx')) return;
  const accounts = ((await portOf(ctx.db, 'accounts')?.active()) ?? [])
    .filter((a) => a.products.includes('sms') && a.products.includes('voice'))
    .sort((a, b) => a.id - b.id)
    .slice(0, 2);
  const since = new Date(now.getTime() - 6 * HOUR);
  for (const [i, a] of accounts.entries()) {
    const steps: MinxStep[] = [{ kind: 'voice', waitMinutes: 15 }];
    if (a.products.includes('whatsapp')) steps.push({ kind: 'whatsapp', waitMinutes: 30 });
    await ctx.db
      .insert(trafficMinxPlans)
      .values({
        accountId: a.id,
        customerId: a.customerId,
        ownerId: a.ownerId ?? 0,
        name: i === 0 ? 'OTP fallback' : 'Notice fallback',
        steps,
        activeFrom: since,
        createdAt: since,
        updatedAt: since,
      })
      .onConflictDoNothing();
  }
  // the job each half hour of the last hours, the platform sending what it made
  for (let at = since.getTime() + HOUR; at <= now.getTime(); at += HOUR / 2) {
    await runMinxFallbacks(ctx.db, new Date(at));
    while ((await sendMinxFallbacks(ctx.db, new Date(at))) > 0);
  }
  await writeState(ctx.db, 'seeded-minx', { at: now.toISOString() });
}
