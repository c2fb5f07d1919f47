import {
  type SupplierApplicationKind,
  type SupplierBadDebtApply,
  supplierBadDebtResource,
} from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../../platform/access/data-scope.js';
import { staffUsers } from '../../../platform/access/schema.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import type { Tx } from '../../../platform/db/index.js';
import { appendRecordEvents } from '../../../platform/history/service.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { bindResource } from '../../../platform/resource/index.js';
import { runCommand } from '../../approval/index.js';
import { supplierFieldSql } from '../../srm/index.js';
import { financeScope } from '../accounts.js';
import { pgError } from '../ledger.js';
import { startSupplier } from './applications.js';
import { supplierAccountOwnerSql } from './resources.js';
import { finSupplierAccounts, finSupplierApplications } from './schema.js';

/** the bad-debt list's history entity (decision 0125) */
export const BAD_DEBT_ENTITY = supplierBadDebtResource.key;
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/**
 * Hands a supplier account's balance (what the supplier owes us) to bad debt: a supplier `write_off`
 * application through the supplier-money approval (decision 0125). The account is locked while it is
 * checked, so two applications at once cannot both pass: one open application per account (a partial
 * unique index besides), the amount at most the balance. Nothing is written off until it is approved.
 */
export async function applyBadDebt(p: Platform, auth: AuthContext, body: SupplierBadDebtApply) {
  try {
    return await runCommand(p, async (tx, out) => {
      const a = finSupplierAccounts;
      const [acc] = await tx
        .select({ id: a.id, code: a.code, balance: a.balance, currency: a.currency })
        .from(a)
        .where(and(eq(a.id, body.supplierAccountId), dataScopeWhere(financeScope(auth), supplierAccountOwnerSql)))
        .for('update');
      if (!acc) throw new AppError('FIN_SUPPLIER_BAD_DEBT_NO_ACCOUNT', { vars: { value: body.supplierAccountId } });
      const [open] = await tx
        .select({ id: finSupplierApplications.id })
        .from(finSupplierApplications)
        .where(openWriteOff(acc.id));
      if (open) throw new AppError('FIN_SUPPLIER_BAD_DEBT_OPEN', { vars: { value: acc.code } });
      if (body.amount > acc.balance)
        throw new AppError('FIN_SUPPLIER_BAD_DEBT_OVER_BALANCE', {
          vars: { value: money(Math.max(acc.balance, 0), acc.currency) },
        });
      const started = await startSupplier(
        tx,
        out,
        auth,
        { supplierAccountId: acc.id, kind: 'write_off', amount: body.amount, reason: body.reason },
        out.now,
      );
      await appendRecordEvents(
        tx,
        [{ entity: BAD_DEBT_ENTITY, recordId: started.id, actorId: auth.userId, kind: 'created' }],
        out.now,
      );
      return started;
    });
  } catch (err) {
    const pg = pgError(err);
    if (pg.code === '23505' && pg.constraint === 'fin_supplier_applications_write_off_open_uq')
      throw new AppError('FIN_SUPPLIER_BAD_DEBT_OPEN', { vars: { value: body.supplierAccountId } });
    throw err;
  }
}

const openWriteOff = (accountId: number) =>
  and(
    eq(finSupplierApplications.supplierAccountId, accountId),
    eq(finSupplierApplications.kind, 'write_off'),
    eq(finSupplierApplications.state, 'pending'),
  );

/**
 * Before a write-off is posted, in the approval's transaction: the account, locked, must still hold
 * the amount (a cost or payment since may have used it), else the approval is refused with the balance.
 */
export async function checkWriteOff(tx: Tx, accountId: number, amount: number) {
  const [acc] = await tx
    .select({ balance: finSupplierAccounts.balance, currency: finSupplierAccounts.currency })
    .from(finSupplierAccounts)
    .where(eq(finSupplierAccounts.id, accountId))
    .for('update');
  if (!acc || acc.balance < amount)
    throw new AppError('FIN_SUPPLIER_BAD_DEBT_BALANCE_GONE', {
      vars: { value: money(acc?.balance ?? 0, acc?.currency ?? '') },
    });
}

/** A bad-debt application's decision in its history (the approval's transaction). */
export async function recordWriteOffState(
  tx: Tx,
  app: { id: number; kind: SupplierApplicationKind },
  state: string,
  actorId: number,
  at: Date,
) {
  if (app.kind !== 'write_off') return;
  await appendRecordEvents(
    tx,
    [
      {
        entity: BAD_DEBT_ENTITY,
        recordId: app.id,
        actorId,
        kind: 'state',
        changes: [{ field: 'state', from: 'pending', to: state }],
      },
    ],
    at,
  );
}

const account = (field: 'code' | 'supplier_id' | 'product') =>
  sql.raw(
    `(select a.${field} from fin_supplier_accounts a where a.id = "fin_supplier_applications"."supplier_account_id")`,
  );
const userName = (col: string) =>
  sql`(select u.name from ${staffUsers} u where u.id = ${sql.raw(`"fin_supplier_applications"."${col}"`)})`;

/** `supplier-control/bad-debt`: the write-off applications of every product, scoped by the supplier's owner. */
export const supplierBadDebts = bindResource(supplierBadDebtResource, {
  scopeOf: financeScope,
  table: finSupplierApplications,
  search: { keyword: finSupplierApplications.search },
  rows: eq(finSupplierApplications.kind, 'write_off'),
  columns: {
    code: finSupplierApplications.code,
    state: finSupplierApplications.state,
    supplierAccountId: finSupplierApplications.supplierAccountId,
    accountCode: account('code'),
    supplierId: account('supplier_id'),
    supplierName: supplierFieldSql(account('supplier_id'), 'name'),
    ownerId: supplierFieldSql(account('supplier_id'), 'owner_id'),
    product: account('product'),
    amount: finSupplierApplications.amount,
    currency: finSupplierApplications.currency,
    reason: finSupplierApplications.reason,
    reference: finSupplierApplications.reference,
    instanceId: finSupplierApplications.instanceId,
    applicantName: userName('applicant_id'),
    deciderName: userName('decider_id'),
    balanceAfter: sql`(select e.balance_after from fin_supplier_entries e where e.id = "fin_supplier_applications"."entry_id")`,
    createdAt: finSupplierApplications.createdAt,
    decidedAt: finSupplierApplications.decidedAt,
  },
});
