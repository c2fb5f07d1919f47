import { RECALL_DLR_STATES } from '@portal/contracts/traffic';
import { portOf } from '../../platform/ports.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { DAY_MS, dayOf, dayStart } from './partitions.js';
import { resendRecalls, runRecall } from './recall.js';
import { trafficAppointments, trafficRecallTasks, trafficTwoWayRules, trafficTwoWayTasks } from './schema.js';
import { readState, writeState } from './settings.js';

const HOUR = 3_600_000;
const TASK_NAMES = ['Survey reply YES/NO', 'Appointment confirm', 'Delivery slot pick', 'Promo opt-in', 'Feedback 1-5'];

/**
 * The demo rows of decision 0106, over the raw records the traffic seed made today: scheduled sends
 * from three days ago to three days ahead (the past ones sent, one cancelled, the future ones
 * waiting), two-way tasks over today's sends from `INFO`, a few keyword rules, and recall tasks of
 * today's failed messages, run and resent. Idempotent (a marker in traffic_state); its own random stream.
 */
export async function seedTwoWay(ctx: SeedContext, now: Date): Promise<void> {
  if (await readState(ctx.db, 'seeded-twoway')) return;
  const accounts = ((await portOf(ctx.db, 'accounts')?.active()) ?? [])
    .filter((a) => a.products.includes('sms'))
    .sort((a, b) => a.id - b.id)
    .slice(0, 8);
  if (accounts.length === 0) return;
  const rng = ctx.rng.fork('twoway');
  const today = dayStart(dayOf(now)).getTime();

  const appointments = accounts.flatMap((a, i) =>
    Array.from({ length: 6 }, (_, k) => {
      const scheduledAt = new Date(today + (k - 3) * DAY_MS + rng.int(8, 20) * HOUR + rng.int(0, 3) * 15 * 60_000);
      const past = scheduledAt.getTime() <= now.getTime();
      const cancelled = !past ? false : (i + k) % 7 === 0;
      return {
        batchId: `S${a.id}-${dayOf(scheduledAt).replaceAll('-', '')}-${k}`,
        accountId: a.id,
        customerId: a.customerId,
        ownerId: a.ownerId ?? 0,
        senderId: k % 2 ? 'INFO' : 'NOTICE',
        numbers: rng.int(20, 4000),
        segments: rng.int(1, 3),
        scheduledAt,
        state: cancelled ? ('cancelled' as const) : past ? ('sent' as const) : ('waiting' as const),
        // booked before its time and before now
        createdAt: new Date(Math.min(scheduledAt.getTime(), now.getTime()) - rng.int(1, 48) * HOUR),
        sentAt: past && !cancelled ? scheduledAt : null,
        cancelledAt: cancelled ? new Date(scheduledAt.getTime() - 10 * 60_000) : null,
      };
    }),
  );
  await ctx.db.insert(trafficAppointments).values(appointments).onConflictDoNothing();

  const half = today + Math.max(HOUR, Math.floor((now.getTime() - today) / 2));
  await ctx.db.insert(trafficTwoWayTasks).values(
    accounts.slice(0, 5).flatMap((a, i) => [
      {
        name: TASK_NAMES[i % TASK_NAMES.length]!,
        accountId: a.id,
        customerId: a.customerId,
        ownerId: a.ownerId ?? 0,
        senderId: 'INFO',
        startAt: new Date(today),
        endAt: new Date(half),
      },
      {
        name: `${TASK_NAMES[(i + 2) % TASK_NAMES.length]!} (2)`,
        accountId: a.id,
        customerId: a.customerId,
        ownerId: a.ownerId ?? 0,
        senderId: 'INFO',
        startAt: new Date(half),
        endAt: new Date(now.getTime() + 6 * HOUR),
      },
    ]),
  );

  await ctx.db
    .insert(trafficTwoWayRules)
    .values([
      { keyword: 'STOP', match: 'exact' as const, action: 'optout' as const, replyText: null, accountId: null },
      { keyword: 'TD', match: 'exact' as const, action: 'optout' as const, replyText: null, accountId: null },
      { keyword: 'START', match: 'exact' as const, action: 'optin' as const, replyText: null, accountId: null },
      { keyword: '订阅', match: 'exact' as const, action: 'optin' as const, replyText: null, accountId: null },
      {
        keyword: 'HELP',
        match: 'prefix' as const,
        action: 'reply' as const,
        replyText: 'Reply STOP to opt out. Support: +85230001234',
        accountId: null,
      },
      {
        keyword: 'YES',
        match: 'exact' as const,
        action: 'forward' as const,
        replyText: null,
        accountId: accounts[0]!.id,
      },
    ])
    .onConflictDoNothing();

  const live = (await portOf(ctx.db, 'channels')?.live('sms')) ?? [];
  if (live.length > 0) {
    // today's sends until an hour ago; in the day's first hour, yesterday's too (the tasks are still made
    // today, so the screen's first range, today, shows them whenever the demo starts)
    const windowFrom = now.getTime() - today > HOUR ? today : today - DAY_MS;
    const madeFrom = Math.max(today, now.getTime() - HOUR);
    const tasks = await ctx.db
      .insert(trafficRecallTasks)
      .values(
        accounts.slice(0, 3).map((a, i) => ({
          accountId: a.id,
          customerId: a.customerId,
          ownerId: a.ownerId ?? 0,
          fromAt: new Date(windowFrom),
          toAt: new Date(now.getTime() - HOUR),
          channelId: live[(a.id + i) % live.length]!.id,
          states: [...RECALL_DLR_STATES],
          state: 'running' as const,
          createdAt: new Date(Math.min(now.getTime(), madeFrom + i * 60_000)),
        })),
      )
      .returning({ id: trafficRecallTasks.id });
    // run once all three are made (their recalls are no older than the tasks)
    const ran = new Date(Math.min(now.getTime(), madeFrom + tasks.length * 60_000));
    for (const { id } of tasks) await runRecall(ctx.db, id, ran);
    while ((await resendRecalls(ctx.db, now)) > 0);
  }
  await writeState(ctx.db, 'seeded-twoway', { at: now.toISOString(), appointments: appointments.length });
  ctx.log.info(`traffic: ${appointments.length} scheduled sends, two-way tasks, rules and recall tasks`);
}
