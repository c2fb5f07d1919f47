import { setTimeout as sleep } from 'node:timers/promises';
import type { Module } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import { announceHomeFigures } from '../home/index.js';
import { agentQueryRoutes } from './agent-query-routes.js';
import { runMinxFallbacks } from './minx-job.js';
import { minxRoutes } from './minx-routes.js';
import { seedMinx } from './minx-seed.js';
import { operationLogRoutes } from './oplog-routes.js';
import { outboxRoutes } from './outbox-routes.js';
import { DAY_MS, dayOf, maintainPartitions } from './partitions.js';
import { performanceViewRoutes } from './perf-routes.js';
import { portQueryRoutes } from './portquery-routes.js';
import { runQueuedRecalls } from './recall.js';
import { rollUpAlone, rollupRounds } from './rollup-rounds.js';
import { postConsumption, trafficPort } from './rollups.js';
import { trafficRoutes } from './routes.js';
import { readSettings } from './settings.js';
import { seedTraffic, simulateStep } from './simulator.js';
import { twoWayReview } from './twoway-review.js';
import { seedTwoWayReview } from './twoway-review-seed.js';
import { twoWayRoutes } from './twoway-routes.js';
import { twoWayRules } from './twoway-rules.js';
import { seedTwoWay } from './twoway-seed.js';
import { voiceRoutes } from './voice-routes.js';
import { vosExportRoute } from './vos-export.js';

export const ROLLUP_JOB = 'traffic.rollup';
export const PARTITION_JOB = 'traffic.partitions';
export const CONSUMPTION_JOB = 'traffic.consumption';
export const SIMULATOR_JOB = 'traffic.simulator';
export const RECALL_JOB = 'traffic.recall';
export const MINX_JOB = 'traffic.minx';
/** how long one rollup job keeps looping: short of the next minute's job */
const ROLLUP_JOB_MS = 55_000;

async function partitions(p: Platform) {
  const s = await readSettings(p.db);
  const res = await maintainPartitions(p.db, p.clock.now(), { ahead: s.aheadDays, retentionDays: s.retentionDays });
  if (res.dropped.length) p.log.info({ dropped: res.dropped }, 'traffic: partitions past retention dropped');
}

/**
 * Traffic: SMS and call records partitioned by day, the ingestion API for the messaging platform,
 * hourly and daily rollups (the `traffic` port), the query screens of business inquiry.
 */
export const trafficModule: Module = {
  name: 'traffic',
  async register(app, p) {
    await partitions(p);
    await trafficRoutes(app, p);
    await performanceViewRoutes(app, p);
    await agentQueryRoutes(app, p);
    await twoWayRoutes(app, p);
    await outboxRoutes(app, p);
    await portQueryRoutes(app, p);
    await operationLogRoutes(app, p);
    await voiceRoutes(app, p);
    await vosExportRoute(app, p);
    await minxRoutes(app, p);
    await mountResource(app, p, twoWayRules);
    await mountResource(app, p, twoWayReview);
  },
  jobs: (p) => {
    // the cron starts it each minute; it loops within the minute (decision 0156)
    p.jobs.define(ROLLUP_JOB, async () => {
      await rollupRounds(p.database, () => p.clock.now(), {
        intervalMs: p.config.trafficRollupSeconds * 1000,
        until: Date.now() + ROLLUP_JOB_MS,
        signal: p.jobs.stopSignal,
        onRound: (_, owners) => announceHomeFigures(p.bus, owners),
      });
    });
    p.jobs.define(PARTITION_JOB, () => partitions(p), { retryLimit: 2 });
    p.jobs.define(
      CONSUMPTION_JOB,
      async (data: { day?: string }) => {
        const day = data?.day ?? dayOf(new Date(p.clock.now().getTime() - DAY_MS));
        // the day's deltas rolled up first: a round another process runs is waited for, then ours drains the rest
        while ((await rollUpAlone(p.database, p.clock.now())) === undefined) await sleep(1000);
        await postConsumption(p.db, day, p.log, p.bus);
      },
      { retryLimit: 3 },
    );
    p.jobs.define(RECALL_JOB, async () => void (await runQueuedRecalls(p.db, p.clock.now(), p.log)), {
      retryLimit: 0,
    });
    p.jobs.define(MINX_JOB, async () => void (await runMinxFallbacks(p.db, p.clock.now())), { retryLimit: 0 });
    p.jobs.define(
      SIMULATOR_JOB,
      async () => {
        const res = await simulateStep(p.db, p.clock.now());
        if (res.skipped) p.log.debug(res, 'traffic simulator idle');
      },
      { retryLimit: 0, expireInSeconds: 120 },
    );
  },
  schedule: async (p) => {
    for (const [job, cron] of [
      [ROLLUP_JOB, '* * * * *'],
      [PARTITION_JOB, '7 0 * * *'],
      [CONSUMPTION_JOB, '37 0 * * *'],
      [RECALL_JOB, '* * * * *'],
      [MINX_JOB, '* * * * *'],
      ...(p.config.trafficSimulator ? [[SIMULATOR_JOB, '* * * * *'] as const] : []),
    ] as const)
      await p.jobs.schedule(job, cron).catch((err) => {
        p.log.debug({ err, job }, 'traffic schedule not set (job queue not started in this process)');
      });
  },
  seed: async (ctx) => {
    const now = new Date();
    await seedTraffic(ctx, now);
    await seedTwoWay(ctx, now);
    await seedTwoWayReview(ctx, now);
    await seedMinx(ctx, now);
  },
  ports: { traffic: trafficPort },
};
