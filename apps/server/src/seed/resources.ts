/**
 * The menu and button resources the demo seed creates, built from the route registry
 * (`@portal/contracts` routes). `key` is the permission key (`international`).
 *
 * Tree: a menu node per sub-app (key = sub-app name) → a node per side-menu group
 * (key `${app}:group:${group}`) → a node per menu screen (router = path, key = permOf).
 * Hidden screens get a node (webShowFlag false) only when their key is their own; detail pages
 * guarded by their list's key need none. Redirects, section wildcards and public or
 * always-allowed pages need no resource (the home module node carries /home).
 */
import { APP_META, menuGroups, Perm, permOf, type RouteMeta, routes, SUB_APPS, type SubApp } from '@portal/contracts';
import { CrmPerm, poolButtons, poolManagerKeys } from '@portal/contracts/crm';
import {
  EntitySettlePerm,
  FinPerm,
  SealPerm,
  SUPPLIER_CONTROL_KINDS,
  SUPPLIER_PRODUCTS,
  SupplierBillPerm,
  supplierControlPerm,
  supplierPerm,
  WorkspacePerm,
} from '@portal/contracts/finance';
import { QmPerm } from '@portal/contracts/quotation';
import { customerReports, REPORTS_ALL_FIGURES, reportSubscriptionResource } from '@portal/contracts/reports';
import { resourceButtons } from '@portal/contracts/resource';
import { allResources } from '@portal/contracts/resource/all';
import { SrmPerm } from '@portal/contracts/srm';
import { ChannelPerm } from '@portal/contracts/srm/channels';
import { TrafficPerm } from '@portal/contracts/traffic';

export interface SeedResource {
  key: string;
  parentKey: string | null;
  type: 'menu' | 'button';
  name: string;
  nameEn: string;
  router: string | null;
  icon: string | null;
  webShowFlag: boolean;
  iframeName: string | null;
  sort: number;
  /** every role holds it (shell links, personal screens) */
  common: boolean;
}

export const SEED_ROLES = [
  'admin',
  'sales_manager',
  'sales',
  'finance',
  'ops',
  'purchasing_manager',
  'purchasing',
] as const;
export type SeedRole = (typeof SEED_ROLES)[number];

/** sales see their customers' traffic (data scope on the record's owner) */
const SALES_TRAFFIC = [
  TrafficPerm.SMS_RECORDS,
  TrafficPerm.VOICE_RECORDS,
  TrafficPerm.SMS_PERFORMANCE,
  TrafficPerm.RESULTS_C,
  TrafficPerm.RESULTS_R,
  TrafficPerm.VOICE_PERFORMANCE,
  TrafficPerm.WA_RESULTS,
  TrafficPerm.MAIL_PERFORMANCE,
  TrafficPerm.AGENT_PERFORMANCE,
  TrafficPerm.SMS_APPS,
  TrafficPerm.VOICE_APPS,
  TrafficPerm.AGENT_QUERY,
  // one agent's customers (decision 0147); finance's account pages once under it have keys of their own
  TrafficPerm.AGENT_CUSTOMERS,
  TrafficPerm.ANTS,
  TrafficPerm.STAR_PROMOTERS,
  TrafficPerm.GIFTS,
  TrafficPerm.NUMBER_PERFORMANCE,
  TrafficPerm.SIP_RECORDS,
  TrafficPerm.CC_RECORDS,
  TrafficPerm.VOICE_TASKS,
  TrafficPerm.VOICE_TASK_CONTROL,
  TrafficPerm.VOS_ACCOUNTS,
  TrafficPerm.MINX,
  TrafficPerm.API_QUEUES,
  TrafficPerm.PORT_QUERY,
  TrafficPerm.OPERATION_LOG,
  TrafficPerm.WHATSAPP_RECORDS,
  TrafficPerm.WA_SESSIONS,
  TrafficPerm.MAIL_RECORDS,
  TrafficPerm.TWO_WAY,
  TrafficPerm.TWO_WAY_TASKS,
  TrafficPerm.APPOINTMENTS,
  TrafficPerm.APPOINTMENT_CANCEL,
  TrafficPerm.AUTO_RECALL,
  // the reports about customers, each within the same data scope (own customers / department);
  // supplier, channel and operations reports stay with finance (and the administrator)
  ...customerReports.map((r) => r.perm),
  reportSubscriptionResource.access.list,
];

