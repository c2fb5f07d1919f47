import { customerOwnership, customerResource } from '@portal/contracts/crm';
import { ownershipPath } from '@portal/contracts/ownership';
import type { ResourceDef } from '@portal/contracts/resource';
import { useOwnershipActions } from '../../../platform/ownership';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { DaysSince } from './cells';

/**
 * The open sea's rows: the customer fields a claimant needs (contact details only for holders of
 * their key), no details drawer (a pool customer's details are its owner's to open) and no history.
 */
const poolDef: ResourceDef = {
  ...customerResource,
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
  detail: undefined,
  history: false,
};

const POOL_PAGE = ownershipPath(customerOwnership, 'poolPage');

/** `/crm/open-sea` (one bookmark): the pool with claim and, for managers, distribute. */
export function OpenSeaScreen() {
  const actions = useOwnershipActions(customerOwnership);
  return (
    <>
      <ResourceList
        def={poolDef}
        pagePath={POOL_PAGE}
        overrides={{ bulk: actions.pool, cells: { returnedAt: (v) => <DaysSince at={v} /> } }}
      />
      {actions.dialogs}
    </>
  );
}
