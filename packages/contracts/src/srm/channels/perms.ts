import { permOf, routeByPath } from '../../routes/index.js';

const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`srm channels: no route ${path}`);
  return permOf(route);
};
const button = (path: string, action: string) => `${screen(path)}:${action}`;

const BI = '/businessInquiry';
const CRM_RES = '/businessOperations/channel-resource-mgr';
const CHANNELS = `${BI}/channelManage`;

/**
 * Permission keys of channels, sender ids, route bindings and voice gateways, derived from the
 * route registry: screens by their route, writes as buttons under their screen.
 */
export const ChannelPerm = {
  CHANNELS: screen(CHANNELS),
  CHANNEL_EDIT: button(CHANNELS, 'edit'),
  /** testing → live → paused → closed */
  CHANNEL_STATE: button(CHANNELS, 'state'),
  COVERAGE: screen(`${BI}/channel/info`),
  SENDER_IDS: screen(`${BI}/channel/sender-id`),
  SENDER_ID_EDIT: button(`${BI}/channel/sender-id`, 'edit'),
  SENDER_ID_STATE: button(`${BI}/channel/sender-id`, 'state'),
  ROUTES: screen(`${BI}/route-bind`),
  ROUTE_EDIT: button(`${BI}/route-bind`, 'edit'),
  LOOKUP: screen(`${BI}/mcc-mnc-query`),
  MARKET: screen(`${BI}/marketChannel`),
  RECOMMEND: screen(`${BI}/channelRecommend`),
  LANDING: screen(`${BI}/vos/landing/gateway`),
  LANDING_EDIT: button(`${BI}/vos/landing/gateway`, 'edit'),
  DOCKING: screen(`${BI}/vos/docking/gateway`),
  DOCKING_EDIT: button(`${BI}/vos/docking/gateway`, 'edit'),
  /** which gateways carry calls now and their load (traffic's call records) */
  ONLINE_LANDING: screen(`${BI}/vos/online/landing`),
  ONLINE_DOCKING: screen(`${BI}/vos/online/docking`),
  GATEWAY_IPS: screen(`${BI}/gateway/ip`),
  GATEWAY_IP_EDIT: button(`${BI}/gateway/ip`, 'edit'),
  /** channel resources (SIM port groups, number ranges, WhatsApp numbers) and their vendors */
  RESOURCES: screen(`${CRM_RES}/resource-manage`),
  RESOURCE_EDIT: button(`${CRM_RES}/resource-manage`, 'edit'),
  RESOURCE_POOL: screen(`${CRM_RES}/resource-pool`),
  /** allocate a pooled resource to a customer's account, or release it */
  RESOURCE_ALLOCATE: button(`${CRM_RES}/resource-pool`, 'allocate'),
  RESOURCE_VENDORS: screen(`${CRM_RES}/channel-resource-mer`),
} as const;
