import { badAllowListEntry, workspaceKeyResource, workspaceResource } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { customerFieldSql } from '../../crm/customer-refs.js';
import { accountScopeWhere, financeScope } from '../accounts.js';
import { finAccounts } from '../schema.js';
import { normalAllowList } from './keys.js';
import { finWorkspaceKeys, finWorkspaces, workspaceCodeSeq } from './schema.js';

const wsAccount = (field: 'code' | 'customer_id') =>
  sql.raw(`(select a.${field} from fin_accounts a where a.id = "fin_workspaces"."account_id")`);
const keyWorkspace = (field: 'code' | 'name' | 'account_id') =>
  sql.raw(`(select w.${field} from fin_workspaces w where w.id = "fin_workspace_keys"."workspace_id")`);
const keyAccount = (field: 'code' | 'customer_id') =>
  sql.raw(
    `(select a.${field} from fin_accounts a join fin_workspaces w on w.account_id = a.id where w.id = "fin_workspace_keys"."workspace_id")`,
  );

async function nextWorkspaceCode(tx: DbOrTx) {
  const [row] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${workspaceCodeSeq.seqName})::text as n`));
  return `WS${row!.n}`;
}

/** The workspace may take this step from its state, else the catalogue's refusal. */
function inState(record: Values, states: readonly string[]) {
  if (!states.includes(String(record.state)))
    throw new AppError('FIN_WORKSPACE_STATE', { vars: { value: String(record.code) } });
}

/**
 * `account/consumer/workspace` (decision 0116): in the caller's account scope (finance: all; sales:
 * their customers'). A workspace is made on an open account the caller may see.
 */
export const workspaces = bindResource(workspaceResource, {
  scopeOf: financeScope,
  table: finWorkspaces,
  search: { keyword: finWorkspaces.search },
  columns: {
    code: finWorkspaces.code,
    name: finWorkspaces.name,
    accountId: finWorkspaces.accountId,
    accountCode: wsAccount('code'),
    customerName: customerFieldSql(wsAccount('customer_id'), 'name'),
    ownerId: customerFieldSql(wsAccount('customer_id'), 'owner_id'),
    state: finWorkspaces.state,
    activeKeys: sql`(select count(*)::int from fin_workspace_keys k where k.workspace_id = "fin_workspaces"."id" and k.state = 'active')`,
    suspendReason: finWorkspaces.suspendReason,
    remark: finWorkspaces.remark,
    createdBy: finWorkspaces.createdBy,
    createdAt: finWorkspaces.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const accountId = Number(input.accountId);
      const [acc] = await ctx.tx
        .select({ code: finAccounts.code, state: finAccounts.state })
        .from(finAccounts)
        .where(eq(finAccounts.id, accountId));
      if (!acc) throw new AppError('FIN_ACCOUNT_UNKNOWN', { vars: { value: String(accountId) } });
      // the account must be one the caller may see: its customer's owner within their data scope
      const [seen] = await ctx.tx
        .select({ id: finAccounts.id })
        .from(finAccounts)
        .where(sql`${finAccounts.id} = ${accountId} and ${accountScopeWhere(ctx.auth) ?? sql`true`}`);
      if (!seen) throw new AppError('FIN_ACCOUNT_UNKNOWN', { vars: { value: String(accountId) } });
      if (acc.state !== 'active' && acc.state !== 'suspended')
        throw new AppError('FIN_WORKSPACE_ACCOUNT', { vars: { value: acc.code } });
      return {
        code: await nextWorkspaceCode(ctx.tx),
        state: 'active',
        createdBy: ctx.auth.userId,
        createdAt: ctx.p.clock.now(),
      };
    },
  },
  commands: {
    async suspend(_ctx, record, input) {
      inState(record, ['active']);
      return { set: { state: 'suspended', suspendReason: String(input.reason) } };
    },
    async resume(_ctx, record) {
      inState(record, ['suspended']);
      return { set: { state: 'active', suspendReason: null } };
    },
  },
});

/**
 * `account/consumer/workspaceapi` (decision 0116): keys in the caller's account scope. No secret is
 * a column here (only the hash is stored, and never read): rows, details, exports and history have
 * none to show. The name and allow-list are edited through the update; revoke is a command.
 */
export const workspaceKeys = bindResource(workspaceKeyResource, {
  scopeOf: financeScope,
  table: finWorkspaceKeys,
  search: { keyword: finWorkspaceKeys.search },
  columns: {
    prefix: finWorkspaceKeys.prefix,
    name: finWorkspaceKeys.name,
    workspaceId: finWorkspaceKeys.workspaceId,
    workspaceCode: keyWorkspace('code'),
    workspaceName: keyWorkspace('name'),
    accountCode: keyAccount('code'),
    ownerId: customerFieldSql(keyAccount('customer_id'), 'owner_id'),
    state: finWorkspaceKeys.state,
    allowIps: finWorkspaceKeys.allowIps,
    expiresAt: finWorkspaceKeys.expiresAt,
    rotatedTo: sql`(select n.prefix from fin_workspace_keys n where n.rotated_from = "fin_workspace_keys"."id")`,
    lastUsedAt: finWorkspaceKeys.lastUsedAt,
    lastUsedIp: finWorkspaceKeys.lastUsedIp,
    createdBy: finWorkspaceKeys.createdBy,
    createdAt: finWorkspaceKeys.createdAt,
  },
  hooks: {
    async beforeUpdate(_ctx, before, patch) {
      if (before.state === 'revoked') throw new AppError('FIN_KEY_STATE', { vars: { value: String(before.prefix) } });
      if (!('allowIps' in patch)) return undefined;
      const text = patch.allowIps as string | null;
      const bad = badAllowListEntry(text);
      if (bad !== undefined) throw new AppError('FIN_KEY_BAD_IP', { vars: { value: bad } });
      return { allowIps: normalAllowList(text) };
    },
  },
  commands: {
    async revoke(ctx, record) {
      if (record.state === 'revoked') throw new AppError('FIN_KEY_STATE', { vars: { value: String(record.prefix) } });
      return { set: { state: 'revoked', revokedAt: ctx.p.clock.now() } };
    },
  },
});
