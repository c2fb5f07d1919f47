import { customerOwnership } from '@portal/contracts/crm';
import { ownershipPath } from '@portal/contracts/ownership';
import { useOwnershipActions } from '../../../platform/ownership';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { resourceScreens } from '../../../platform/resource/resource-screens';
import { DaysSince } from './cells';
import { blacklistDef, poolDef } from './state-defs';

const POOL_PAGE = ownershipPath(customerOwnership, 'poolPage');

const cells = { returnedAt: (v: unknown) => <DaysSince at={v} /> };

/** `/crm/open-sea` (one bookmark): the pool with claim and, for managers, distribute; details in a drawer. */
export function OpenSeaScreen() {
  const actions = useOwnershipActions(customerOwnership);
  return (
    <>
      <ResourceList def={poolDef} pagePath={POOL_PAGE} overrides={{ bulk: actions.pool, cells }} />
      {actions.dialogs}
    </>
  );
}

/** `/crm/open-sea/details`, `partner-details`, `sea-details` (`?id=`): one open-sea customer. */
export const SeaDetailScreen = resourceScreens(poolDef, { cells }).Detail;
/** `/crm/blacklist/details` (`?id=`): one blacklisted customer with its history. */
export const BlacklistDetailScreen = resourceScreens(blacklistDef).Detail;
