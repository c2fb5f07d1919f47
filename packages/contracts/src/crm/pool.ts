import { defineOwnership } from '../ownership/define.js';
import type { ResourceButton } from '../resource/define.js';
import { customerResource } from './customer.js';
import { CrmPerm } from './perms.js';

/**
 * Customers' ownership and open sea (公海, decision 0033): private customers have an owner, the
 * open sea is the pool; a transfer may take the customer's contacts and opportunities along.
 */
export const customerOwnership = defineOwnership({
  resource: customerResource,
  pool: { zh: '公海', en: 'Open sea' },
  perms: {
    pool: CrmPerm.OPEN_SEA,
    claim: CrmPerm.POOL_CLAIM,
    distribute: CrmPerm.POOL_DISTRIBUTE,
    returnToPool: CrmPerm.RETURN_TO_POOL,
    transfer: CrmPerm.TRANSFER,
    share: CrmPerm.SHARE,
    log: CrmPerm.TRANSFER,
    admin: CrmPerm.POOL_ADMIN,
  },
  related: {
    contacts: { zh: '联系人', en: 'Contacts' },
    opportunities: { zh: '商机', en: 'Opportunities' },
  },
});

/** The open sea's action keys that are buttons (the others are screens of the route registry). */
export const poolButtons: readonly ResourceButton[] = [
  { key: CrmPerm.POOL_CLAIM, parentKey: CrmPerm.OPEN_SEA, name: { zh: '领取公海客户', en: 'Claim from the open sea' } },
  {
    key: CrmPerm.POOL_DISTRIBUTE,
    parentKey: CrmPerm.OPEN_SEA,
    name: { zh: '分配公海客户', en: 'Distribute customers' },
  },
  {
    key: CrmPerm.POOL_ADMIN,
    parentKey: CrmPerm.OPEN_SEA,
    name: { zh: '公海管理员（不受领取规则限制）', en: 'Open-sea administrator (claim rules do not apply)' },
  },
  {
    key: CrmPerm.RETURN_TO_POOL,
    parentKey: CrmPerm.CUSTOMERS,
    name: { zh: '退回公海', en: 'Return to the open sea' },
  },
];

/** Keys only managers hold among the CRM subtree: distributing and bypassing the claim rules. */
export const poolManagerKeys: readonly string[] = [CrmPerm.POOL_DISTRIBUTE, CrmPerm.POOL_ADMIN];

/** Without a retention rule's notice days, the sign-in prompt looks this many days ahead. */
export const DEFAULT_NOTICE_DAYS = 3;

/**
 * Details of a customer nobody owns, read by the list's key rather than the owner's data scope:
 * the open sea's (`/crm/open-sea/details`, `partner-details`, `sea-details`) and the blacklist's
 * (`/crm/blacklist/details`, with its history under `BLACKLIST_API`).
 */
export const BLACKLIST_API = '/v2/crm/blacklist';
export const SEA_DETAIL_PATH = '/v2/crm/open-sea/detail';
export const BLACKLIST_DETAIL_PATH = `${BLACKLIST_API}/detail`;
