import { BLACKLIST_API, customerResource, SEA_DETAIL_PATH } from '@portal/contracts/crm';
import type { ResourceDef } from '@portal/contracts/resource';

/**
 * The open sea's rows and details: the customer fields a claimant needs (contact details only for
 * holders of their key), read through the pool's own detail call (a pool customer has no owner, so
 * the owner-scoped customer detail would not find it); no tabs and no history (the former owner's
 * follow-ups are not the claimant's).
 */
export const poolDef: ResourceDef = {
  ...customerResource,
  routes: { list: '/crm/open-sea', detail: '/crm/open-sea/details' },
  paths: { detail: SEA_DETAIL_PATH },
  list: {
    ...customerResource.list,
    columns: [
      'code',
      'name',
      'alias',
      'type',
      'country',
      'level',
      'source',
      'industry',
      'phone',
      'returnedAt',
      'createdAt',
    ],
    filters: {
      keyword: customerResource.list.filters.keyword,
      returnedAt: customerResource.list.filters.returnedAt,
      country: customerResource.list.filters.country,
      level: customerResource.list.filters.level,
      source: customerResource.list.filters.source,
      type: customerResource.list.filters.type,
      industry: customerResource.list.filters.industry,
    },
  },
  detail: { header: ['code', 'alias', 'type', 'returnedAt'] },
  history: false,
};

/**
 * The blacklist's rows and details under `/v2/crm/blacklist` (page, detail, timeline): blacklisted
 * customers are nobody's, so the blacklist key, not the owner's scope, decides who reads them; the
 * history shows why and by whom (no follow-ups on a blacklisted customer).
 */
export const blacklistDef: ResourceDef = {
  ...customerResource,
  api: BLACKLIST_API,
  routes: { list: '/crm/blacklist', detail: '/crm/blacklist/details' },
  detail: { header: ['code', 'alias', 'state', 'blacklistReason'] },
  history: {},
};
