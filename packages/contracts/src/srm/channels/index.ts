export {
  CHANNEL_MOVES,
  CHANNEL_PRODUCTS,
  CHANNEL_PROTOCOLS,
  CHANNEL_STATES,
  CHANNEL_TAGS,
  type ChannelState,
  channelResource,
  HOST_PATTERN,
  PREFIX_PATTERN,
  SENDER_ID_TYPES,
} from './channel.js';
export { coverageResource } from './coverage.js';
export {
  CIDR_PATTERN,
  dockingGatewayResource,
  GATEWAY_SIDES,
  gatewayIpResource,
  IP_PATTERN,
  landingGatewayResource,
} from './gateway.js';
export {
  type LookupQuery,
  type LookupResult,
  lookupQuery,
  lookupResult,
  type ResolveQuery,
  type ResolveResult,
  resolvedRoute,
  resolveQuery,
  resolveResult,
} from './lookup.js';
export { type MarketQuery, type MarketRow, marketQuery, marketRow } from './market.js';
export { ChannelPerm } from './perms.js';
export {
  type ChannelCostResult,
  type ChannelCostRow,
  type ChannelQuality,
  type ChannelQualityResult,
  channelCostResult,
  channelCostRow,
  channelQuality,
  channelQualityResult,
  type GatewayOnline,
  type GatewayOnlineResult,
  gatewayOnline,
  gatewayOnlineResult,
  ONLINE_WINDOW_MINUTES,
  QUALITY_DAYS,
  QUALITY_MIN_SAMPLE,
  QUALITY_THRESHOLDS,
  QUALITY_TIERS,
  type QualityTier,
} from './quality.js';
export {
  type RecommendQuery,
  type RecommendResult,
  type RecommendRow,
  recommendQuery,
  recommendResult,
  recommendRow,
  TIE_BREAKS,
} from './recommend.js';
export {
  CHANNEL_RESOURCE_KINDS,
  CHANNEL_RESOURCE_STATES,
  type ChannelResourceState,
  channelResourceResource,
  type ResourceVendor,
  resourceVendor,
} from './resource.js';
export { routeBindResource, TIME_OF_DAY_PATTERN } from './route-bind.js';
export {
  SENDER_ID_PATTERN,
  SENDER_ID_REMIND_DAYS,
  SENDER_ID_STATES,
  type SenderIdState,
  senderIdResource,
} from './sender-id.js';
