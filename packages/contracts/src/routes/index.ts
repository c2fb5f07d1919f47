import { crmRoutes } from './crm.js';
import { cscRoutes } from './csc.js';
import { financeRoutes } from './finance.js';
import { generalRoutes } from './general.js';
import { inquiryRoutes } from './inquiry.js';
import { createMatcher, type RouteMatch } from './match.js';
import { messageRoutes } from './message.js';
import { operationsRoutes } from './operations.js';
import { publicRoutes } from './public.js';
import { quotationRoutes } from './quotation.js';
import { reportRoutes } from './reports.js';
import { settingsRoutes } from './settings.js';
import { srmRoutes } from './srm.js';
import { type MenuGroup, type RouteMeta, SUB_APPS, type SubApp, type Title } from './types.js';
import { warningRoutes } from './warning.js';

export { createMatcher, normalizePath, type RouteMatch } from './match.js';
export { isPublicPath, PUBLIC_PREFIXES } from './public.js';
export * from './types.js';

/** The top-level modules: title and icon of each sub-app (top navigation and root menu nodes). */
export const APP_META: Record<SubApp, { title: Title; icon: string }> = {
  home: { title: { zh: '首页', en: 'Home' }, icon: 'HomeOutlined' },
  setModule: { title: { zh: '系统设置', en: 'System settings' }, icon: 'SettingOutlined' },
  businessInquiry: { title: { zh: '业务查询', en: 'Business inquiry' }, icon: 'SearchOutlined' },
  crm: { title: { zh: '客户管理', en: 'CRM' }, icon: 'TeamOutlined' },
  reportAnalysis: { title: { zh: '报表分析', en: 'Reports' }, icon: 'BarChartOutlined' },
  financial: { title: { zh: '财务中心', en: 'Finance' }, icon: 'AccountBookOutlined' },
  businessOperations: { title: { zh: '业务运营', en: 'Operations' }, icon: 'ToolOutlined' },
  srm: { title: { zh: '供应商管理', en: 'SRM' }, icon: 'ShopOutlined' },
  message: { title: { zh: '消息中心', en: 'Message center' }, icon: 'MessageOutlined' },
  offerManage: { title: { zh: '报价管理', en: 'Quotation' }, icon: 'DollarOutlined' },
  csc: { title: { zh: '客服中心', en: 'Customer service' }, icon: 'CustomerServiceOutlined' },
  general: { title: { zh: '流程审批', en: 'Approvals' }, icon: 'AuditOutlined' },
  heavenlyWarning: { title: { zh: '天网预警', en: 'Early warning' }, icon: 'AlertOutlined' },
};

/** Every screen of the portal (spec 2), section by section. */
export const routes: RouteMeta[] = [
  ...publicRoutes,
  ...settingsRoutes,
  ...inquiryRoutes,
  ...crmRoutes,
  ...reportRoutes,
  ...financeRoutes,
  ...operationsRoutes,
  ...srmRoutes,
  ...messageRoutes,
  ...quotationRoutes,
  ...cscRoutes,
  ...generalRoutes,
  ...warningRoutes,
];

/** The routes of each section file, for tests and tooling. */
export const routesBySection = {
  public: publicRoutes,
  settings: settingsRoutes,
  inquiry: inquiryRoutes,
  crm: crmRoutes,
  reports: reportRoutes,
  finance: financeRoutes,
  operations: operationsRoutes,
  srm: srmRoutes,
  message: messageRoutes,
  quotation: quotationRoutes,
  csc: cscRoutes,
  general: generalRoutes,
  warning: warningRoutes,
} as const;

const byPath = new Map(routes.map((r) => [r.path, r]));
const byName = new Map(routes.filter((r) => r.name).map((r) => [r.name!, r]));

/** The route declared with exactly this path pattern. */
export const routeByPath = (path: string): RouteMeta | undefined => byPath.get(path);

/** A named route (GeneralDownload, MessageEmailInbox, MessageEmailSpam). */
export const routeByName = (name: string): RouteMeta | undefined => byName.get(name);

/** The route a location shows: exact paths first, then `:param` routes, then section wildcards. */
export const matchRoute: (pathname: string) => RouteMatch | undefined = createMatcher(routes);

/** The sub-app a path belongs to (its first segment), if any. */
export const appOfPath = (pathname: string): SubApp | undefined => {
  const first = pathname.split(/[/?#]/).filter(Boolean)[0];
  return SUB_APPS.find((a) => a === first);
};

/** Side-menu groups of each sub-app, in menu order (first appearance in the registry). */
export const menuGroups: Record<SubApp, MenuGroup[]> = Object.fromEntries(
  SUB_APPS.map((app) => {
    const seen = new Map<string, MenuGroup>();
    for (const r of routes) if (r.app === app && r.group && !seen.has(r.group.key)) seen.set(r.group.key, r.group);
    return [app, [...seen.values()]];
  }),
) as Record<SubApp, MenuGroup[]>;

/** The side-menu entries of a sub-app: routes neither hidden nor redirects, in registry order. */
export const menuRoutes = (app: SubApp): RouteMeta[] => routes.filter((r) => r.app === app && !r.hidden && !r.redirect);
