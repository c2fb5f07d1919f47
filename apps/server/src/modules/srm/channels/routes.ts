import { envelope } from '@portal/contracts';
import {
  ChannelPerm,
  lookupQuery,
  lookupResult,
  marketQuery,
  marketRow,
  recommendQuery,
  recommendResult,
  resolveQuery,
  resolveResult,
} from '@portal/contracts/srm/channels';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.js';
import type { Platform } from '../../../platform/platform.js';
import { lookup } from './lookup.js';
import { marketChannels } from './market.js';
import { recommend } from './recommend.js';
import { resolveRoute } from './resolve.js';

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

  r.post(
    '/v2/srm/route-bind/resolve',
    {
      schema: {
        tags,
        summary: 'The route that applies to a customer, a network and a moment (now when not given)',
        body: resolveQuery,
        response: { 200: envelope(resolveResult) },
      },
      config: { access: { perm: ChannelPerm.ROUTES } },
    },
    async (req) =>
      ok(
        await resolveRoute(
          p,
          req.body.customerId,
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
        summary: 'Channels for a destination and product ranked by cost, with the margin against an account’s price',
        body: recommendQuery,
        response: { 200: envelope(recommendResult) },
      },
      config: { access: { perm: ChannelPerm.RECOMMEND } },
    },
    async (req) => ok(await recommend(p, req.body)),
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
