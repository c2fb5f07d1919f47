import { permOf, routeByPath } from '../routes/index.js';

const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`crm: no route ${path}`);
  return permOf(route);
};
const button = (path: string, action: string) => `${screen(path)}:${action}`;

const MY = '/crm/client-partner/my-client';
const SEA = '/crm/open-sea';

/**
 * Permission keys of the CRM room, derived from the route registry: screens by their route, actions
 * as buttons under "my customers" (the seed creates the buttons from the resource definitions).
 */
export const CrmPerm = {
  CUSTOMERS: screen(MY),
  PARTNERS: screen('/crm/business-partner'),
  OPEN_SEA: screen('/crm/open-sea'),
  BLACKLIST: screen('/crm/blacklist'),
  CUSTOMER_EDIT: button(MY, 'edit'),
  CUSTOMER_LOCK: button(MY, 'lock'),
  CUSTOMER_IMPORT: button(MY, 'import'),
  CONTACT_EDIT: button(MY, 'contact'),
  /** field-level: contact phone and e-mail (pool viewers without it do not see them) */
  CONTACT_DETAILS: button(MY, 'contactDetails'),
  OPPORTUNITY_EDIT: button(MY, 'opportunity'),
  FUNNEL: screen('/crm/data-analysis/sales-funnels'),
  ACCOUNT_TRACK: screen('/crm/market-analysis/account-track'),
  /** `/setModule/crm/rules/template`: the import templates and their columns */
  TEMPLATES: screen('/setModule/crm/rules/template'),
  /** the open sea (decision 0033): claim, distribute, pool administrator, return by hand */
  POOL_CLAIM: button(SEA, 'claim'),
  POOL_DISTRIBUTE: button(SEA, 'distribute'),
  POOL_ADMIN: button(SEA, 'admin'),
  RETURN_TO_POOL: button(MY, 'returnToPool'),
  TRANSFER: screen('/crm/wander/transfer'),
  SHARE: screen('/crm/wander/share'),
  RULES_RETENTION: screen('/setModule/crm/rules/retention'),
  RULES_LEVEL: screen('/setModule/crm/rules/level'),
  RULES_CHURN: screen('/setModule/crm/rules/churn'),
  RULES_DOMAIN: screen('/setModule/crm/rules/domain'),
  RULES_BUKA: screen('/setModule/crm/rules/allow-buka'),
  ALIAS_RECORDS: screen('/crm/operate/alias-record'),
  APPROVAL_ORDERS: screen('/crm/operate/approval-order'),
  TEAM_NAME: screen('/crm/operate/team-name-change'),
  /** applications on a customer: alias, class A, source, blacklist (through approval) */
  APPLY: button(MY, 'apply'),
  /** turns a promotion link's sign-up into a customer (decision 0052) */
  SIGNUP_CONVERT: button(MY, 'convertSignUp'),
  /** takes a customer off the blacklist (back to the open sea) */
  BLACKLIST_REMOVE: button('/crm/blacklist', 'remove'),
} as const;
