import type { ScreenMap } from '../../platform/screens';

/** CRM screens that exist so far. */
export const crmScreens: ScreenMap = {
  '/crm/client-partner/my-client': async () => ({ Component: (await import('./screens')).CustomerListScreen }),
  '/crm/business-partner': async () => ({ Component: (await import('./screens')).PartnerListScreen }),
  '/crm/customer/detail': async () => ({ Component: (await import('./screens')).CustomerDetailScreen }),
  '/crm/opportunity/detail': async () => ({ Component: (await import('./screens')).OpportunityDetailScreen }),
};
