import type {
  ChannelCostResult,
  ChannelQualityResult,
  GatewayOnlineResult,
  LookupResult,
  MarketQuery,
  MarketRow,
  RecommendQuery,
  RecommendResult,
  ResolveQuery,
  ResolveResult,
} from '@portal/contracts/srm/channels';
import { get, post } from '../../../platform/http';

/** A number or a network and the channels covering it. */
export const lookupDestination = (q: string) => post<LookupResult>('/v2/srm/mcc-mnc/query', { q });

/** The route in force for a customer, a network and a moment. */
export const resolveRoute = (q: ResolveQuery) => post<ResolveResult>('/v2/srm/route-bind/resolve', q);

/** Channels for a destination ranked by cost or quality, with the margin against an account's price. */
export const recommendChannels = (q: RecommendQuery) => post<RecommendResult>('/v2/srm/channel/recommend', q);

/** Live channels per country and product: what sales can sell. */
export const marketChannels = (q: MarketQuery) => post<MarketRow[]>('/v2/srm/market-channel/list', q);

/** A channel's delivery figures of the last days (traffic rollups), in total and per network. */
export const channelQuality = (id: number) => get<ChannelQualityResult>('/v2/srm/channel/quality', { id });
export const channelCost = (id: number) => get<ChannelCostResult>('/v2/srm/channel/cost', { id });

/** The enabled gateways of a side: online or not and their load over the last minutes. */
export const gatewaysOnline = (side: 'landing' | 'docking') => get<GatewayOnlineResult>(`/v2/srm/vos/online/${side}`);
