import { permOf, routeByPath } from '../routes/index.js';

const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`srm: no route ${path}`);
  return permOf(route);
};
const button = (path: string, action: string) => `${screen(path)}:${action}`;

const MY = '/srm/supplier/my-supplier';
const WITHDRAWALS = '/srm/tvs/withdrawal-record';
const NOTICES = '/srm/tvs/notice';
const REWRITES = '/srm/tvs/content-rewrite';

/**
 * Permission keys of the supplier half of the SRM room, derived from the route registry: screens
 * by their route, actions as buttons under "my suppliers". The pool verbs use the screens that
 * carry them (the sea screen claims, the distribution screen is the pool administrator's).
 */
export const SrmPerm = {
  SUPPLIERS: screen(MY),
  MANAGEMENT: screen('/srm/supplierManagement'),
  BUKA: screen('/srm/supplierManagementBuka'),
  SEA: screen('/srm/supplier/sea-supplier'),
  EQUIPMENT: screen('/srm/supplier/equipment-supplier'),
  CLUE_FOLLOWED: screen('/srm/clue/followed'),
  CLUE_INVALID: screen('/srm/clue/invalid'),
  DISTRIBUTE: screen('/srm/wander/distribute'),
  HANDOVER: screen('/srm/wander/transfer'),
  SHARE: screen('/srm/wander/share'),
  TRANSFER_LOG: screen('/srm/operate/supplier/transfer'),
  APPLICATIONS: screen('/srm/operate/supplier/lication'),
  REVIEW: screen('/srm/operate/supplier/check'),
  SOURCE_CHANGES: screen('/srm/operate/change-source-approval'),
  /** transfer requests and entity changes through approval (one record) */
  SUPPLIER_REQUESTS: screen('/srm/operate/transfer-supplier/list'),
  /** `tvs/account-query`: the SIM-farm partners and their channels' figures */
  TVS_ACCOUNTS: screen('/srm/tvs/account-query'),
  /** `tvs/withdrawal-record`: partners' withdrawal requests (decision 0083) */
  TVS_WITHDRAWALS: screen(WITHDRAWALS),
  TVS_WITHDRAWAL_EDIT: button(WITHDRAWALS, 'edit'),
  /** approve or reject a request someone else entered */
  TVS_WITHDRAWAL_DECIDE: button(WITHDRAWALS, 'decide'),
  /** record the payment finance made for an approved request */
  TVS_WITHDRAWAL_PAY: button(WITHDRAWALS, 'pay'),
  /** `tvs/notice`: notices to the SIM-farm partners */
  TVS_NOTICES: screen(NOTICES),
  TVS_NOTICE_EDIT: button(NOTICES, 'edit'),
  TVS_NOTICE_PUBLISH: button(NOTICES, 'publish'),
  /** `tvs/content-rewrite`: rewriting rules for messages sent through the partners' SIM farms */
  TVS_REWRITES: screen(REWRITES),
  TVS_REWRITE_EDIT: button(REWRITES, 'edit'),
  SUPPLIER_EDIT: button(MY, 'edit'),
  SUPPLIER_RETURN: button(MY, 'return'),
  SUPPLIER_BLACKLIST: button(MY, 'blacklist'),
  SUPPLIER_LOCK: button(MY, 'lock'),
  CONTACT_EDIT: button(MY, 'contact'),
  SUPPLIER_IMPORT: button(MY, 'import'),
  /** field-level: contact phone and e-mail (pool viewers without it do not see them) */
  CONTACT_DETAILS: button(MY, 'contactDetails'),
  PAYMENT_METHODS: screen('/setModule/purchase/payment-method'),
  SEA_RULES: screen('/setModule/purchase/rules/seas'),
  DOMAIN_RULES: screen('/setModule/purchase/rules/domain'),
  RETENTION_RULES: screen('/setModule/purchase/rules/retention'),
  SUPPLIER_RULES: screen('/setModule/purchase/rules/supplier'),
  LEVEL_RULES: screen('/setModule/purchase/rules/level'),
  SUFFIX_RULES: screen('/setModule/purchase/rules/suffix'),
  CLUE_VIEW_RULES: screen('/setModule/purchase/rules/cluevier'),
  SHARE_RULES: screen('/setModule/purchase/rules/share'),
  DUPLICATE_CHECK: screen('/setModule/purchase-set/duplicate-check'),
  CLUE_SETTINGS: screen('/setModule/purchase-set/clue'),
} as const;
