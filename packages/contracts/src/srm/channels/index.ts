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
  type RecommendQuery,
  type RecommendResult,
  type RecommendRow,
  recommendQuery,
  recommendResult,
  recommendRow,
  TIE_BREAKS,
} from './recommend.js';
export { routeBindResource, TIME_OF_DAY_PATTERN } from './route-bind.js';
export {
  SENDER_ID_PATTERN,
  SENDER_ID_REMIND_DAYS,
  SENDER_ID_STATES,
  type SenderIdState,
  senderIdResource,
} from './sender-id.js';
