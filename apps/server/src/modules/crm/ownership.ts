import { customerOwnership } from '@portal/contracts/crm';
import { eq } from 'drizzle-orm';
import { bindOwnership, NO_RULES, type RelatedContext } from '../../platform/ownership/index.js';
import { assertNoPendingAlias } from './alias-pending.js';
import { customers } from './customers.js';
import { crmContacts, crmOpportunities } from './schema.js';

/** Contacts and opportunities carry their customer's owner (the data scope reads it there): all go. */
const moveContacts = async ({ tx, recordId, toUserId }: RelatedContext) => {
  await tx.update(crmContacts).set({ ownerId: toUserId }).where(eq(crmContacts.customerId, recordId));
};
const moveOpportunities = async ({ tx, recordId, toUserId }: RelatedContext) => {
  await tx.update(crmOpportunities).set({ ownerId: toUserId }).where(eq(crmOpportunities.customerId, recordId));
};

/**
 * Customers on the platform ownership piece (decision 0031): owner, open sea, transfer with
 * contacts and opportunities, team members. A pending alias change refuses every owner change.
 * The claim rules are the open-sea rules' (`crm/rules/level`); none here.
 */
export const customerOwnershipBinding = bindOwnership(customerOwnership, customers, {
  fields: { owner: 'ownerId', ownerTime: 'ownedAt', state: 'state', locked: 'locked', dealt: 'dealt' },
  poolState: 'open_sea',
  ownedState: 'private',
  rules: async () => NO_RULES,
  related: { contacts: moveContacts, opportunities: moveOpportunities },
  guard: async ({ tx, ids }) => assertNoPendingAlias(tx, ids),
});
