import {
  accountResource,
  awsUserResource,
  billResource,
  clientResource,
  contractResource,
  creditWhitelistResource,
  statementResource,
  verificationResource,
  workspaceKeyResource,
  workspaceResource,
} from '@portal/contracts/finance';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import type { AccountRecords } from '../../platform/ports.js';
import { recordHistoryOf } from '../../platform/resource/mount.js';
import { accounts } from './accounts.js';
import { finAwsUsers, finClients, finContracts, finVerifications } from './consumer/schema.js';
import { finBills, finCreditWhitelist, finStatements } from './schema.js';
import { finWorkspaceKeys, finWorkspaces } from './workspaces/schema.js';

/** the account detail's own check: its list key, then the record in the caller's data scope */
export async function accountAccess(db: Db, auth: AuthContext, accountId: number) {
  if (!auth.perms.has(accounts.def.access.list)) return 'forbidden' as const;
  return (await recordHistoryOf(accounts).canRead(db, auth, accountId)) ? ('ok' as const) : ('unknown' as const);
}

type Keyed = PgTable & { id: PgColumn };
/** the finance records kept with an `account_id`, by their history entity */
const BY_ACCOUNT: [entity: string, table: Keyed, accountId: PgColumn][] = [
  [workspaceResource.key, finWorkspaces, finWorkspaces.accountId],
  [clientResource.key, finClients, finClients.accountId],
  [verificationResource.key, finVerifications, finVerifications.accountId],
  [contractResource.key, finContracts, finContracts.accountId],
  [awsUserResource.key, finAwsUsers, finAwsUsers.accountId],
  [creditWhitelistResource.key, finCreditWhitelist, finCreditWhitelist.accountId],
  [billResource.key, finBills, finBills.accountId],
  [statementResource.key, finStatements, finStatements.accountId],
];

/**
 * The finance records hanging on one consumer account, as record history keys them (decision 0145):
 * the account, its workspaces and their API keys, client apps, identity verifications, contracts,
 * AWS users, its credit-ladder exemption, bills and prepaid statements. Kinds without records are left out.
 */
export async function financeRecordsOfAccount(db: Db, accountId: number): Promise<AccountRecords[]> {
  const out: AccountRecords[] = [{ entity: accountResource.key, ids: [String(accountId)] }];
  for (const [entity, table, column] of BY_ACCOUNT) {
    const rows = await db.select({ id: table.id }).from(table).where(eq(column, accountId));
    out.push({ entity, ids: rows.map((r) => String(r.id)) });
  }
  const workspaces = out.find((r) => r.entity === workspaceResource.key)!.ids.map(Number);
  if (workspaces.length) {
    const keys = await db
      .select({ id: finWorkspaceKeys.id })
      .from(finWorkspaceKeys)
      .where(inArray(finWorkspaceKeys.workspaceId, workspaces));
    out.push({ entity: workspaceKeyResource.key, ids: keys.map((k) => String(k.id)) });
  }
  return out.filter((r) => r.ids.length);
}
