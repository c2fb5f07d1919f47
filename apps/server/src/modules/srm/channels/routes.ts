import { envelope } from '@portal/contracts';
import {
  ChannelPerm,
  channelCostResult,
  channelQualityResult,
  gatewayOnlineResult,
  lookupQuery,
  lookupResult,
  marketQuery,
  marketRow,
  recommendQuery,
  recommendResult,
  resolveQuery,
  resolveResult,
  resourceVendor,
} from '@portal/contracts/srm/channels';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { channelCostOf } from './cost.js';
import { lookup } from './lookup.js';
import { marketChannels } from './market.js';
import { gatewaysOnline } from './online.js';
import { channelQualityOf } from './quality.js';
import { recommend } from './recommend.js';
import { resolveRoute } from './resolve.js';
import { resourceVendors } from './resources.js';
import { srmChannels } from './schema.js';

const tags = ['srm'];

/** The channel answers that are not a resource: the network look-up and the route resolution. */
export async function channelRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/srm/mcc-mnc/query',
    {
      schema: {
        tags,
        summary: 'A phone number or an MCC/MNC: its country, number type, networks and the channels covering them',
        body: lookupQuery,
        response: { 200: envelope(lookupResult) },
      },
      config: { access: { perm: ChannelPerm.LOOKUP } },
    },
    async (req) => ok(await lookup(p, req.body.q)),
  );

  r.get(
    '/v2/srm/channel-resource/vendors',
    {
      schema: {
        tags,
        summary: 'Vendors of channel resources (SIM farms and suppliers holding resources), resources counted by state',
        response: { 200: envelope(z.array(resourceVendor)) },
      },
      config: { access: { perm: ChannelPerm.RESOURCE_VENDORS } },
    },
    async () => ok(await resourceVendors(p.db)),
  );

  r.post(
    '/v2/srm/route-bind/resolve',
    {
      schema: {
        tags,
        summary:
          'The route that applies to a customer or one of its accounts, a network and a moment (now when not given)',
        body: resolveQuery,
        response: { 200: envelope(resolveResult) },
      },
      config: { access: { perm: ChannelPerm.ROUTES } },
    },
    async (req) =>
      ok(
        await resolveRoute(
          p,
          { customerId: req.body.customerId, accountCode: req.body.accountCode },
          req.body.network,
          req.body.at ? new Date(req.body.at) : p.clock.now(),
        ),
      ),
  );

  r.post(
    '/v2/srm/channel/recommend',
    {
      schema: {
        tags,
        summary:
          'Channels for a destination and product ranked by cost or delivery quality, with the margin against an account’s price',
        body: recommendQuery,
        response: { 200: envelope(recommendResult) },
      },
      config: { access: { perm: ChannelPerm.RECOMMEND } },
    },
    async (req) => ok(await recommend(p, req.body)),
  );

  r.get(
    '/v2/srm/channel/cost',
    {
      schema: {
        tags,
        summary:
          'A channel’s current cost per unit to each network (messaging) or prefix (voice) it covers, from its supplier quotes',
        querystring: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(channelCostResult) },
      },
      config: { access: { perm: ChannelPerm.CHANNELS } },
    },
    async (req) => ok(await channelCostOf(p.db, p.clock.now(), req.query.id)),
  );

  r.get(
    '/v2/srm/channel/quality',
    {
      schema: {
        tags,
        summary:
          'A channel’s delivery figures of the last days from the traffic rollups (delivery rate; ASR, ACD, PDD), in total and per network',
        querystring: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(channelQualityResult) },
      },
      config: { access: { perm: ChannelPerm.CHANNELS } },
    },
    async (req) => {
      const [c] = await p.db.select({ id: srmChannels.id }).from(srmChannels).where(eq(srmChannels.id, req.query.id));
      if (!c) throw new AppError('SRM_CHANNEL_UNKNOWN', { vars: { value: String(req.query.id) } });
      return ok(await channelQualityOf(p.db, p.clock.now(), c.id));
    },
  );

  for (const side of ['landing', 'docking'] as const)
    r.get(
      `/v2/srm/vos/online/${side}`,
      {
        schema: {
          tags,
          summary: `The enabled ${side} gateways: online or not and their load over the last minutes (traffic's call records)`,
          response: { 200: envelope(gatewayOnlineResult) },
        },
        config: { access: { perm: side === 'landing' ? ChannelPerm.ONLINE_LANDING : ChannelPerm.ONLINE_DOCKING } },
      },
      async () => ok(await gatewaysOnline(p.db, p.clock.now(), side)),
    );

  r.post(
    '/v2/srm/market-channel/list',
    {
      schema: {
        tags,
        summary: 'What sales can sell: live channels per country and product (no connection data, no cost)',
        body: marketQuery,
        response: { 200: envelope(z.array(marketRow)) },
      },
      config: { access: { perm: ChannelPerm.MARKET } },
    },
    async (req) => ok(await marketChannels(p, req.body)),
  );
}
