import { supplierOwnership } from '@portal/contracts/srm';
import { and, eq } from 'drizzle-orm';
import { bindOwnership } from '../../platform/ownership/index.js';
import { checkShareRules } from './purchase-rules.js';
import { seaRulesFor } from './rules.js';
import { srmContacts } from './schema.js';
import { suppliers } from './suppliers.js';
import { refuseWhileTransferPending } from './transfer-pending.js';

/** Suppliers' owner, sea, claim, distribute, return, transfer and share: the platform piece. */
export const supplierOwners = bindOwnership(supplierOwnership, suppliers, {
  fields: { owner: 'ownerId', ownerTime: 'ownedAt', state: 'state', locked: 'locked', dealt: 'admitted' },
  poolState: 'sea',
  ownedState: 'private',
  rules: ({ tx, userId }) => seaRulesFor(tx, userId),
  guard: async ({ tx, ids, verb, members }) => {
    if (verb === 'share') await checkShareRules(tx, ids[0]!, members ?? []);
    else await refuseWhileTransferPending(tx, ids);
  },
  related: {
    /** a transfer takes the old owner's contacts of the supplier along */
    contacts: async ({ tx, recordId, fromUserId, toUserId }) => {
      await tx
        .update(srmContacts)
        .set({ ownerId: toUserId })
        .where(and(eq(srmContacts.supplierId, recordId), eq(srmContacts.ownerId, fromUserId)));
    },
  },
});
