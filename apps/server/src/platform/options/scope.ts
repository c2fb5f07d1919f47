import { FinPerm } from '@portal/contracts/finance';
import type { OptionKind } from '@portal/contracts/options';
import { SrmPerm } from '@portal/contracts/srm';
import { ChannelPerm } from '@portal/contracts/srm/channels';
import type { AuthContext } from '../auth/context.js';

/**
 * Keys whose holders bind any record of a kind, whoever owns it, so their pickers offer every one:
 * finance staff keep the books of every customer, account and supplier (as the finance lists'
 * `financeScope`), operations bind any customer to a route, gateway or sender id and any supplier
 * to a channel or resource, and the TVS rewrites name any partner. Everyone else picks within
 * their data scope by owner, as the owning room's list shows them (staff: the users their scope covers,
 * as the staff picker).
 */
const WIDE: Record<OptionKind, readonly string[]> = {
  customer: [
    FinPerm.ALL_ACCOUNTS,
    ChannelPerm.ROUTE_EDIT,
    ChannelPerm.LANDING_EDIT,
    ChannelPerm.DOCKING_EDIT,
    ChannelPerm.SENDER_ID_EDIT,
  ],
  agent: [FinPerm.ALL_ACCOUNTS],
  supplier: [FinPerm.ALL_ACCOUNTS, ChannelPerm.CHANNEL_EDIT, ChannelPerm.RESOURCE_EDIT, SrmPerm.TVS_REWRITE_EDIT],
  account: [FinPerm.ALL_ACCOUNTS],
  staff: [],
  // channels have no owner: their provider answers by these keys alone (srm/channels/options.ts)
  channel: [],
};

/** The caller as a picker of `kind` sees them: their own data scope, or all for the keys above. */
export function optionScope(auth: AuthContext, kind: OptionKind): AuthContext {
  return WIDE[kind].some((k) => auth.perms.has(k)) ? { ...auth, scope: { kind: 'all', departmentIds: [] } } : auth;
}
