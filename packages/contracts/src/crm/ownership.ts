import { defineOwnership } from '../ownership/define.js';
import { customerResource } from './customer.js';
import { CrmPerm } from './perms.js';

/**
 * Customers' owner, open sea and team on the platform ownership piece: a transfer may take the
 * customer's contacts and opportunities along.
 */
export const customerOwnership = defineOwnership({
  resource: customerResource,
  pool: { zh: '公海', en: 'Open sea' },
  perms: {
    pool: CrmPerm.OPEN_SEA,
    claim: CrmPerm.OPEN_SEA,
    distribute: `${CrmPerm.OPEN_SEA}:distribute`,
    returnToPool: CrmPerm.CUSTOMER_EDIT,
    transfer: CrmPerm.TRANSFER,
    share: CrmPerm.SHARE,
    log: CrmPerm.TRANSFER,
    admin: `${CrmPerm.OPEN_SEA}:admin`,
  },
  related: {
    contacts: { zh: '联系人', en: 'Contacts' },
    opportunities: { zh: '商机', en: 'Opportunities' },
  },
});
