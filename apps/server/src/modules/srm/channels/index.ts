import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/platform.js';
import { mountResource } from '../../../platform/resource/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { reference } from '../../system/reference/index.js';
import { channels } from './channels.js';
import { coverage } from './coverage.js';
import { dockingGateways, gatewayIps, landingGateways } from './gateways.js';
import { registerChannelOptions } from './options.js';
import { resourceRecords } from './resources.js';
import { routeBinds } from './route-binds.js';
import { channelRoutes } from './routes.js';
import { ChannelSecretBox } from './secret-box.js';
import { seedChannels } from './seed.js';
import { defineSenderIdJobs, SENDER_ID_JOB } from './sender-id-reminders.js';
import { senderIds } from './sender-ids.js';

const WRITES = /^\/v2\/srm\/(channel|route-bind|sender-id|channel-resource)\//;

export const channelResources = [
  channels,
  coverage,
  senderIds,
  routeBinds,
  landingGateways,
  dockingGateways,
  gatewayIps,
  resourceRecords,
];

/**
 * The channel half of the srm room: channels and their coverage, sender ids, route bindings, voice
 * gateways and the gateway IP allow-list. The room's index calls these four.
 */
export const srmChannels = {
  async register(app: FastifyInstance, p: Platform) {
    // the writes check networks with the reference reader and seal secrets inside their transaction:
    // load the reader's cache and the key first (on PGlite's one connection a load from inside a transaction would wait for itself)
    app.addHook('preHandler', async (req) => {
      if (req.method !== 'POST' || !WRITES.test(req.url)) return;
      await reference(p).activeOperators();
      await ChannelSecretBox.of(p.db);
    });
    for (const b of channelResources) await mountResource(app, p, b);
    registerChannelOptions(p);
    await channelRoutes(app, p);
  },
  jobs: defineSenderIdJobs,
  async schedule(p: Platform) {
    await p.jobs.schedule(SENDER_ID_JOB, '17 6 * * *').catch((err) => {
      p.log.debug({ err }, 'sender-id expiry schedule not set (job queue not started in this process)');
    });
  },
  seed: (ctx: SeedContext) => seedChannels(ctx),
};