/** Buyers keep the channels' cost books; a raising cost goes through the supplier-quote approval (decision 0100). */
const SUPPLIER_COSTS = [
  QmPerm.SUPPLIER_SMS,
  QmPerm.SUPPLIER_VOICE,
  QmPerm.QUERY_SUPPLIER,
  QmPerm.SUPPLIER_APPROVAL,
  // a carrier's price list read into a draft supplier quote, and the log of those runs (decision 0112)
  QmPerm.AI_VENDOR,
  QmPerm.AI_QUOTE_LOG,
];

/**
 * finance's two account pages, where the overdue / resume notices and the account form's "open existing" link
 * land (decision 0151): their recipients hold them. Every call behind them answers within the caller's
 * account scope, so sales see their own accounts' only; the credit changes list keeps its own key.
 */
const FIN_ACCOUNT_PAGES = [
  permOf({ path: '/businessInquiry/accountApprovalStatus' }),
  permOf({ path: '/businessInquiry/creditModifyRecord/consumer' }),
];

/** sales read their customers' workspaces and keys (decision 0116); finance makes and changes them */
const SALES_WORKSPACES = [WorkspacePerm.WORKSPACES, WorkspacePerm.KEYS];

/** sales and buyers (the apply form is every role's) read their own applications and archived contracts (decision 0117) */
const SEAL_APPLICANTS = [SealPerm.APPLICATIONS, SealPerm.ARCHIVE];

/** What each demo role holds besides the administrator, who holds everything. */
export const ROLE_GRANTS: Record<
  Exclude<SeedRole, 'admin'>,
  { subtrees: SubApp[]; keys: string[]; withhold?: readonly string[] }
> = {
  sales: {
    subtrees: ['crm', 'offerManage'],
    keys: [
      Perm.AI_CHAT,
      ...SALES_TRAFFIC,
      FinPerm.ACCOUNTS,
      FinPerm.ACCOUNT_OPEN,
      ...FIN_ACCOUNT_PAGES,
      ChannelPerm.MARKET,
      ...SALES_WORKSPACES,
      ...SEAL_APPLICANTS,
    ],
    withhold: poolManagerKeys,
  },
  sales_manager: {
    subtrees: ['crm', 'offerManage'],
    keys: [
      Perm.AI_CHAT,
      ...SALES_TRAFFIC,
      FinPerm.ACCOUNTS,
      FinPerm.ACCOUNT_OPEN,
      ...FIN_ACCOUNT_PAGES,
      ChannelPerm.MARKET,
      ...SALES_WORKSPACES,
      ...SEAL_APPLICANTS,
    ],
  },
  /** finance also records the payment of a SIM-farm partner's approved withdrawal (decision 0083) */
  finance: {
    subtrees: ['financial', 'reportAnalysis'],
    // an account's operation log, opened from the consumer account list (decision 0145)
    keys: [
      Perm.AI_CHAT,
      SrmPerm.TVS_WITHDRAWALS,
      SrmPerm.TVS_WITHDRAWAL_PAY,
      TrafficPerm.OPERATION_LOG,
      ...FIN_ACCOUNT_PAGES,
    ],
  },
  ops: { subtrees: ['businessOperations', 'businessInquiry', 'heavenlyWarning'], keys: [Perm.SIMBANK] },
  purchasing_manager: {
    subtrees: ['srm'],
    keys: [
      Perm.AI_CHAT,
      SrmPerm.SEA_RULES,
      SrmPerm.DOMAIN_RULES,
      SrmPerm.RETENTION_RULES,
      SrmPerm.SUPPLIER_RULES,
      SrmPerm.LEVEL_RULES,
      SrmPerm.SUFFIX_RULES,
      SrmPerm.CLUE_VIEW_RULES,
      SrmPerm.SHARE_RULES,
      SrmPerm.DUPLICATE_CHECK,
      SrmPerm.CLUE_SETTINGS,
      SrmPerm.PAYMENT_METHODS,
      ...SUPPLIER_COSTS,
      ...SEAL_APPLICANTS,
    ],
  },
  /** buyers: their own suppliers, the sea and admissions; distribution and handover are the manager's */
  purchasing: {
    subtrees: [],
    keys: [
      SrmPerm.SUPPLIERS,
      SrmPerm.SUPPLIER_EDIT,
      SrmPerm.SUPPLIER_RETURN,
      SrmPerm.CONTACT_EDIT,
      SrmPerm.SUPPLIER_IMPORT,
      SrmPerm.CONTACT_DETAILS,
      SrmPerm.SEA,
      SrmPerm.EQUIPMENT,
      SrmPerm.CLUE_FOLLOWED,
      SrmPerm.CLUE_INVALID,
      SrmPerm.SHARE,
      SrmPerm.APPLICATIONS,
      SrmPerm.SOURCE_CHANGES,
      SrmPerm.SUPPLIER_REQUESTS,
      Perm.AI_CHAT,
      ...SUPPLIER_COSTS,
      ...SEAL_APPLICANTS,
    ],
  },
};

