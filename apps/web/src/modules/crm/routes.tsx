import type { ScreenMap } from '../../platform/screens';

const seaDetail = async () => ({ Component: (await import('./pool/OpenSeaScreen')).SeaDetailScreen });
/** a customer's details (`?id=`): a partner (type R) and an agent's customer are customers too */
const customerDetail = async () => ({ Component: (await import('./screens')).CustomerDetailScreen });

/** CRM screens that exist so far (and the customer source change application form). */
export const crmScreens: ScreenMap = {
  '/crm/client-partner/my-client': async () => ({ Component: (await import('./screens')).CustomerListScreen }),
  '/crm/business-partner': async () => ({ Component: (await import('./screens')).PartnerListScreen }),
  '/crm/customer/detail': customerDetail,
  '/crm/client-partner/my-client/details': customerDetail,
  '/crm/client-partner/my-client/details-partner': customerDetail,
  '/crm/business-partner/details': customerDetail,
  '/crm/agent-customer/detail': customerDetail,
  '/crm/agent/detail': customerDetail,
  '/crm/customer/add': async () => ({ Component: (await import('./screens')).CustomerAddScreen }),
  '/crm/opportunity/add': async () => ({ Component: (await import('./screens')).OpportunityAddScreen }),
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
  '/crm/open-sea': async () => ({ Component: (await import('./pool/OpenSeaScreen')).OpenSeaScreen }),
  '/setModule/crm/rules/retention': async () => ({ Component: (await import('./rules/screens')).RetentionRulesScreen }),
  '/setModule/crm/rules/level': async () => ({ Component: (await import('./rules/screens')).LevelRulesScreen }),
  '/setModule/crm/rules/churn': async () => ({ Component: (await import('./rules/screens')).ChurnRulesScreen }),
  '/setModule/crm/rules/domain': async () => ({ Component: (await import('./rules/screens')).DomainRulesScreen }),
  '/setModule/crm/rules/allow-buka': async () => ({ Component: (await import('./rules/screens')).BukaAllowScreen }),
  '/crm/wander/transfer': async () => ({ Component: (await import('./flows/screens')).TransferScreen }),
  '/crm/wander/share': async () => ({ Component: (await import('./flows/screens')).ShareScreen }),
  '/crm/operate/alias-record': async () => ({ Component: (await import('./flows/screens')).AliasRecordScreen }),
  '/crm/operate/alias-record/details': async () => ({
    Component: (await import('./flows/screens')).ApplicationDetailScreen,
  }),
  '/crm/operate/approval-order': async () => ({ Component: (await import('./flows/screens')).ApprovalOrderScreen }),
  '/crm/operate/approval-order/detail': async () => ({
    Component: (await import('./flows/screens')).ApplicationDetailScreen,
  }),
  '/crm/operate/team-name-change': async () => ({
    Component: (await import('./flows/screens')).TeamNameChangeScreen,
  }),
  '/crm/class-a/add': async () => ({ Component: (await import('./flows/screens')).ClassAAddScreen }),
  '/crm/class-a/details': async () => ({ Component: (await import('./flows/screens')).ApplicationDetailScreen }),
  '/general/process/modify-client-source/apply': async () => ({
    Component: (await import('./flows/screens')).SourceChangeApplyScreen,
  }),
  '/crm/blacklist': async () => ({ Component: (await import('./flows/screens')).BlacklistScreen }),
  '/crm/blacklist/details': async () => ({ Component: (await import('./pool/OpenSeaScreen')).BlacklistDetailScreen }),
  '/crm/promotion/sign-ups': async () => ({ Component: (await import('./promotion/SignUpsScreen')).SignUpsScreen }),
  '/crm/open-sea/details': seaDetail,
  '/crm/open-sea/partner-details': seaDetail,
  '/crm/open-sea/sea-details': seaDetail,
};
