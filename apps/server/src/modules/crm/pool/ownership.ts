import { customerOwnership } from '@portal/contracts/crm';
import { and, eq, inArray } from 'drizzle-orm';
import { bindOwnership, type OwnerChangedContext, type RelatedContext } from '../../../platform/ownership/index.js';
import { assertNoPendingAlias } from '../alias-pending.js';
import { customers } from '../customers.js';
import { crmContacts, crmOpportunities } from '../schema.js';
import { claimRules } from './claim-rules.js';

/** A transfer takes the old owner's contacts or opportunities of the customer along. */
const moveContacts = async ({ tx, recordId, fromUserId, toUserId }: RelatedContext) => {
  await tx
    .update(crmContacts)
    .set({ ownerId: toUserId })
    .where(and(eq(crmContacts.customerId, recordId), eq(crmContacts.ownerId, fromUserId)));
};
const moveOpportunities = async ({ tx, recordId, fromUserId, toUserId }: RelatedContext) => {
  await tx
    .update(crmOpportunities)
    .set({ ownerId: toUserId })
    .where(and(eq(crmOpportunities.customerId, recordId), eq(crmOpportunities.ownerId, fromUserId)));
};

/**
 * A claimed or distributed customer's contacts and opportunities are its new owner's; in the open
 * sea nobody's.
 */
const followOwner = async ({ tx, ids, to }: OwnerChangedContext) => {
  await tx.update(crmContacts).set({ ownerId: to }).where(inArray(crmContacts.customerId, ids));
  await tx.update(crmOpportunities).set({ ownerId: to }).where(inArray(crmOpportunities.customerId, ids));
};

/**
 * Customers on the ownership piece (decision 0031): private = owned, open sea = the pool; a
 * blacklisted customer is in neither (it cannot be claimed or returned); locked ones never return.
 */
export const customerOwners = bindOwnership(customerOwnership, customers, {
  fields: {
    owner: 'ownerId',
    ownerTime: 'ownedAt',
    state: 'state',
    locked: 'locked',
    dealt: 'dealt',
    // the pool's "days since return", written with the owner in one row update
    pooledAt: 'returnedAt',
  },
  poolState: 'open_sea',
  ownedState: 'private',
  rules: claimRules,
  related: { contacts: moveContacts, opportunities: moveOpportunities },
  ownerChanged: followOwner,
  // a pending alias change refuses every owner change and share (10050027)
  guard: async ({ tx, ids }) => assertNoPendingAlias(tx, ids),
});
