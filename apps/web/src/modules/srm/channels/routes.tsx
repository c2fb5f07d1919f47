import type { ScreenMap } from '../../../platform/screens';

const BI = '/businessInquiry';
const RES = '/businessOperations/channel-resource-mgr';
const s = async () => import('./screens');
const r = async () => import('./ResourceScreens');

/** Channel screens of the srm room. */
export const channelScreens: ScreenMap = {
  [`${BI}/channelManage`]: async () => ({ Component: (await s()).ChannelListScreen }),
  [`${BI}/channel/info`]: async () => ({ Component: (await s()).CoverageListScreen }),
  [`${BI}/channel/sender-id`]: async () => ({ Component: (await s()).SenderIdListScreen }),
  [`${BI}/route-bind`]: async () => ({ Component: (await s()).RouteBindScreen }),
  [`${BI}/mcc-mnc-query`]: async () => ({ Component: (await import('./LookupScreen')).LookupScreen }),
  [`${BI}/marketChannel`]: async () => ({ Component: (await import('./MarketScreen')).MarketScreen }),
  [`${BI}/channelRecommend`]: async () => ({ Component: (await import('./RecommendScreen')).RecommendScreen }),
  [`${BI}/vos/landing/gateway`]: async () => ({ Component: (await s()).LandingGatewayScreen }),
  [`${BI}/vos/docking/gateway`]: async () => ({ Component: (await s()).DockingGatewayScreen }),
  [`${BI}/vos/online/landing`]: async () => ({ Component: (await s()).OnlineLandingScreen }),
  [`${BI}/vos/online/docking`]: async () => ({ Component: (await s()).OnlineDockingScreen }),
  [`${BI}/gateway/ip`]: async () => ({ Component: (await s()).GatewayIpScreen }),
  [`${RES}/resource-manage`]: async () => ({ Component: (await r()).ResourceManageScreen }),
  [`${RES}/resource-pool`]: async () => ({ Component: (await r()).ResourcePoolScreen }),
  [`${RES}/channel-resource-mer`]: async () => ({ Component: (await r()).ResourceVendorScreen }),
};