/** Buttons: permission keys that guard actions, not screens; a resource's come from its definition. */
const BUTTONS: { key: string; parentKey: string | null; name: string; nameEn: string }[] = [
  ...[...allResources.flatMap(resourceButtons), ...poolButtons].map((b) => ({
    key: b.key,
    parentKey: b.parentKey,
    name: b.name.zh,
    nameEn: b.name.en,
  })),
  { key: FinPerm.ACCOUNT_OPEN, parentKey: FinPerm.ACCOUNTS, name: '申请开户', nameEn: 'Apply to open an account' },
  {
    key: WorkspacePerm.KEY_VERIFY,
    parentKey: WorkspacePerm.KEYS,
    name: '校验 API 密钥（消息平台）',
    nameEn: 'Check API keys (messaging platform)',
  },
  {
    key: FinPerm.WRITE_OFF,
    parentKey: FinPerm.BILLS,
    name: '申请坏账核销',
    nameEn: 'Apply to write off a bill',
  },
  {
    key: FinPerm.REINSTATE,
    parentKey: FinPerm.ACCOUNTS,
    name: '申请恢复账户',
    nameEn: 'Apply to reinstate a suspended account',
  },
  {
    key: FinPerm.ALLOCATE,
    parentKey: FinPerm.MAIN_RECORDS,
    name: '申请主账户划拨',
    nameEn: 'Apply to allocate money from a main account',
  },
  ...SUPPLIER_PRODUCTS.map((product) => ({
    key: supplierPerm(product).APPLY,
    parentKey: supplierPerm(product).LIST,
    name: '申请供应商账户资金变动',
    nameEn: 'Apply to move a supplier account’s money',
  })),
  {
    key: SupplierBillPerm.CHECK,
    parentKey: SupplierBillPerm.BILLS,
    name: '核对供应商账单（新建、上传、确认、争议）',
    nameEn: 'Check supplier bills (create, upload, confirm, dispute)',
  },
  {
    key: SupplierBillPerm.SOA_EDIT,
    parentKey: SupplierBillPerm.SOA,
    name: '编辑对账单（新建、确认、争议）',
    nameEn: 'Edit statements of account (create, agree, dispute)',
  },
  {
    key: EntitySettlePerm.GENERATE,
    parentKey: EntitySettlePerm.REPORT,
    name: '生成主体结算报表',
    nameEn: 'Generate the entity settlement report',
  },
  ...SUPPLIER_CONTROL_KINDS.map((kind) => ({
    key: supplierControlPerm(kind).EDIT,
    parentKey: supplierControlPerm(kind).LIST,
    name: '编辑供应商管控名单',
    nameEn: 'Edit the supplier control list',
  })),
  {
    key: FinPerm.ALL_ACCOUNTS,
    parentKey: FinPerm.ACCOUNTS,
    name: '查看全部客户账户（财务）',
    nameEn: 'See every consumer account (finance)',
  },
  {
    key: SealPerm.ALL,
    parentKey: SealPerm.APPLICATIONS,
    name: '查看全部用印申请与归档合同（财务、法务）',
    nameEn: 'See every seal application and archived contract (finance, legal)',
  },
  {
    key: REPORTS_ALL_FIGURES,
    parentKey: 'reportAnalysis',
    name: '报表：查看全部客户的数据（财务）',
    nameEn: 'Reports: figures of every customer (finance)',
  },
  { key: CrmPerm.APPLY, parentKey: CrmPerm.CUSTOMERS, name: '客户变更申请', nameEn: 'Apply for customer changes' },
  { key: CrmPerm.BLACKLIST_REMOVE, parentKey: CrmPerm.BLACKLIST, name: '移出黑名单', nameEn: 'Remove from blacklist' },
  { key: Perm.AI_CHAT, parentKey: null, name: 'AI 助手', nameEn: 'AI assistant' },
  { key: Perm.SIMBANK, parentKey: null, name: 'SIM 卡池权限', nameEn: 'SIM bank access' },
  {
    key: SrmPerm.SUPPLIER_RETURN,
    parentKey: SrmPerm.SUPPLIERS,
    name: '退回公海（供应商）',
    nameEn: 'Return to the open sea (suppliers)',
  },
  { key: Perm.SYS_MENU_EDIT, parentKey: Perm.SYS_MENU_LIST, name: '编辑菜单', nameEn: 'Edit menus' },
  { key: Perm.SYS_ROLE_EDIT, parentKey: Perm.SYS_ROLE_LIST, name: '编辑角色', nameEn: 'Edit roles' },
  { key: Perm.SYS_DEPT_EDIT, parentKey: Perm.SYS_DEPT_LIST, name: '编辑部门', nameEn: 'Edit departments' },
  { key: CrmPerm.CUSTOMER_IMPORT, parentKey: CrmPerm.CUSTOMERS, name: '导入客户', nameEn: 'Import customers' },
  { key: SrmPerm.SUPPLIER_IMPORT, parentKey: SrmPerm.SUPPLIERS, name: '导入供应商', nameEn: 'Import suppliers' },
  {
    key: TrafficPerm.INGEST_ADMIN,
    parentKey: TrafficPerm.SMS_RECORDS,
    name: '话单接入管理',
    nameEn: 'Manage record ingestion',
  },
  {
    key: TrafficPerm.ROLLUP_REBUILD,
    parentKey: TrafficPerm.SMS_PERFORMANCE,
    name: '重建统计',
    nameEn: 'Rebuild rollups',
  },
  {
    key: TrafficPerm.APPOINTMENT_CANCEL,
    parentKey: TrafficPerm.APPOINTMENTS,
    name: '取消预约发送',
    nameEn: 'Cancel scheduled sends',
  },
  {
    key: TrafficPerm.VOICE_TASK_CONTROL,
    parentKey: TrafficPerm.VOICE_TASKS,
    name: '暂停、恢复或取消语音任务',
    nameEn: 'Pause, resume or cancel voice tasks',
  },
  {
    key: TrafficPerm.AUTO_RECALL_CREATE,
    parentKey: TrafficPerm.AUTO_RECALL,
    name: '新建召回任务',
    nameEn: 'Start recall tasks',
  },
];

