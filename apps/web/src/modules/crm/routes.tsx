import type { ScreenMap } from '../../platform/screens';

/** CRM screens that exist so far. */
export const crmScreens: ScreenMap = {
  '/crm/client-partner/my-client': async () => ({ Component: (await import('./screens')).CustomerListScreen }),
  '/crm/business-partner': async () => ({ Component: (await import('./screens')).PartnerListScreen }),
  '/crm/customer/detail': async () => ({ Component: (await import('./screens')).CustomerDetailScreen }),
  '/crm/opportunity/detail': async () => ({ Component: (await import('./screens')).OpportunityDetailScreen }),
  '/crm/data-analysis/sales-funnels': async () => ({
    Component: (await import('./analysis/FunnelScreen')).FunnelScreen,
  }),
  '/crm/market-analysis/account-track': async () => ({
    Component: (await import('./analysis/AccountTrackScreen')).AccountTrackScreen,
  }),
  '/setModule/crm/rules/template': async () => ({
    Component: (await import('./analysis/TemplateScreen')).TemplateScreen,
  }),
};
