import { allReports } from '@portal/contracts/reports/defs';
import type { ScreenMap } from '../../platform/screens';

const screen = async () => ({ Component: (await import('./ReportScreen')).ReportRouteScreen });

/**
 * One screen per report definition: the shared report screen over the definition of its path; and
 * the subscriptions list (its path spelled out: the router reads only the definitions, not the resources).
 */
export const reportScreens: ScreenMap = {
  ...Object.fromEntries(allReports.map((def) => [def.path, screen])),
  '/reportAnalysis/subscriptions': async () => ({
    Component: (await import('./SubscriptionsScreen')).SubscriptionsScreen,
  }),
};