const needsResource = (r: RouteMeta) =>
  !r.public && !r.alwaysAllowed && !r.redirect && !r.path.endsWith('/*') && r.app !== 'home';

/** The resource nodes, parents before children (each node's parent appears earlier). */
export function buildSeedResources(): SeedResource[] {
  const out: SeedResource[] = [];
  const byKey = new Map<string, SeedResource>();
  const childCount = new Map<string | null, number>();
  const add = (r: Omit<SeedResource, 'sort'>) => {
    if (byKey.has(r.key)) return;
    const sort = childCount.get(r.parentKey) ?? 0;
    childCount.set(r.parentKey, sort + 1);
    const node = { ...r, sort };
    byKey.set(r.key, node);
    out.push(node);
  };
  const base = { type: 'menu' as const, router: null, webShowFlag: true, iframeName: null, common: false };

  for (const app of SUB_APPS) {
    const meta = APP_META[app];
    add({
      ...base,
      key: app,
      parentKey: null,
      name: meta.title.zh,
      nameEn: meta.title.en,
      icon: meta.icon,
      ...(app === 'home' ? { router: '/home', common: true } : {}),
    });
    for (const g of menuGroups[app])
      add({
        ...base,
        key: `${app}:group:${g.key}`,
        parentKey: app,
        name: g.title.zh,
        nameEn: g.title.en,
        icon: g.icon ?? null,
      });
  }

  for (const r of routes.filter(needsResource)) {
    const key = permOf(r);
    if (r.activeRouter && byKey.has(key)) continue; // guarded by its list's key
    add({
      ...base,
      key,
      parentKey: r.group ? `${r.app}:group:${r.group.key}` : r.app,
      name: r.title.zh,
      nameEn: r.title.en,
      router: r.path,
      icon: r.icon ?? null,
      webShowFlag: !r.hidden,
      iframeName: r.iframe ?? null,
      common: !!r.common,
    });
  }

  for (const b of BUTTONS) {
    if (b.parentKey && !byKey.has(b.parentKey)) throw new Error(`button ${b.key}: no parent ${b.parentKey}`);
    add({ ...base, ...b, type: 'button', icon: null });
  }

  // group nodes nobody fills stay out
  const used = new Set(out.map((r) => r.parentKey));
  return out.filter((r) => !r.key.includes(':group:') || used.has(r.key));
}

