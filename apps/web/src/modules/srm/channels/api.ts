import type {
  LookupResult,
  MarketQuery,
  MarketRow,
  RecommendQuery,
  RecommendResult,
  ResolveQuery,
  ResolveResult,
} from '@portal/contracts/srm/channels';
import { post } from '../../../platform/http';

/** A number or a network and the channels covering it. */
export const lookupDestination = (q: string) => post<LookupResult>('/v2/srm/mcc-mnc/query', { q });

/** The route in force for a customer, a network and a moment. */
export const resolveRoute = (q: ResolveQuery) => post<ResolveResult>('/v2/srm/route-bind/resolve', q);

/** Channels for a destination ranked by cost, with the margin against an account's price. */
export const recommendChannels = (q: RecommendQuery) => post<RecommendResult>('/v2/srm/channel/recommend', q);

/** Live channels per country and product: what sales can sell. */
export const marketChannels = (q: MarketQuery) => post<MarketRow[]>('/v2/srm/market-channel/list', q);