/**
 * The keys each role holds. A granted node brings its ancestors along, so the menu tree of
 * every role is whole; every role holds the `common` nodes (only users with a role get them).
 */
export function roleGrants(list: readonly SeedResource[]): Map<SeedRole, Set<string>> {
  const byKey = new Map(list.map((r) => [r.key, r]));
  const children = new Map<string, SeedResource[]>();
  for (const r of list) if (r.parentKey) children.set(r.parentKey, [...(children.get(r.parentKey) ?? []), r]);

  const withAncestors = (keys: Iterable<string>) => {
    const held = new Set<string>();
    for (const key of keys) {
      let node = byKey.get(key);
      while (node && !held.has(node.key)) {
        held.add(node.key);
        node = node.parentKey ? byKey.get(node.parentKey) : undefined;
      }
    }
    return held;
  };
  const subtree = (key: string): string[] => [key, ...(children.get(key) ?? []).flatMap((c) => subtree(c.key))];
  const common = list.filter((r) => r.common).map((r) => r.key);

  const grants = new Map<SeedRole, Set<string>>([['admin', new Set(list.map((r) => r.key))]]);
  for (const [role, g] of Object.entries(ROLE_GRANTS) as [
    Exclude<SeedRole, 'admin'>,
    (typeof ROLE_GRANTS)['sales'],
  ][]) {
    for (const k of g.keys) if (!byKey.has(k)) throw new Error(`role ${role}: unknown key ${k}`);
    const withheld = new Set(g.withhold ?? []);
    const keys = [...g.subtrees.flatMap(subtree), ...g.keys, ...common].filter((k) => !withheld.has(k));
    grants.set(role, withAncestors(keys));
  }
  return grants;
}
